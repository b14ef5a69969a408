import type { ListedMailtoLink } from '@mailtokit/contracts/links';
import { ArchiveIcon, PencilIcon, RadarIcon, UsersRoundIcon } from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { CopyButton } from '@/components/copy-button';
import { MenuOnFirstUse } from '@/components/menu-on-first-use';
import { cn } from '@/lib/cn';
import { SM_UP, useMatchedOnce } from '@/lib/use-matched-once';
import {
  COPY_TRACKING_SUCCESS,
  createdLabel,
  shortTrackingUrl,
  summarizeAddresses,
  trackingLinksLabel,
} from '../lib/format';
import { LinkClicks } from './link-clicks';
import { MoreActionsButton } from './more-actions-button';
import { TagChip } from './tag-chip';

function Recipients({
  label,
  list,
  max,
  className,
}: {
  label: string;
  list: string | null;
  max: number;
  className?: string;
}) {
  const { shown, more, total } = summarizeAddresses(list, max);
  if (total === 0) return null;
  return (
    <span className={cn('min-w-0 truncate', className)} title={list ?? undefined}>
      <span className="font-medium text-foreground">{label}:</span> {shown}
      {more > 0 ? <span className="text-muted-foreground"> +{more} more</span> : null}
    </span>
  );
}

const loadMoreActions = () => import('./link-more-actions');
const MoreActionsMenu = lazy(() => loadMoreActions().then((m) => ({ default: m.MoreActions })));

function MoreActions({ link }: { link: ListedMailtoLink }) {
  return (
    <MenuOnFirstUse
      load={loadMoreActions}
      button={(triggerProps) => <MoreActionsButton link={link} {...triggerProps} />}
      menu={<MoreActionsMenu link={link} />}
    />
  );
}

export interface LinkCardProps {
  link: ListedMailtoLink;
  /** The list shows one team's links only: the team badge would say the same on every row. */
  hideTeam?: boolean;
  /**
   * Lay out and paint the row only when it comes near the viewport (`content-visibility`): for
   * rows below the first screen. A row on the first screen is laid out with the page, since a
   * skipped row first takes a placeholder height and the rows under it would move.
   */
  deferPaint?: boolean;
  /** The row's checkbox (bulk actions): whether it is chosen, and how to change it. */
  selection?: { checked: boolean; onCheckedChange: (checked: boolean) => void };
}

/**
 * One saved link as a row: its name (whole, wrapping when long), tracking and team badges,
 * its newest tracking address (the one to share) and recipients, subject and date; on the
 * right its clicks of the last 30 days (to its analytics), Copy (the tracking address when
 * there is one, else the `mailto:` link), Edit on wider screens, and the other actions in a
 * menu loaded on first use. A phone never builds Edit (a page holds up to 50 links).
 */
