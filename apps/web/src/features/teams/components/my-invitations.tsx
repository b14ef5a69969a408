import type { Invitation } from '@mailtokit/contracts/invitations';
import { CheckIcon, MailOpenIcon, XIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useMyInvitations } from '../api/get-my-invitations';
import { useAcceptInvitation, useDeclineInvitation } from '../api/respond-to-invitation';
import { TEAM_ERRORS, teamActionMessage } from '../lib/errors';
import { formatDate } from '../lib/roles';
import { TeamRoleBadge } from './team-role-badge';

/**
 * The Teams tab, on top: the caller's pending invitations with Accept and Decline. Nothing
 * at all when there are none (or while they load).
 */
export function MyInvitations() {
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const navigate = useNavigate();
  const busy = accept.isPending || decline.isPending;

  if (!invitations.data || invitations.data.length === 0) return null;

  const onAccept = (invitation: Invitation) =>
    accept.mutate(invitation.id, {
      onSuccess: () => {
        toast({ title: `You joined ${invitation.teamName}` });
        void navigate(`/teams/${invitation.teamId}`);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          description: teamActionMessage(error, TEAM_ERRORS.answerInvitation),
        }),
    });
  const onDecline = (invitation: Invitation) =>
    decline.mutate(invitation.id, {
      onSuccess: () => toast({ title: 'Invitation declined', description: invitation.teamName }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          description: teamActionMessage(error, TEAM_ERRORS.answerInvitation),
        }),
    });

  return (
    <section aria-labelledby="my-invitations-heading" className="grid gap-3">
      <h3 id="my-invitations-heading" className="text-base font-semibold tracking-tight">
        Invitations for you
      </h3>
      <ul className="grid gap-3">
        {invitations.data.map((invitation) => (
          <li key={invitation.id}>
            <Card
              data-testid="my-invitation"
              className="flex flex-col gap-3 border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center dark:bg-primary/10"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <MailOpenIcon className="size-4" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    <span className="font-semibold" title={invitation.invitedBy.username}>
                      {invitation.invitedBy.displayName}
                    </span>{' '}
                    invited you to <span className="font-semibold">{invitation.teamName}</span>
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <TeamRoleBadge role={invitation.role} />
                    <span>Expires {formatDate(invitation.expiresAt) ?? 'soon'}</span>
                  </div>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  className="flex-1 sm:flex-none"
                  disabled={busy}
                  onClick={() => onAccept(invitation)}
                  aria-label={`Accept the invitation to ${invitation.teamName}`}
                >
                  <CheckIcon aria-hidden="true" />
                  Accept
                </Button>
                <Button
                  variant="outline"
                  className="flex-1 sm:flex-none"
                  disabled={busy}
                  onClick={() => onDecline(invitation)}
                  aria-label={`Decline the invitation to ${invitation.teamName}`}
                >
                  <XIcon aria-hidden="true" />
                  Decline
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
