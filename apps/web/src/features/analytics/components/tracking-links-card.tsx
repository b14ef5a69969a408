import type { TrackingLink, TrackingOpens } from '@mailtokit/contracts/tracking';
import { RadarIcon, RotateCwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QrCodeDialog } from '@/components/qr-code-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { CopyButton } from '@/components/copy-button';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDeleteTrackingLink } from '../api/delete-tracking-link';
import { useUpdateTrackingLink } from '../api/update-tracking-link';
import { OPENS_CHANGED, OPENS_CHANGE_FAILED } from '@/lib/links/tracking-opens';
import { useTrackingLinks } from '@/lib/links/get-tracking-links';
import { formatMoment, plural } from '../lib/format';
import { TRACKING_RETIRE_FAILED, TRACKING_RETIRED, TRACKING_URL_COPIED } from '../lib/messages';
import { NewTrackingLinkButton } from '@/components/new-tracking-link-button';

function RetireTrackingLink({ tracking, linkId }: { tracking: TrackingLink; linkId: number }) {
  const [open, setOpen] = useState(false);
  const retire = useDeleteTrackingLink(linkId);
  const name = tracking.label ?? tracking.slug;

  const onConfirm = async () => {
    try {
      await retire.mutateAsync(tracking.id);
    } catch (error) {
      setOpen(false);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error) || TRACKING_RETIRE_FAILED,
      });
      return;
    }
    setOpen(false);
    toast(TRACKING_RETIRED);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete tracking link ${name}`}
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2Icon aria-hidden="true" />
          <span className="hidden sm:inline">Delete</span>
        </Button>
      }
      title="Delete this tracking link?"
      description={`${tracking.trackingUrl} will stop working: anyone who opens it sees a “not found” page. The clicks it already received stay in your analytics.`}
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
    />
  );
}

/** Short names of the ways a tracking link opens, for a row. */
const OPENS_SHORT: Record<TrackingOpens, string> = {
  direct: 'Mail app directly',
  choose: 'Visitor chooses',
};

/**
 * How a tracking link opens: a select for editors (applies at once, with a toast), plain text
 * for readers.
 */
function TrackingOpensControl({
  tracking,
  linkId,
  canEdit,
}: {
  tracking: TrackingLink;
  linkId: number;
  canEdit: boolean;
}) {
  const update = useUpdateTrackingLink(linkId);
  const name = tracking.label ?? tracking.slug;
  if (!canEdit)
    return (
      <p className="mt-0.5 text-xs text-muted-foreground">Opens: {OPENS_SHORT[tracking.opens]}</p>
    );
  const value = update.isPending ? update.variables.opens : tracking.opens;
  return (
    <label className="mt-1.5 flex items-center gap-2 text-xs text-muted-foreground">
      <span aria-hidden="true">Opens</span>
      <NativeSelect
        aria-label={`How tracking link ${name} opens`}
        value={value}
        className="h-8 w-auto py-1 pr-8 pl-2 text-xs sm:text-xs"
        onChange={(event) => {
          const opens = event.target.value as TrackingOpens;
          if (update.isPending || opens === tracking.opens) return;
          update.mutate(
            { id: tracking.id, opens },
            {
              onSuccess: (updated) => toast(OPENS_CHANGED[updated.opens]),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  description: errorMessage(error) || OPENS_CHANGE_FAILED,
                }),
            },
          );
        }}
      >
        {(Object.keys(OPENS_SHORT) as TrackingOpens[]).map((opens) => (
          <option key={opens} value={opens}>
            {OPENS_SHORT[opens]}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}

export interface TrackingLinksCardProps {
  linkId: number;
  /** The link's mailto: URL, once loaded. */
  mailtoUrl?: string;
  /** Editors of the link may create and delete its tracking links. */
  canEdit: boolean;
}

/** The link's tracking links: address, label, clicks so far, copy, QR code and delete. */
export function TrackingLinksCard({ linkId, mailtoUrl, canEdit }: TrackingLinksCardProps) {
  const list = useTrackingLinks(linkId);

  return (
    <Card aria-labelledby="tracking-links-title" role="region" data-testid="tracking-links">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2" id="tracking-links-title">
            Tracking links
          </CardTitle>
          <CardDescription>
            Share these addresses instead of the mailto link: each click is counted, then the
            visitor&apos;s mail app opens, or a page lets the visitor choose how to write.
          </CardDescription>
        </div>
        {canEdit ? (
          <NewTrackingLinkButton
            linkId={linkId}
            mailtoUrl={mailtoUrl}
            canEdit={canEdit}
            size="sm"
            variant="outline"
          />
        ) : null}
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6 sm:pb-6">
        {list.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading tracking links…</span>
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <p role="alert">Failed to load the tracking links. Please try again later.</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void list.refetch()}
              disabled={list.isFetching}
            >
              <RotateCwIcon aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No tracking links yet.
          </p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {list.data.map((tracking) => (
              <li
                key={tracking.id}
                data-testid="tracking-link"
                className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-4"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex min-w-0 items-center gap-2">
                    {tracking.label ? (
                      <span className="truncate text-sm font-medium">{tracking.label}</span>
                    ) : (
                      <span className="text-sm text-muted-foreground italic">No label</span>
                    )}
                    <Badge variant="soft" className="tabular-nums">
                      {plural(tracking.clicks, 'click')}
                    </Badge>
                  </div>
                  <p
                    className="mt-0.5 truncate font-mono text-[13px] text-muted-foreground"
                    data-testid="tracking-url"
                  >
                    {tracking.trackingUrl}
                  </p>
                  <p className="mt-0.5 text-xs text-muted-foreground">
                    Created {formatMoment(tracking.createdAt, 'recently')}
                  </p>
                  <TrackingOpensControl tracking={tracking} linkId={linkId} canEdit={canEdit} />
                </div>
                <div className="-mx-1 flex shrink-0 items-center gap-1">
                  <CopyButton
                    value={tracking.trackingUrl}
                    messages={TRACKING_URL_COPIED}
                    variant="ghost"
                    size="sm"
                    aria-label={`Copy tracking link ${tracking.label ?? tracking.slug}`}
                    labelClassName="hidden sm:inline"
                  />
                  <QrCodeDialog
                    text={tracking.scanUrl}
                    label={`tracking link ${tracking.label ?? tracking.slug}`}
                    fileName={`tracking-${tracking.slug}`}
                    description="Print it on a flyer or a poster: each scan counts as a click of this tracking link, shown as a QR code scan in the analytics."
                  />
                  {canEdit ? <RetireTrackingLink tracking={tracking} linkId={linkId} /> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.isSuccess && list.data.length > 0 ? (
          <p className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground">
            <RadarIcon className="size-3.5" aria-hidden="true" />
            Click counts are all-time human clicks; bots, previews, mail scanners and repeats are
            left out.
          </p>
        ) : null}
      </div>
    </Card>
  );
}
