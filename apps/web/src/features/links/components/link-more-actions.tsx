import type { ListedMailtoLink } from '@mailtokit/contracts/links';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  ChartNoAxesColumnIcon,
  CopyIcon,
  LockIcon,
  PencilIcon,
  RadarIcon,
  SendIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNewTrackingLink } from '@/components/new-tracking-link-button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { copyText, COPY_FAILURE, type CopyMessages } from '@/lib/clipboard';
import { useTrackingLinks } from '@/lib/links/get-tracking-links';
import { toast } from '@/lib/toast';
import { useArchiveWithUndo } from '../api/archive-link';
import { COPY_TRACKING_SUCCESS, COPY_UNTRACKED_SUCCESS, shortTrackingUrl } from '../lib/format';
import { DeleteLinkButton } from './delete-link-button';
import { MoreActionsButton } from './more-actions-button';

/** Other tracking links a row's menu offers to copy; the rest are on the analytics page. */
const OTHER_TRACKING_LINKS_SHOWN = 5;

async function copyWithToast(text: string, success: CopyMessages) {
  try {
    await copyText(text);
    toast(success);
  } catch {
    toast({ variant: 'destructive', ...COPY_FAILURE });
  }
}

/**
 * The link's tracking links other than the newest (the row's Copy copies that one), read when
 * the menu first opens; only when there are any.
 */
function OtherTrackingLinks({ link }: { link: ListedMailtoLink }) {
  const { data } = useTrackingLinks(link.id);
  const others = (data ?? []).filter((t) => t.trackingUrl !== link.trackingUrl);
  if (others.length === 0) return null;
  return (
    <>
      <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
        Other tracking links
      </DropdownMenuLabel>
      {others.slice(0, OTHER_TRACKING_LINKS_SHOWN).map((t) => (
        <DropdownMenuItem
          key={t.id}
          onSelect={() => void copyWithToast(t.trackingUrl, COPY_TRACKING_SUCCESS)}
          title={t.trackingUrl}
        >
          <CopyIcon aria-hidden="true" />
          <span className="min-w-0 truncate">
            Copy {t.label ?? <span className="font-mono">{shortTrackingUrl(t.trackingUrl)}</span>}
          </span>
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
    </>
  );
}

/**
 * A row's other actions: copy the other tracking links and the untracked `mailto:` link (when
 * the row's Copy copies a tracking link), test, edit, new tracking link, analytics, archive (or
 * restore), delete, in
 * one menu loaded on first use and open at once. The dialogs they open live outside the menu,
 * which closes first.
 */
export function MoreActions({ link }: { link: ListedMailtoLink }) {
  const navigate = useNavigate();
  const tracking = useNewTrackingLink(link.id, link.mailtoUrl, link.canEdit);
  const [deleting, setDeleting] = useState(false);
  const archive = useArchiveWithUndo();
  const archived = link.archivedAt !== null;
  return (
    <>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <MoreActionsButton link={link} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-72">
          {link.trackingLinkCount > 1 ? <OtherTrackingLinks link={link} /> : null}
          {link.trackingUrl ? (
            <DropdownMenuItem
              onSelect={() => void copyWithToast(link.mailtoUrl, COPY_UNTRACKED_SUCCESS)}
            >
              <CopyIcon aria-hidden="true" />
              Copy mailto (not tracked)
            </DropdownMenuItem>
          ) : null}
          {link.trackingUrl ? <DropdownMenuSeparator /> : null}
          <DropdownMenuItem onSelect={() => window.open(link.mailtoUrl)}>
            <SendIcon aria-hidden="true" />
            Test link
          </DropdownMenuItem>
          {link.canEdit ? (
            <DropdownMenuItem onSelect={() => void navigate(`/dashboard/edit-link/${link.id}`)}>
              <PencilIcon aria-hidden="true" />
              Edit
            </DropdownMenuItem>
          ) : null}
          {link.canEdit ? (
            <DropdownMenuItem onSelect={tracking.start}>
              {tracking.locked ? <LockIcon aria-hidden="true" /> : <RadarIcon aria-hidden="true" />}
              New tracking link
              {tracking.locked ? (
                <span className="ml-auto text-xs text-muted-foreground">Premium</span>
              ) : null}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => void navigate(`/dashboard/analytics/${link.id}`)}>
            <ChartNoAxesColumnIcon aria-hidden="true" />
            View analytics
          </DropdownMenuItem>
          {link.canEdit ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void archive.run([link], !archived)}>
                {archived ? (
                  <ArchiveRestoreIcon aria-hidden="true" />
                ) : (
                  <ArchiveIcon aria-hidden="true" />
                )}
                {archived ? 'Restore' : 'Archive'}
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
                <Trash2Icon aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {tracking.dialogs}
      {link.canEdit ? (
        <DeleteLinkButton link={link} control={{ open: deleting, onOpenChange: setDeleting }} />
      ) : null}
    </>
  );
}
