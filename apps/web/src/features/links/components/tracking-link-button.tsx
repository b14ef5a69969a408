import type { MailtoLink } from '@mailtokit/contracts/links';
import { TRACKING_MESSAGES } from '@mailtokit/contracts/tracking-messages';
import { RadarIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { usePremiumPrompt } from '@/components/premium-prompt';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { copyText } from '@/lib/clipboard';
import { errorMessage, isPremiumRequiredError } from '@/lib/errors';
import { useCreateTrackingLink } from '@/lib/links/create-tracking-link';
import { toast } from '@/lib/toast';

/** The tracking toasts and the premium message. */
export const TRACKING_COPIED = {
  title: TRACKING_MESSAGES.created,
  description: 'The tracking link has been copied to your clipboard',
} as const;
export const TRACKING_PREMIUM_MESSAGE =
  'Tracking links requires a premium subscription. Please upgrade your account to access this feature.';
export const TRACKING_FAILED_MESSAGE = 'Failed to create tracking link. Please try again.';

const TrackingUrlDialog = lazy(() =>
  import('./tracking-url-dialog').then((m) => ({ default: m.TrackingUrlDialog })),
);

/**
 * Creating a tracking link for one saved link: creates a `/t/<slug>` address, copies it and
 * says so. If the clipboard refuses, the address is shown to copy by hand.
 * `dialogs` must be rendered by the caller (outside any menu, so they outlive it).
 */
export function useCreateTrackingLinkAction(link: MailtoLink) {
  const create = useCreateTrackingLink(link.id);
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const { promptUpgrade, premiumDialog } = usePremiumPrompt();

  const onClick = () => {
    if (create.isPending) return;
    create.mutate(
      {},
      {
        onSuccess: async (tracking) => {
          try {
            await copyText(tracking.trackingUrl);
            toast(TRACKING_COPIED);
          } catch {
            setManualUrl(tracking.trackingUrl);
          }
        },
        onError: (error) => {
          if (isPremiumRequiredError(error)) {
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

  const dialogs = (
    <>
      {manualUrl !== null ? (
        <Suspense fallback={null}>
          <TrackingUrlDialog url={manualUrl} onClose={() => setManualUrl(null)} />
        </Suspense>
      ) : null}
      {premiumDialog}
    </>
  );
  return { create: onClick, pending: create.isPending, dialogs };
}

/** 'Create tracking link' as a button of a link's row. */
export function TrackingLinkButton({ link }: { link: MailtoLink }) {
  const action = useCreateTrackingLinkAction(link);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Create tracking link"
        aria-busy={action.pending || undefined}
        onClick={action.create}
      >
        {action.pending ? <Spinner /> : <RadarIcon aria-hidden="true" />}
        <span className="hidden lg:inline">Create tracking link</span>
      </Button>
      {action.dialogs}
    </>
  );
}
