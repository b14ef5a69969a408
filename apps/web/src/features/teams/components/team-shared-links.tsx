import type { MailtoLink } from '@mailtokit/contracts/links';
import { TEAM_SEAT_MESSAGES } from '@mailtokit/contracts/teams';
import { ArrowRightIcon, LinkIcon, SendIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { parseAddressList } from '@mailtokit/mailto';
import { isPremiumRequiredError } from '@/lib/errors';
import { useTeamLinks } from '../api/get-team-links';
import { isTwoFactorRequiredError, TwoFactorRequiredNote } from './team-two-factor';

/** Links the team page lists; the rest are one click away in the links tab. */
export const TEAM_LINKS_SHOWN = 5;

function SharedLinkRow({ link }: { link: MailtoLink }) {
  const [first = '', ...others] = parseAddressList(link.to);
  const details = [others.length > 0 ? `${first} +${others.length}` : first, link.subject]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="flex min-w-0 items-center gap-3 px-4 py-3 sm:px-6" data-testid="team-link-row">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" title={link.name}>
          {link.name}
        </p>
        <p className="truncate text-xs text-muted-foreground" title={details}>
          {details}
        </p>
      </div>
      <Button variant="ghost" size="sm" asChild className="shrink-0 max-sm:size-9 max-sm:px-0">
        <a href={link.mailtoUrl} aria-label={`Test ${link.name}`}>
          <SendIcon aria-hidden="true" />
          <span className="max-sm:sr-only">Test</span>
        </a>
      </Button>
    </li>
  );
}

/**
 * The links shared with the team, newest first: what every member sees in their links list.
 * Without a plan of their own, a member sees them while the team's plan is active; once it
 * has ended, this says so instead of offering an upgrade.
 */
export function TeamSharedLinks({ teamId, planActive }: { teamId: number; planActive: boolean }) {
  // A new link from here is shared with this team, and the form comes back here.
  const newLink = `/dashboard/create-link?teamId=${teamId}&return=${encodeURIComponent(`/teams/${teamId}`)}`;
  const links = useTeamLinks(teamId, TEAM_LINKS_SHOWN);
  const allLinks = `/dashboard?tab=links&filter=team-${teamId}`;

  let body;
  if (links.isPending)
    body = (
      <div role="status" aria-label="Loading shared links" className="grid gap-3 p-4 sm:px-6">
        {[0, 1].map((i) => (
          <div key={i} className="grid gap-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
        ))}
      </div>
    );
  else if (links.isError && isTwoFactorRequiredError(links.error))
    body = <TwoFactorRequiredNote className="p-4 text-sm text-muted-foreground sm:px-6" />;
  else if (links.isError && isPremiumRequiredError(links.error) && !planActive)
    body = (
      <p className="p-4 text-sm text-muted-foreground sm:px-6" data-testid="team-links-ended">
        {TEAM_SEAT_MESSAGES.planEndedTitle}. The team&apos;s links are kept and their tracking links
        keep redirecting; they show here again when the owner renews the Team plan, or with{' '}
        <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
          Premium
        </Link>{' '}
        of your own.
      </p>
    );
  else if (links.isError)
    body = isPremiumRequiredError(links.error) ? (
      <p className="p-4 text-sm text-muted-foreground sm:px-6">
        Saved links, your own and your teams&apos;, come with{' '}
        <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
          Premium
        </Link>
        .
      </p>
    ) : (
      <div className="p-4 sm:p-6">
        <LoadErrorAlert
          title="Error"
          message="Failed to load the team's links. Please try again later."
          retrying={links.isFetching}
          onRetry={() => void links.refetch()}
        />
      </div>
    );
  else if (links.data.total === 0)
    body = (
      <div className="flex flex-col items-start gap-3 p-4 text-sm text-muted-foreground sm:px-6">
        <p>
          No links shared yet. Choose this team under &ldquo;Share with team&rdquo; when you save a
          link.
        </p>
        <Button variant="outline" size="sm" asChild>
          <Link to={newLink}>
            <LinkIcon aria-hidden="true" />
            New link
          </Link>
        </Button>
      </div>
    );
  else
    body = (
      <>
        <ul className="divide-y">
          {links.data.links.map((link) => (
            <SharedLinkRow key={link.id} link={link} />
          ))}
        </ul>
        <div className="border-t px-4 py-3 sm:px-6">
          <Button variant="ghost" size="sm" asChild className="-ml-3">
            <Link to={allLinks}>
              {links.data.total > links.data.links.length
                ? `All ${links.data.total} shared links`
                : 'Open in your links'}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </>
    );

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4 pb-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Shared links</CardTitle>
          <CardDescription>
            Links shared with this team appear in every member&apos;s list.
          </CardDescription>
        </div>
        {links.data && links.data.total > 0 ? (
          <Button variant="outline" size="sm" asChild className="shrink-0">
            <Link to={newLink}>
              <LinkIcon aria-hidden="true" />
              New link
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <div className="border-t">{body}</div>
    </Card>
  );
}
