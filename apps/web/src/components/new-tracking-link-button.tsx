import { LockIcon, PlusIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { TRACKING_PREMIUM_MESSAGE } from '@/lib/links/tracking-messages';
import { usePremiumPrompt } from './premium-prompt';
import { Button, type ButtonProps } from './ui/button';

// Loaded when first opened: it brings the label form, the copy field and the link schemas.
const NewTrackingLinkDialog = lazy(() =>
  import('./new-tracking-link-dialog').then((m) => ({ default: m.NewTrackingLinkDialog })),
);

export interface NewTrackingLink {
  /** Opens the dialog, or the upgrade prompt when the user's plan has no tracking links. */
  start: () => void;
  /** The user's plan has no tracking links: show a lock on what calls `start`. */
  locked: boolean;
  /** Render once, outside any menu (so it outlives the menu). */
  dialogs: ReactNode;
}

/**
 * Making a tracking link for the saved link `linkId`, from any button or menu item: the
 * 'New tracking link' dialog, or for a plan without tracking links the upgrade prompt before
 * anything is typed. `canEdit`: the server says the user may edit the link, which without a
 * plan of their own means a team's plan covers them (a seat): then nothing is locked.
 */
export function useNewTrackingLink(
  linkId: number,
  mailtoUrl?: string,
  canEdit = false,
): NewTrackingLink {
  const { isPremium, user } = useAuth();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { promptUpgrade, premiumDialog } = usePremiumPrompt();
  // Unknown plan (still loading): let the server decide.
  const locked = user !== null && !isPremium && !canEdit;
  const start = () => {
    if (locked) {
      promptUpgrade(TRACKING_PREMIUM_MESSAGE);
      return;
    }
    setOpened(true);
    setOpen(true);
  };
  const dialogs = (
    <>
      {opened ? (
        <Suspense fallback={null}>
          <NewTrackingLinkDialog
            linkId={linkId}
            mailtoUrl={mailtoUrl}
            open={open}
            onOpenChange={setOpen}
            onPremiumRequired={promptUpgrade}
          />
        </Suspense>
      ) : null}
      {premiumDialog}
    </>
  );
  return { start, locked, dialogs };
}

export interface NewTrackingLinkButtonProps {
  linkId: number;
  mailtoUrl?: string;
  /** The link's `canEdit`, as the server answered it. */
  canEdit?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** 'New tracking link' as a button (a lock instead of the plus on a plan without them). */
export function NewTrackingLinkButton({
  linkId,
  mailtoUrl,
  canEdit,
  size = 'default',
  variant = 'default',
}: NewTrackingLinkButtonProps) {
  const tracking = useNewTrackingLink(linkId, mailtoUrl, canEdit);
  return (
    <>
      <Button size={size} variant={variant} onClick={tracking.start}>
        {tracking.locked ? <LockIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
        New tracking link
        {tracking.locked ? <span className="sr-only"> (premium plans)</span> : null}
      </Button>
      {tracking.dialogs}
    </>
  );
}
