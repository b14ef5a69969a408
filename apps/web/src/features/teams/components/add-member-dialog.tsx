import { zodResolver } from '@hookform/resolvers/zod';
import { teamPermissions, type TeamRole } from '@mailtokit/contracts/teams';
import { useForm, useWatch } from 'react-hook-form';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { isNotFoundError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import {
  addMemberInputSchema,
  useAddMember,
  type AddMemberFormValues,
  type AddMemberInput,
} from '../api/add-member';
import { clientErrorDetail, isConflictError, TEAM_ERRORS, teamActionMessage } from '../lib/errors';
import { ROLE_HINTS, ROLE_LABELS, toRoleValue } from '../lib/roles';

const EMPTY: AddMemberFormValues = { username: '', role: 'member' };

export interface AddMemberDialogProps {
  teamId: number;
  teamName: string;
  /** The caller's role: only the owner is offered 'owner'. */
  callerRole: TeamRole;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Add Member': a username and a role (member by default). Owner and admins only. */
export function AddMemberDialog({
  teamId,
  teamName,
  callerRole,
  open,
  onOpenChange,
}: AddMemberDialogProps) {
  const addMember = useAddMember(teamId);
  const form = useForm<AddMemberFormValues, unknown, AddMemberInput>({
    resolver: zodResolver(addMemberInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  // Member first: the default, and the least surprising.
  const roles = [...teamPermissions(callerRole).grantableRoles].reverse();
  const chosen = (
    useWatch({ control: form.control, name: 'role' }) ?? 'member'
  ).toUpperCase() as TeamRole;

  const changeOpen = (next: boolean) => {
    if (addMember.isPending) return;
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    addMember.mutate(values, {
      onSuccess: (member) => {
        form.reset(EMPTY);
        onOpenChange(false);
        toast({
          title: 'Member added',
          description:
            member.role === 'OWNER'
              ? `${member.user.username} is now the owner of ${teamName}. You are an admin.`
              : `${member.user.username} joined ${teamName} as ${member.role === 'ADMIN' ? 'an admin' : 'a member'}.`,
        });
      },
      onError: (error) => {
        if (isNotFoundError(error) || isConflictError(error)) {
          // 404: no such user ("No user named 'x'"); 409: already a member, or a cap reached.
          const detail = clientErrorDetail(error);
          if (detail)
            form.setError('username', { type: 'server', message: detail }, { shouldFocus: true });
          toast({
            variant: 'destructive',
            description: isNotFoundError(error)
              ? TEAM_ERRORS.addMember
              : (detail ?? TEAM_ERRORS.addMember),
          });
          return;
        }
        if (applyServerFieldErrors(error, form.setError, ['username', 'role'])) return;
        toast({
          variant: 'destructive',
          description: teamActionMessage(error, TEAM_ERRORS.addMember),
        });
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Member</DialogTitle>
          <DialogDescription>
            Add someone to {teamName} by their MailtoKit username.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <FormField id="member-username" label="Username" error={errors.username?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('username')}
                placeholder="their-username"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </FormField>
          <FormField
            id="member-role"
            label="Role"
            error={errors.role?.message}
            hint={ROLE_HINTS[chosen] ?? undefined}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('role')}>
                {roles.map((role) => (
                  <option key={role} value={toRoleValue(role)}>
                    {role === 'OWNER' ? 'Owner (transfer ownership)' : ROLE_LABELS[role]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <DialogFormFooter
            pending={addMember.isPending}
            submitLabel="Add Member"
            pendingLabel="Adding..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
