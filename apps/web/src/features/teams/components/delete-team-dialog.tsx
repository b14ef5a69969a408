import { TEAM_MESSAGES, type Team } from '@mailtokit/contracts/teams';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/lib/toast';
import { useDeleteTeam } from '../api/delete-team';
import { TEAM_ERRORS, teamActionMessage } from '../lib/errors';

export interface DeleteTeamDialogProps {
  /** The team to delete; null closes the dialog. */
  team: Pick<Team, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** Asks 'Are you sure you want to delete this team? This action cannot be undone.' before deleting. */
export function DeleteTeamDialog({ team, onOpenChange, onDeleted }: DeleteTeamDialogProps) {
  const deleteTeam = useDeleteTeam();
  // Keeps the name on screen while the dialog animates closed (team is null by then).
  const [shown, setShown] = useState(team);
  if (team && team !== shown) setShown(team);

  // The dialog stays open while the call runs; it closes when it is done.
  const confirm = async () => {
    if (!team) return;
    try {
      await deleteTeam.mutateAsync(team.id);
    } catch (error) {
      onOpenChange(false);
      toast({
        variant: 'destructive',
        description: teamActionMessage(error, TEAM_ERRORS.deleteTeam),
      });
      return;
    }
    onOpenChange(false);
    toast({ title: 'Team deleted', description: `${team.name} has been deleted.` });
    onDeleted?.();
  };

  return (
    <ConfirmDialog
      open={team !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${shown?.name ?? 'team'}?`}
      description={TEAM_MESSAGES.deleteConfirm}
      confirmLabel="Delete team"
      pendingLabel="Deleting..."
      destructive
      onConfirm={confirm}
    >
      <p className="text-sm text-muted-foreground">
        Its members lose access; links shared with it become private links of their authors.
      </p>
    </ConfirmDialog>
  );
}
