import type { ListedMailtoLink } from '@mailtokit/contracts/links';
import { useQuery } from '@tanstack/react-query';
import { ArchiveIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { usePremiumPrompt } from '@/components/premium-prompt';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage, isPremiumRequiredError } from '@/lib/errors';
import { trackingLinksQueryOptions } from '@/lib/links/get-tracking-links';
import { toast } from '@/lib/toast';
import { UNDO_TOAST_MS, useArchiveWithUndo } from '../api/archive-link';
import { useDeleteWithUndo } from '../api/delete-link';
import { shortTrackingUrl } from '../lib/format';

export const DELETE_PREMIUM_MESSAGE =
  'Managing links requires a premium subscription. Please upgrade your account to access this feature.';
export const DELETE_FAILED_MESSAGE = 'Failed to delete the link. Please try again.';

export interface DeleteLinkButtonProps {
  link: ListedMailtoLink;
  /** Opened from outside (the row's menu): open state and its setter. */
  control: { open: boolean; onOpenChange: (open: boolean) => void };
}

const clicksOf = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'click' : 'clicks'}`;

/**
 * Delete, after a confirmation that says what goes with the link: its tracking links (each
 * with its clicks) stop redirecting, so Archive is offered instead; a link with clicks asks
 * for its name. The deletion waits 10 s behind an Undo toast.
 */
export function DeleteLinkButton({ link, control }: DeleteLinkButtonProps) {
  const { open, onOpenChange: setOpen } = control;
  const [typed, setTyped] = useState('');
  const nameId = useId();
  const scheduleDelete = useDeleteWithUndo();
  const archive = useArchiveWithUndo();
  const { promptUpgrade, premiumDialog } = usePremiumPrompt();
  const tracked = link.trackingLinkCount > 0;
  const tracking = useQuery({ ...trackingLinksQueryOptions(link.id), enabled: open && tracked });
  const trackingLinks = tracking.data ?? [];
  const clicks = trackingLinks.reduce((sum, t) => sum + t.clicks, 0);
  const hasClicks = link.clicks30d > 0 || clicks > 0;
  const nameTyped = typed.trim() === link.name.trim();

  const onConfirm = () => {
    setOpen(false);
    setTyped('');
    const { undo } = scheduleDelete([link.id], (failure) => {
      const error = 'error' in failure ? failure.error : undefined;
      if (isPremiumRequiredError(error)) {
        promptUpgrade(DELETE_PREMIUM_MESSAGE);
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error) || DELETE_FAILED_MESSAGE,
      });
    });
    toast({
      title: 'Link deleted',
      description: `“${link.name}” was deleted.`,
      duration: UNDO_TOAST_MS,
      action: { label: 'Undo', onClick: undo },
    });
  };

  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTyped('');
        }}
        title="Delete this link?"
        description={
          tracked
            ? `“${link.name}” and its tracking links will be deleted. Their addresses will answer “not found”, printed QR codes and sent emails included, and their clicks will be lost.`
            : `“${link.name}” will be deleted.`
        }
        confirmLabel="Delete"
        destructive
        confirmDisabled={(tracked && tracking.isPending) || (hasClicks && !nameTyped)}
        extraAction={
          tracked && link.archivedAt === null ? (
            <Button
              variant="outline"
              disabled={archive.pending}
              onClick={() => {
                void archive.run([link], true).then((done) => {
                  if (done) setOpen(false);
                });
              }}
            >
              <ArchiveIcon aria-hidden="true" />
              Archive instead
            </Button>
          ) : null
        }
        onConfirm={onConfirm}
      >
        {tracked ? (
          <div className="grid gap-3 text-sm">
            <ul
              aria-label="Tracking links that will stop working"
              className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2"
              data-testid="delete-tracking-links"
            >
              {tracking.isPending ? (
                <li className="text-muted-foreground">Loading tracking links…</li>
              ) : (
                trackingLinks.map((t) => (
                  <li key={t.id} className="flex min-w-0 items-baseline justify-between gap-3">
                    <span className="min-w-0 truncate" title={t.trackingUrl}>
                      {t.label ? `${t.label} · ` : ''}
                      <span className="font-mono text-xs">{shortTrackingUrl(t.trackingUrl)}</span>
                    </span>
                    <span className="shrink-0 tabular-nums">{clicksOf(t.clicks)}</span>
                  </li>
                ))
              )}
            </ul>
            {link.archivedAt === null ? (
              <p className="text-muted-foreground">
                Archive keeps them redirecting and counting, out of your list.
              </p>
            ) : null}
          </div>
        ) : null}
        {hasClicks ? (
          <div className="grid gap-1.5 text-sm">
            <label htmlFor={nameId}>
              Type <span className="font-semibold [overflow-wrap:anywhere]">{link.name}</span> to
              delete it
            </label>
            <Input
              id={nameId}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        ) : null}
      </ConfirmDialog>
      {premiumDialog}
    </>
  );
}
