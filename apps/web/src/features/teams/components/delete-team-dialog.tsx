import { TEAM_MESSAGES, type Team } from '@mailtokit/contracts/teams';
import { useState, type MouseEvent } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useDeleteTeam } from '../api/delete-team';
import { TEAM_ERRORS, teamActionMessage } from '../lib/errors';

export interface DeleteTeamDialogProps {
  /** The team to delete; null closes the dialog. */
  team: Pick<Team, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** The spec's confirm: 'Are you sure you want to delete this team? This action cannot be undone.' */
export function DeleteTeamDialog({ team, onOpenChange, onDeleted }: DeleteTeamDialogProps) {
  const deleteTeam = useDeleteTeam();
  // Keeps the name on screen while the dialog animates closed (team is null by then).
  const [shown, setShown] = useState(team);
  if (team && team !== shown) setShown(team);

  const confirm = (event: MouseEvent) => {
    // Stay open while the call runs; close when it is done.
    event.preventDefault();
    if (!team) return;
    deleteTeam.mutate(team.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Team deleted', description: `${team.name} has been deleted.` });
        onDeleted?.();
      },
      onError: (error) => {
        onOpenChange(false);
        toast({
          variant: 'destructive',
          description: teamActionMessage(error, TEAM_ERRORS.deleteTeam),
        });
      },
    });
  };

  return (
    <AlertDialog
      open={team !== null}
      onOpenChange={(open) => {
        if (!deleteTeam.isPending) onOpenChange(open);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {shown?.name ?? 'team'}?</AlertDialogTitle>
          <AlertDialogDescription>{TEAM_MESSAGES.deleteConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <p className="text-sm text-muted-foreground">
          Its members lose access; links shared with it become private links of their authors.
        </p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteTeam.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive disabled={deleteTeam.isPending} onClick={confirm}>
            {deleteTeam.isPending ? (
              <>
                <Spinner />
                Deleting...
              </>
            ) : (
              'Delete Team'
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
