import type { MailtoLink } from '@mailtokit/contracts/links';
import { CheckIcon, CopyIcon, PencilIcon, SendIcon, UsersRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCopy } from '@/lib/clipboard';
import { createdLabel, summarizeAddresses } from '../lib/format';
import { AnalyticsLinkButton } from './analytics-link-button';
import { DeleteLinkButton } from './delete-link-button';
import { TrackingLinkButton } from './tracking-link-button';

function Recipients({ label, list, max }: { label: string; list: string | null; max: number }) {
  const { shown, more, total } = summarizeAddresses(list, max);
  if (total === 0) return null;
  return (
    <p className="min-w-0 truncate" title={list ?? undefined}>
      <span className="font-medium text-foreground">{label}:</span> {shown}
      {more > 0 ? <span className="text-muted-foreground"> +{more} more</span> : null}
    </p>
  );
}

/** One saved link: name, recipients, team, created date and its actions (spec section 2). */
export function LinkCard({ link }: { link: MailtoLink }) {
  const { copied, copy } = useCopy();
  const titleId = `link-${link.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="link-card"
      className="flex flex-col gap-3 p-4 sm:p-5"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <h3 id={titleId} className="min-w-0 truncate text-base font-semibold">
          {link.name}
        </h3>
        {link.teamId !== null ? (
          <Badge variant="soft" title={link.teamName ? `Shared with ${link.teamName}` : undefined}>
            <UsersRoundIcon aria-hidden="true" />
            Team{link.teamName ? `: ${link.teamName}` : ''}
          </Badge>
        ) : null}
      </div>
      <div className="grid gap-0.5 text-sm text-muted-foreground">
        <Recipients label="To" list={link.to} max={3} />
        <div className="flex min-w-0 flex-wrap gap-x-4">
          <Recipients label="CC" list={link.cc} max={1} />
          <Recipients label="BCC" list={link.bcc} max={1} />
        </div>
        {link.subject ? (
          <p className="min-w-0 truncate">
            <span className="font-medium text-foreground">Subject:</span> {link.subject}
          </p>
        ) : null}
        <p className="mt-1 text-xs">{createdLabel(link.createdAt)}</p>
      </div>
      <div className="-mx-1 flex flex-wrap items-center gap-1 border-t pt-3">
        <Button
          variant="ghost"
          size="sm"
          aria-label="Copy link"
          onClick={() => void copy(link.mailtoUrl)}
        >
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Test link"
          onClick={() => window.open(link.mailtoUrl)}
        >
          <SendIcon aria-hidden="true" />
          Test link
        </Button>
        {link.canEdit ? (
          <Button variant="ghost" size="sm" asChild>
            <Link to={`/dashboard/edit-link/${link.id}`} aria-label="Edit link">
              <PencilIcon aria-hidden="true" />
              Edit
            </Link>
          </Button>
        ) : null}
        <TrackingLinkButton link={link} />
        <AnalyticsLinkButton link={link} />
        {link.canEdit ? (
          <div className="ml-auto">
            <DeleteLinkButton link={link} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
