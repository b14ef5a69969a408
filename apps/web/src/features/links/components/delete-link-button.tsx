import type { MailtoLink } from '@mailtokit/contracts/links';
import { Trash2Icon } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { usePremiumPrompt } from '@/components/premium-prompt';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isPremiumRequiredError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDeleteLink } from '../api/delete-link';

export const DELETE_PREMIUM_MESSAGE =
  'Managing links requires a premium subscription. Please upgrade your account to access this feature.';
export const DELETE_FAILED_MESSAGE = 'Failed to delete the link. Please try again.';

/** Delete, after a confirmation; the toasts and premium flow of spec section 8. */
export function DeleteLinkButton({ link }: { link: MailtoLink }) {
  const [open, setOpen] = useState(false);
  const deleteLink = useDeleteLink();
  const { promptUpgrade, premiumDialog } = usePremiumPrompt();

  const onConfirm = (event: MouseEvent) => {
    // Keep the dialog open (with its spinner) until the server answers.
    event.preventDefault();
    deleteLink.mutate(link.id, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: 'Link deleted',
          description: 'Your mailto link has been deleted successfully',
        });
      },
      onError: (error) => {
        setOpen(false);
        if (isPremiumRequiredError(error)) {
          promptUpgrade(DELETE_PREMIUM_MESSAGE);
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error) || DELETE_FAILED_MESSAGE,
        });
      },
    });
  };

  return (
    <>
      <AlertDialog open={open} onOpenChange={(next) => !deleteLink.isPending && setOpen(next)}>
        <AlertDialogTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Delete link"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2Icon aria-hidden="true" />
            <span className="hidden sm:inline">Delete</span>
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this link?</AlertDialogTitle>
            <AlertDialogDescription>
              “{link.name}” will be deleted. This action cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteLink.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={onConfirm} disabled={deleteLink.isPending}>
              {deleteLink.isPending ? <Spinner /> : null}
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {premiumDialog}
    </>
  );
}
