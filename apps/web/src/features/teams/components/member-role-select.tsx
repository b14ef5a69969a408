import type { TeamMember, TeamRole } from '@mailtokit/contracts/teams';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { useUpdateMemberRole } from '../api/update-member-role';
import { TEAM_ERRORS, teamActionMessage } from '../lib/errors';
import { ROLE_LABELS } from '../lib/roles';

const CHOICES: TeamRole[] = ['ADMIN', 'MEMBER', 'OWNER'];

/** A role change being saved. */
export interface SavingRole {
  userId: number;
  role: TeamRole;
}

export interface RoleChanges {
  saving: SavingRole | null;
  /** A change is being saved: the selectors wait. */
  busy: boolean;
  changeRole: (member: TeamMember, role: TeamRole) => void;
  transferDialog: ReactNode;
}

/**
 * Role changes of one team, for the owner: admin or member at once; owner transfers
 * ownership after a confirm (the old owner becomes an admin). Lives in the page, not in a
 * row: a transfer re-renders the table without selectors, and the toast must still show.
 * Render `transferDialog` once.
 */
export function useRoleChanges(teamId: number, teamName: string): RoleChanges {
  const updateRole = useUpdateMemberRole(teamId);
  const [saving, setSaving] = useState<SavingRole | null>(null);
  const [toTransfer, setToTransfer] = useState<TeamMember | null>(null);

  const save = (member: TeamMember, role: TeamRole) => {
    const { username } = member.user;
    setSaving({ userId: member.userId, role });
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast({
            title: 'Role updated',
            description:
              role === 'OWNER'
                ? `${username} is now the owner of ${teamName}. You are an admin.`
                : `${username} is now ${role === 'ADMIN' ? 'an admin' : 'a member'}.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            description: teamActionMessage(error, TEAM_ERRORS.updateRole),
          }),
        onSettled: () => setSaving(null),
      },
    );
  };

  const changeRole = (member: TeamMember, role: TeamRole) => {
    if (role === member.role) return;
    if (role === 'OWNER') setToTransfer(member);
    else save(member, role);
  };

  const username = toTransfer?.user.username;
  const transferDialog = (
    <ConfirmDialog
      open={toTransfer !== null}
      onOpenChange={(open) => !open && setToTransfer(null)}
      title={<>Transfer ownership to {username}?</>}
      description={
        <>
          {username} becomes the owner of {teamName}. You become an admin: you can still add people
          and remove members, but no longer change roles or delete the team.
        </>
      }
      confirmLabel="Transfer ownership"
      onConfirm={() => {
        if (toTransfer) save(toTransfer, 'OWNER');
        setToTransfer(null);
      }}
    />
  );

  return { saving, busy: updateRole.isPending, changeRole, transferDialog };
}

export interface MemberRoleSelectProps {
  member: TeamMember;
  /** The role being saved for this member, shown while the call runs. */
  saving: TeamRole | null;
  disabled: boolean;
  onChange: (role: TeamRole) => void;
}

/** The owner's inline role selector for another member. */
export function MemberRoleSelect({ member, saving, disabled, onChange }: MemberRoleSelectProps) {
  return (
    // The wrapper sets the width: NativeSelect draws its chevron at the wrapper's right edge.
    <div className="w-[7.5rem] sm:w-36">
      <NativeSelect
        aria-label={`Role of ${member.user.username}`}
        className="h-9"
        value={saving ?? member.role}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as TeamRole)}
      >
        {CHOICES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
