import type { MailtoLink } from '@mailtokit/contracts/links';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { usePremiumPrompt } from '@/components/premium-prompt';
import { Button } from '@/components/ui/button';
import { errorMessage, isPremiumRequiredError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDeleteLink } from '../api/delete-link';

export const DELETE_PREMIUM_MESSAGE =
  'Managing links requires a premium subscription. Please upgrade your account to access this feature.';
export const DELETE_FAILED_MESSAGE = 'Failed to delete the link. Please try again.';

export interface DeleteLinkButtonProps {
  link: MailtoLink;
  /**
   * Controlled from outside (e.g. an overflow menu item opens it): no button of its own is
   * rendered then.
   */
  control?: { open: boolean; onOpenChange: (open: boolean) => void };
}

/** Delete, after a confirmation; the toasts and the premium flow of a refused action. */
export function DeleteLinkButton({ link, control }: DeleteLinkButtonProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = control ? control.open : ownOpen;
  const setOpen = control ? control.onOpenChange : setOwnOpen;
  const deleteLink = useDeleteLink();
  const { promptUpgrade, premiumDialog } = usePremiumPrompt();

  // The dialog stays open (with its spinner) until the server answers.
  const onConfirm = async () => {
    try {
      await deleteLink.mutateAsync(link.id);
    } catch (error) {
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
      return;
    }
    setOpen(false);
    toast({
      title: 'Link deleted',
      description: 'Your mailto link has been deleted successfully',
    });
  };

  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          control ? undefined : (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Delete link"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            >
              <Trash2Icon aria-hidden="true" />
              <span className="hidden sm:inline">Delete</span>
            </Button>
          )
        }
        title="Delete this link?"
        description={`“${link.name}” will be deleted. This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
      />
      {premiumDialog}
    </>
  );
}
