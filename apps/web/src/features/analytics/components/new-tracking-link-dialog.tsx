import { TRACKING_LABEL_MAX, type TrackingLink } from '@mailtokit/contracts/tracking';
import { opensPageInsteadOfRedirect } from '@mailtokit/contracts/tracking-redirect';
import { PlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LongLinkNote } from '@/components/long-link-note';
import { usePremiumPrompt } from '@/components/premium-prompt';
import { Button, type ButtonProps } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { copyText } from '@/lib/clipboard';
import { errorMessage, isPremiumRequiredError } from '@/lib/errors';
import { useCreateTrackingLink } from '@/lib/links/create-tracking-link';
import { useLink } from '@/lib/links/get-link';
import { toast } from '@/lib/toast';
import {
  TRACKING_COPIED,
  TRACKING_CREATED_NOT_COPIED,
  TRACKING_FAILED_MESSAGE,
  TRACKING_PREMIUM_MESSAGE,
  TRACKING_URL_COPIED,
} from '../lib/messages';

export interface NewTrackingLinkDialogProps {
  linkId: number;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * 'New tracking link' with an optional label. The new address is copied to the clipboard
 * and stays on screen in the dialog, so it can be copied by hand if the clipboard refused.
 */
export function NewTrackingLinkDialog({
  linkId,
  size = 'default',
  variant = 'default',
}: NewTrackingLinkDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<TrackingLink | null>(null);
  const create = useCreateTrackingLink(linkId);
  const { promptUpgrade, premiumDialog } = usePremiumPrompt();
  // The page that shows this dialog has the link loaded already: this reads the same cache entry.
  const link = useLink(linkId);
  const longLink = link.data ? opensPageInsteadOfRedirect(link.data.mailtoUrl) : false;

  const tooLong = label.trim().length > TRACKING_LABEL_MAX;

  const onOpenChange = (next: boolean) => {
    if (create.isPending) return;
    setOpen(next);
    if (!next) {
      setLabel('');
      setCreated(null);
      create.reset();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    create.mutate(
      { label: label.trim() || null },
      {
        onSuccess: async (tracking) => {
          setCreated(tracking);
          try {
            await copyText(tracking.trackingUrl);
            toast(TRACKING_COPIED);
          } catch {
            toast(TRACKING_CREATED_NOT_COPIED);
          }
        },
        onError: (error) => {
          if (isPremiumRequiredError(error)) {
            setOpen(false);
            promptUpgrade(TRACKING_PREMIUM_MESSAGE);
            return;
          }
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error) || TRACKING_FAILED_MESSAGE,
          });
        },
      },
    );
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogTrigger asChild>
          <Button size={size} variant={variant}>
            <PlusIcon aria-hidden="true" />
            New tracking link
          </Button>
        </DialogTrigger>
        <DialogContent>
          {created ? (
            <>
              <DialogHeader>
                <DialogTitle>Tracking link created</DialogTitle>
                <DialogDescription>
                  Share this address instead of the mailto link: each click is counted, then the
                  visitor&apos;s mail app opens with your message.
                </DialogDescription>
              </DialogHeader>
              <CopyField
                value={created.trackingUrl}
                label="Tracking link"
                copiedMessage={TRACKING_URL_COPIED}
              />
              {longLink ? <LongLinkNote /> : null}
              <DialogFooter>
                <Button onClick={() => onOpenChange(false)}>Done</Button>
              </DialogFooter>
            </>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <DialogHeader>
                <DialogTitle>New tracking link</DialogTitle>
                <DialogDescription>
                  A short address that counts each click and then opens the mail app. Give it a
                  label to tell where you shared it.
                </DialogDescription>
              </DialogHeader>
              {longLink ? <LongLinkNote /> : null}
              <FormField
                id={`${id}-label`}
                label="Label (optional)"
                hint="For example: November newsletter, website footer."
                error={tooLong ? `At most ${TRACKING_LABEL_MAX} characters` : undefined}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={label}
                    maxLength={TRACKING_LABEL_MAX + 20}
                    onChange={(event) => setLabel(event.target.value)}
                    autoComplete="off"
                  />
                )}
              </FormField>
              <DialogFooter>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => onOpenChange(false)}
                  disabled={create.isPending}
                >
                  Cancel
                </Button>
                <Button type="submit" disabled={create.isPending || tooLong}>
                  {create.isPending ? <Spinner /> : null}
                  {create.isPending ? 'Creating...' : 'Create tracking link'}
                </Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
      {premiumDialog}
    </>
  );
}
