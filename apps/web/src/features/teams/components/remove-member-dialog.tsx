import type { TeamMember } from '@mailtokit/contracts/teams';
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

  const confirm = (event: MouseEvent) => {
    event.preventDefault();
    if (!member) return;
    removeMember.mutate(
      { userId: member.userId },
      {
        onSuccess: () =>
          toast({
            title: 'Member removed',
            description: `${member.user.username} has been removed from ${teamName}.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            description: teamActionMessage(error, TEAM_ERRORS.removeMember),
          }),
        onSettled: () => onOpenChange(false),
      },
    );
  };

  return (
    <AlertDialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!removeMember.isPending) onOpenChange(open);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            Remove {username} from {teamName}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            They lose access to the team and its shared links at once. Links they shared with the
            team become their private links.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={removeMember.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive disabled={removeMember.isPending} onClick={confirm}>
            {removeMember.isPending ? (
              <>
                <Spinner />
                Removing...
              </>
            ) : (
              'Remove Member'
            )}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
