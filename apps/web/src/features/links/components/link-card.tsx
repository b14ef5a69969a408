import type { MailtoLink } from '@mailtokit/contracts/links';
import { CheckIcon, CopyIcon, PencilIcon, SendIcon, UsersRoundIcon } from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MenuOnFirstUse } from '@/components/menu-on-first-use';
import { useCopy } from '@/lib/clipboard';
import { SM_UP, useMatchedOnce } from '@/lib/use-matched-once';
import { createdLabel, summarizeAddresses } from '../lib/format';
import { AnalyticsLinkButton } from './analytics-link-button';
import { DeleteLinkButton } from './delete-link-button';
import { MoreActionsButton } from './more-actions-button';
import { TrackingLinkButton } from './tracking-link-button';

function Recipients({ label, list, max }: { label: string; list: string | null; max: number }) {
  const { shown, more, total } = summarizeAddresses(list, max);
  if (total === 0) return null;
  return (
    <span className="min-w-0 truncate" title={list ?? undefined}>
      <span className="font-medium text-foreground">{label}:</span> {shown}
      {more > 0 ? <span className="text-muted-foreground"> +{more} more</span> : null}
    </span>
  );
}

const loadMoreActions = () => import('./link-more-actions');
const MoreActionsMenu = lazy(() => loadMoreActions().then((m) => ({ default: m.MoreActions })));

function MoreActions({ link }: { link: MailtoLink }) {
  return (
    <MenuOnFirstUse
      load={loadMoreActions}
      button={(triggerProps) => <MoreActionsButton link={link} {...triggerProps} />}
      menu={<MoreActionsMenu link={link} />}
    />
  );
}

/**
 * One saved link as a compact row: name and team, recipients, subject and date on one line
 * each at most; every action in a row on wider screens, copy plus an overflow menu on phones.
 * A phone never builds the row of actions (a page holds up to 50 links, each row some thirty
 * elements and six icons).
 */
export function LinkCard({ link }: { link: MailtoLink }) {
  const { copied, copy } = useCopy();
  const wide = useMatchedOnce(SM_UP);
  const titleId = `link-${link.id}-name`;
  const copyButton = (
    <Button
      variant="ghost"
      size="sm"
      aria-label="Copy link"
      onClick={() => void copy(link.mailtoUrl)}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span className="hidden lg:inline">{copied ? 'Copied!' : 'Copy link'}</span>
    </Button>
  );
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="link-card"
      // Cards below the fold are laid out and painted when they come near the viewport, not
      // all with the page (a page holds up to 50).
      className="flex flex-row items-center gap-2 px-3 py-2 [contain-intrinsic-size:auto_3.75rem] [content-visibility:auto] sm:gap-3 sm:px-4"
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex min-w-0 items-center gap-2">
          <h3 id={titleId} className="min-w-0 truncate text-[15px] font-semibold">
            {link.name}
          </h3>
          {link.teamId !== null ? (
            <Badge
              variant="soft"
              className="shrink-0"
              title={link.teamName ? `Shared with ${link.teamName}` : undefined}
            >
              <UsersRoundIcon aria-hidden="true" />
              <span className="max-w-32 truncate">
                Team{link.teamName ? `: ${link.teamName}` : ''}
              </span>
            </Badge>
          ) : null}
        </div>
        <p className="flex min-w-0 gap-x-3 text-sm text-muted-foreground">
          <Recipients label="To" list={link.to} max={2} />
          <span className="hidden min-w-0 gap-x-3 md:flex">
            <Recipients label="CC" list={link.cc} max={1} />
            <Recipients label="BCC" list={link.bcc} max={1} />
          </span>
        </p>
        <p className="flex min-w-0 gap-x-3 text-xs text-muted-foreground">
          {link.subject ? (
            <span className="min-w-0 truncate">
              <span className="font-medium text-foreground">Subject:</span> {link.subject}
            </span>
          ) : null}
          <span className="shrink-0">{createdLabel(link.createdAt)}</span>
        </p>
      </div>
      {wide ? (
        <div className="hidden shrink-0 items-center gap-0.5 sm:flex">
          {copyButton}
          <Button
            variant="ghost"
            size="sm"
            aria-label="Test link"
            onClick={() => window.open(link.mailtoUrl)}
          >
            <SendIcon aria-hidden="true" />
            <span className="hidden xl:inline">Test link</span>
          </Button>
          {link.canEdit ? (
            <Button variant="ghost" size="sm" asChild>
              <Link to={`/dashboard/edit-link/${link.id}`} aria-label="Edit link">
                <PencilIcon aria-hidden="true" />
                <span className="hidden xl:inline">Edit</span>
              </Link>
            </Button>
          ) : null}
          {link.canEdit ? <TrackingLinkButton link={link} /> : null}
          <AnalyticsLinkButton link={link} />
          {link.canEdit ? <DeleteLinkButton link={link} /> : null}
        </div>
      ) : null}
      <div className="flex shrink-0 items-center sm:hidden">
        {copyButton}
        <MoreActions link={link} />
      </div>
    </Card>
  );
}
