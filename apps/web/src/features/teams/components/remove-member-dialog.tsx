import type { TeamMember } from '@mailtokit/contracts/teams';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/lib/toast';
import { useRemoveMember } from '../api/remove-member';
import { TEAM_ERRORS, teamActionMessage } from '../lib/errors';

export interface RemoveMemberDialogProps {
  teamId: number;
  teamName: string;
  /** The member to remove; null closes the dialog. */
  member: TeamMember | null;
  onOpenChange: (open: boolean) => void;
}

/** Confirms removing a member; their links shared with the team become private again. */
export function RemoveMemberDialog({
  teamId,
  teamName,
  member,
  onOpenChange,
}: RemoveMemberDialogProps) {
  const removeMember = useRemoveMember(teamId);
  // Keeps the name on screen while the dialog animates closed.
  const [shown, setShown] = useState(member);
  if (member && member !== shown) setShown(member);
  const username = shown?.user.username ?? 'this member';

  const confirm = async () => {
    if (!member) return;
    try {
      await removeMember.mutateAsync({ userId: member.userId });
    } catch (error) {
      toast({
        variant: 'destructive',
        description: teamActionMessage(error, TEAM_ERRORS.removeMember),
      });
      onOpenChange(false);
      return;
    }
    toast({
      title: 'Member removed',
      description: `${member.user.username} has been removed from ${teamName}.`,
    });
    onOpenChange(false);
  };

  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title={`Remove ${username} from ${teamName}?`}
      description="They lose access to the team and its shared links at once. Links they shared with the team become their private links."
      confirmLabel="Remove member"
      pendingLabel="Removing..."
      destructive
      onConfirm={confirm}
    />
  );
}
