import type { Invitation } from '@mailtokit/contracts/invitations';
import { MailIcon, UserIcon, XIcon } from 'lucide-react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { useTeamInvitations } from '../api/get-team-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { TEAM_ERRORS, teamActionMessage } from '../lib/errors';
import { formatDate } from '../lib/roles';
import { TeamRoleBadge } from './team-role-badge';

/** Who was invited, exactly as typed: a username or an address. */
const inviteeOf = (i: Invitation) => i.username ?? i.email ?? '';

/**
 * Team detail, owner and admins: the pending invitations under the members, each with who
 * (as the inviter typed it), the role, who invited and when it expires, and Revoke.
 */
export function PendingInvitations({ teamId }: { teamId: number }) {
  const invitations = useTeamInvitations(teamId, { enabled: true });
  const revoke = useRevokeInvitation(teamId);

  const onRevoke = (invitation: Invitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        toast({
          title: 'Invitation revoked',
          description: `${inviteeOf(invitation)} can no longer join with it.`,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          description: teamActionMessage(error, TEAM_ERRORS.revokeInvitation),
        }),
    });

  let body;
  if (invitations.isPending)
    body = (
      <div role="status" aria-label="Loading invitations" className="grid gap-2 p-4 sm:px-6">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
    );
  else if (invitations.isError)
    body = (
      <div className="p-4 sm:p-6">
        <LoadErrorAlert
          title="Error"
          message={TEAM_ERRORS.loadInvitations}
          retrying={invitations.isFetching}
          onRetry={() => void invitations.refetch()}
        />
      </div>
    );
  else if (invitations.data.length === 0)
    body = (
      <p className="px-4 py-4 text-sm text-muted-foreground sm:px-6">No pending invitations.</p>
    );
  else
    body = (
      <ul aria-label="Pending invitations" className="divide-y">
        {invitations.data.map((invitation) => {
          const who = inviteeOf(invitation);
          const Icon = invitation.email ? MailIcon : UserIcon;
          return (
            <li
              key={invitation.id}
              data-testid="team-invitation-row"
              className="flex items-center gap-3 px-4 py-3 sm:px-6"
            >
              <span className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground sm:flex">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={who}>
                  {who}
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  Invited by {invitation.invitedBy.displayName} · expires{' '}
                  {formatDate(invitation.expiresAt) ?? 'soon'}
                </p>
              </div>
              <TeamRoleBadge role={invitation.role} />
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive max-sm:size-9 max-sm:px-0"
                aria-label={`Revoke the invitation of ${who}`}
                disabled={revoke.isPending && revoke.variables === invitation.id}
                onClick={() => onRevoke(invitation)}
              >
                <XIcon aria-hidden="true" />
                <span className="max-sm:sr-only">Revoke</span>
              </Button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2">Pending invitations</CardTitle>
        <CardDescription>
          People invited who have not answered yet. They join only by accepting; until then the team
          sees only the username or address you typed.
        </CardDescription>
      </CardHeader>
      <div className="border-t">{body}</div>
    </Card>
  );
}