export function LinkCard({ link, hideTeam = false, deferPaint = false, selection }: LinkCardProps) {
  const wide = useMatchedOnce(SM_UP);
  const titleId = `link-${link.id}-name`;
  const tracking = link.trackingLinkCount;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="link-card"
      // Cards below the fold are laid out and painted when they come near the viewport, not
      // all with the page (a page holds up to 50).
      className={cn(
        'flex flex-row items-center gap-2 px-3 py-2.5 sm:gap-4 sm:px-4 sm:py-2',
        deferPaint &&
          '[contain-intrinsic-size:auto_5.25rem] [content-visibility:auto] sm:[contain-intrinsic-size:auto_3.75rem]',
        selection?.checked && 'border-primary/60 bg-primary/5',
      )}
    >
      {selection ? (
        <NativeCheckbox
          checked={selection.checked}
          onCheckedChange={(checked) => selection.onCheckedChange(checked)}
          aria-label={`Select ${link.name}`}
          className="-ml-0.5 sm:-ml-1"
          data-testid="link-select"
        />
      ) : null}
      <div className="grid min-w-0 flex-1 gap-0.5">
        {/* The name wraps and the badges follow its last word; on phones the name takes three
            lines at most and the badges the line under it. */}
        <div className="min-w-0 leading-snug [overflow-wrap:anywhere]">
          <h3
            id={titleId}
            title={link.name}
            className="inline text-[15px] font-semibold max-sm:line-clamp-3"
          >
            {link.name}
          </h3>
          {tracking > 0 ? (
            <Badge
              variant="soft"
              // On phones the tracking address below says it already.
              className={cn(
                'mr-2 -translate-y-px align-middle tabular-nums sm:mr-0 sm:ml-2',
                link.trackingUrl && 'max-sm:hidden',
              )}
              title={trackingLinksLabel(tracking)}
              data-testid="link-tracking-badge"
            >
              <RadarIcon aria-hidden="true" />
              <span aria-hidden="true">{tracking}</span>
              <span className="sr-only">{trackingLinksLabel(tracking)}</span>
            </Badge>
          ) : null}
          {link.archivedAt !== null ? (
            <Badge
              variant="secondary"
              className="mr-2 -translate-y-px align-middle sm:mr-0 sm:ml-2"
              data-testid="link-archived-badge"
            >
              <ArchiveIcon aria-hidden="true" />
              Archived
            </Badge>
          ) : null}
          {link.teamId !== null && !hideTeam ? (
            <Badge
              variant="soft"
              className="max-w-40 -translate-y-px align-middle sm:ml-2 sm:max-w-56"
              title={link.teamName ? `Shared with ${link.teamName}` : 'Shared with a team'}
            >
              <UsersRoundIcon aria-hidden="true" />
              <span className="truncate">{link.teamName ?? 'Team'}</span>
              <span className="sr-only"> (shared team)</span>
            </Badge>
          ) : null}
          {link.tags.length > 0 ? (
            <span className="inline-flex flex-wrap gap-1 align-middle max-sm:mt-1 max-sm:flex sm:ml-2">
              <span className="sr-only">Tags: </span>
              {link.tags.map((tag) => (
                <TagChip key={tag.id} tag={tag} />
              ))}
            </span>
          ) : null}
        </div>
        <p className="flex min-w-0 items-baseline gap-x-3 text-sm text-muted-foreground">
          {link.trackingUrl ? (
            <span
              className="flex min-w-0 items-center gap-1 font-mono text-[13px] text-foreground sm:shrink-[0.25]"
              title={`Tracking link: ${link.trackingUrl}`}
              data-testid="link-tracking-url"
            >
              <RadarIcon aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
              <span className="sr-only">Tracking link: </span>
              <span className="truncate">{shortTrackingUrl(link.trackingUrl)}</span>
            </span>
          ) : null}
          <Recipients
            label="To"
            list={link.to}
            max={2}
            className={link.trackingUrl ? 'max-sm:hidden' : undefined}
          />
          <span className="hidden min-w-0 gap-x-3 xl:flex">
            <Recipients label="CC" list={link.cc} max={1} />
            <Recipients label="BCC" list={link.bcc} max={1} />
          </span>
          {/* On wider screens the subject and the date share this line: two lines a row. */}
          {link.subject ? (
            <span className="hidden min-w-0 truncate text-xs sm:inline" title={link.subject}>
              <span className="font-medium text-foreground">Subject:</span> {link.subject}
            </span>
          ) : null}
          <span className="hidden shrink-0 text-xs lg:inline">{createdLabel(link.createdAt)}</span>
        </p>
        <p className="flex min-w-0 items-center gap-x-3 text-xs text-muted-foreground sm:hidden">
          {link.subject ? (
            <span className="min-w-0 truncate" title={link.subject}>
              <span className="font-medium text-foreground">Subject:</span> {link.subject}
            </span>
          ) : null}
          <LinkClicks link={link} className="-my-1 -ml-1.5 h-6 min-w-0 gap-1 px-1.5 text-xs" />
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        <LinkClicks link={link} className="hidden sm:inline-flex" />
        {/* Copy keeps the width of 'Copied!', so nothing beside it moves when it changes. */}
        {link.trackingUrl ? (
          <CopyButton
            value={link.trackingUrl}
            messages={COPY_TRACKING_SUCCESS}
            variant="ghost"
            size="sm"
            aria-label="Copy tracking link"
            labelClassName="hidden lg:inline"
          />
        ) : (
          <CopyButton
            value={link.mailtoUrl}
            variant="ghost"
            size="sm"
            aria-label="Copy link"
            labelClassName="hidden lg:inline"
          />
        )}
        {wide && link.canEdit ? (
          <Button variant="ghost" size="sm" asChild className="hidden sm:inline-flex">
            <Link to={`/dashboard/edit-link/${link.id}`} aria-label="Edit link">
              <PencilIcon aria-hidden="true" />
              <span className="hidden lg:inline">Edit</span>
            </Link>
          </Button>
        ) : null}
        <MoreActions link={link} />
      </div>
    </Card>
  );
}
