import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
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

  const confirm = (event: MouseEvent) => {
    event.preventDefault();
    removeMember.mutate(
      { userId, leaving: true },
      {
        onSuccess: () => {
          toast({ title: 'Left team', description: `You are no longer a member of ${teamName}.` });
          void navigate('/dashboard?tab=teams');
        },
        onError: (error) => {
          onOpenChange(false);
          toast({
            variant: 'destructive',
            description: teamActionMessage(error, TEAM_ERRORS.leaveTeam),
          });
        },
      },
    );
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!removeMember.isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave {teamName}?</AlertDialogTitle>
          <AlertDialogDescription>
            You lose access to the team and the links shared with it. Links you shared with the team
            become your private links. To rejoin, ask an owner or admin to add you again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={removeMember.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive disabled={removeMember.isPending} onClick={confirm}>
            {removeMember.isPending ? (
              <>
                <Spinner />
                Leaving...
              </>
            ) : (
              'Leave Team'
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
