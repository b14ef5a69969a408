import {
  TRACKING_LABEL_MAX,
  type TrackingLink,
  type TrackingOpens,
} from '@mailtokit/contracts/tracking';
import { opensPageInsteadOfRedirect } from '@mailtokit/contracts/tracking-redirect';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { copyText } from '@/lib/clipboard';
import { errorMessage, isPremiumRequiredError } from '@/lib/errors';
import { useCreateTrackingLink } from '@/lib/links/create-tracking-link';
import { linkQueryOptions } from '@/lib/links/get-link';
import { OPENS_CHOICES } from '@/lib/links/tracking-opens';
import { useAccountSettings } from '@/lib/settings/account-settings';
import {
  TRACKING_COPIED,
  TRACKING_CREATED_NOT_COPIED,
  TRACKING_FAILED_MESSAGE,
  TRACKING_PREMIUM_MESSAGE,
  TRACKING_URL_COPIED,
} from '@/lib/links/tracking-messages';
import { toast } from '@/lib/toast';
import { LongLinkNote } from './long-link-note';
import { QrCodeDialog } from './qr-code-dialog';
import { Button } from './ui/button';
import { CopyField } from './ui/copy-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';
import { Spinner } from './ui/spinner';

export interface NewTrackingLinkDialogProps {
  /** The saved link the tracking link redirects to. */
  linkId: number;
  /** Its mailto: URL when the caller has it (else the link is read, from the cache if there). */
  mailtoUrl?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when the server refuses for want of a premium plan (the dialog closes first). */
  onPremiumRequired: (message: string) => void;
}

/**
 * 'New tracking link', the one dialog that makes tracking links (links tab and analytics
 * page): an optional label first, nothing made until the user confirms; then the new address
 * with Copy and a QR code. The address is also copied at once when the browser allows it.
 */
export function NewTrackingLinkDialog({
  linkId,
  mailtoUrl,
  open,
  onOpenChange,
  onPremiumRequired,
}: NewTrackingLinkDialogProps) {
  const id = useId();
  const [label, setLabel] = useState('');
  // null until the user picks: the account's default (Settings), `direct` while it loads.
  const [picked, setPicked] = useState<TrackingOpens | null>(null);
  const defaults = useAccountSettings(open);
  const opens = picked ?? defaults.data?.trackingOpens ?? 'direct';
  const [created, setCreated] = useState<TrackingLink | null>(null);
  const create = useCreateTrackingLink(linkId);
  const link = useQuery({ ...linkQueryOptions(linkId), enabled: open && mailtoUrl === undefined });
  const url = mailtoUrl ?? link.data?.mailtoUrl;
  const longLink = url ? opensPageInsteadOfRedirect(url) : false;
  const tooLong = label.trim().length > TRACKING_LABEL_MAX;

  const change = (next: boolean) => {
    if (create.isPending) return;
    onOpenChange(next);
    if (!next) {
      setLabel('');
      setPicked(null);
      setCreated(null);
      create.reset();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || create.isPending) return;
    create.mutate(
      // Not picked and the default not loaded yet: the server applies the account's default.
      { label: label.trim() || null, opens: picked ?? defaults.data?.trackingOpens },
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
            change(false);
            onPremiumRequired(TRACKING_PREMIUM_MESSAGE);
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
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Tracking link created</DialogTitle>
              <DialogDescription>
                {created.opens === 'choose'
                  ? 'Share this address instead of the mailto link: each click is counted, then the visitor chooses how to write: mail app, Gmail, Outlook.com or Yahoo Mail.'
                  : 'Share this address instead of the mailto link: each click is counted, then the visitor’s mail app opens with your message.'}
              </DialogDescription>
            </DialogHeader>
            <CopyField
              value={created.trackingUrl}
              label="Tracking link"
              copiedMessage={TRACKING_URL_COPIED}
              className="flex-col items-stretch sm:flex-row sm:items-center"
            />
            {longLink ? <LongLinkNote /> : null}
            <DialogFooter className="sm:justify-between">
              <QrCodeDialog
                text={created.scanUrl}
                label={`tracking link ${created.label ?? created.slug}`}
                fileName={`tracking-${created.slug}`}
                description="Print it on a flyer or a poster: each scan counts as a click of this tracking link, shown as a QR code scan in the analytics."
                variant="outline"
              />
              <Button onClick={() => change(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>New tracking link</DialogTitle>
              <DialogDescription>
                A short address that counts each click and then opens the mail app. Give it a label
                to tell where you shared it.
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
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">How it opens</legend>
              {OPENS_CHOICES.map((choice) => (
                <div key={choice.value} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    id={`${id}-opens-${choice.value}`}
                    name={`${id}-opens`}
                    value={choice.value}
                    checked={opens === choice.value}
                    onChange={() => setPicked(choice.value)}
                    className="mt-1"
                  />
                  <label htmlFor={`${id}-opens-${choice.value}`}>
                    <span className="font-medium">{choice.label}</span>
                    <span className="block text-muted-foreground">{choice.hint}</span>
                  </label>
                </div>
              ))}
            </fieldset>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => change(false)}
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
  );
}
