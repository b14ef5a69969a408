import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/lib/toast';
import { useRemoveMember } from '../api/remove-member';
import { TEAM_ERRORS, teamActionMessage } from '../lib/errors';

export interface LeaveTeamDialogProps {
  teamId: number;
  teamName: string;
  /** The caller's user id (leaving = removing oneself). */
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Anyone but the owner may leave; then back to the dashboard's teams tab. */
export function LeaveTeamDialog({
  teamId,
  teamName,
  userId,
  open,
  onOpenChange,
}: LeaveTeamDialogProps) {
  const removeMember = useRemoveMember(teamId);
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await removeMember.mutateAsync({ userId, leaving: true });
    } catch (error) {
      onOpenChange(false);
      toast({
        variant: 'destructive',
        description: teamActionMessage(error, TEAM_ERRORS.leaveTeam),
      });
      return;
    }
    toast({ title: 'Left team', description: `You are no longer a member of ${teamName}.` });
    void navigate('/dashboard?tab=teams');
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Leave ${teamName}?`}
      description="You lose access to the team and the links shared with it. Links you shared with the team become your private links. To rejoin, ask an owner or admin to add you again."
      confirmLabel="Leave team"
      pendingLabel="Leaving..."
      destructive
      onConfirm={confirm}
    />
  );
}
