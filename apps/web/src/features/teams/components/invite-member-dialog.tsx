import { zodResolver } from '@hookform/resolvers/zod';
import { INVITATION_MESSAGES, type Invitation } from '@mailtokit/contracts/invitations';
import { z } from '@mailtokit/contracts/zod';
import { TEAM_SEAT_MESSAGES, teamPermissions, type TeamRole } from '@mailtokit/contracts/teams';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { fieldErrors } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useInviteMember } from '../api/invite-member';
import { clientErrorDetail, isConflictError, TEAM_ERRORS, teamActionMessage } from '../lib/errors';
import { ROLE_HINTS, ROLE_LABELS, toRoleValue } from '../lib/roles';

/** One field takes either: an address has an '@', a username never does. */
const InviteForm = z.object({
  who: z.string().trim().min(1, INVITATION_MESSAGES.usernameOrEmail).max(254),
  role: z.enum(['member', 'admin']),
});
type InviteFormValues = z.input<typeof InviteForm>;

const EMPTY: InviteFormValues = { who: '', role: 'member' };

export interface InviteMemberDialogProps {
  teamId: number;
  teamName: string;
  callerRole: TeamRole;
  /** Whether the owner's Team plan covers the members (what the invitee gets depends on it). */
  planActive: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Invite member': a username or an e-mail address, and a role (member by default). Nobody
 * joins until they accept. An e-mail invitation's link is shown here once, to pass on by hand
 * when the server sends no e-mail.
 */
export function InviteMemberDialog({
  teamId,
  teamName,
  callerRole,
  planActive,
  open,
  onOpenChange,
}: InviteMemberDialogProps) {
  const invite = useInviteMember(teamId);
  const [sent, setSent] = useState<Invitation | null>(null);
  const form = useForm<InviteFormValues>({
    resolver: zodResolver(InviteForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  // Member first (the default); never owner: ownership moves only to a member.
  const roles = teamPermissions(callerRole)
    .grantableRoles.filter((r) => r !== 'OWNER')
    .reverse();
  const chosen = (useWatch({ control: form.control, name: 'role' }) ?? 'member').toUpperCase();

  const changeOpen = (next: boolean) => {
    if (invite.isPending) return;
    if (!next) {
      form.reset(EMPTY);
      setSent(null);
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    const who = values.who.trim();
    const body = who.includes('@')
      ? { email: who, role: values.role }
      : { username: who, role: values.role };
    invite.mutate(body, {
      onSuccess: (invitation) => {
        form.reset(EMPTY);
        toast({
          title: 'Invitation sent',
          description: `${invitation.username ?? invitation.email ?? who} is invited to ${teamName} as ${invitation.role === 'ADMIN' ? 'an admin' : 'a member'}. They join once they accept.`,
        });
        if (invitation.url) setSent(invitation);
        else onOpenChange(false);
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        const message =
          fields?.username ??
          fields?.email ??
          (isConflictError(error) ? clientErrorDetail(error) : undefined);
        if (message) {
          form.setError('who', { type: 'server', message }, { shouldFocus: true });
          return;
        }
        if (fields?.role) {
          form.setError('role', { type: 'server', message: fields.role });
          return;
        }
        toast({
          variant: 'destructive',
          description: teamActionMessage(error, TEAM_ERRORS.inviteMember),
        });
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        {sent?.url ? (
          <>
            <DialogHeader>
              <DialogTitle>Invitation link</DialogTitle>
              <DialogDescription>
                If {sent.email} gets no email from us, send them this link yourself. It is shown
                only now, works once, and expires in 14 days.
              </DialogDescription>
            </DialogHeader>
            <CopyField
              value={sent.url}
              label="Invitation link"
              copiedMessage={{ title: 'Invitation link copied' }}
            />
            <DialogFooter>
              <Button onClick={() => changeOpen(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Invite member</DialogTitle>
              <DialogDescription>
                Invite someone to {teamName} by their MailtoKit username or their email address.
                They join once they accept.
              </DialogDescription>
            </DialogHeader>
            <p
              className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground"
              data-testid="invitee-gets"
            >
              {planActive
                ? TEAM_SEAT_MESSAGES.inviteeGets
                : `${TEAM_SEAT_MESSAGES.planEndedTitle}: the invitee sees the team's links only with Premium of their own until the owner renews the Team plan.`}
            </p>
            <form noValidate onSubmit={onSubmit} className="grid gap-5">
              <FormField id="invite-who" label="Username or email" error={errors.who?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...form.register('who')}
                    placeholder="their-username or name@example.com"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                  />
                )}
              </FormField>
              <FormField
                id="invite-role"
                label="Role"
                error={errors.role?.message}
                hint={ROLE_HINTS[chosen as TeamRole] ?? undefined}
              >
                {(control) => (
                  <NativeSelect {...control} {...form.register('role')}>
                    {roles.map((role) => (
                      <option key={role} value={toRoleValue(role)}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <DialogFormFooter
                pending={invite.isPending}
                submitLabel="Send invitation"
                pendingLabel="Sending..."
              />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
