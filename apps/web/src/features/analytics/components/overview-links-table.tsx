import type { AnalyticsOverview } from '@mailtokit/contracts/analytics';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  SearchIcon,
  SearchXIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatCount, formatMoment } from '../lib/format';
import { filterOverviewLinks } from '../lib/overview-links';
import type { PresetDays } from '../lib/range';

type OverviewLink = AnalyticsOverview['links'][number];

const analyticsPath = (id: number, days: PresetDays) =>
  `/dashboard/analytics/${id}${days === 30 ? '' : `?range=${days}`}`;

function OverviewLinkRow({ link, days }: { link: OverviewLink; days: PresetDays }) {
  return (
    <TableRow>
      <TableCell className="w-full max-w-0">
        <Link
          to={analyticsPath(link.id, days)}
          title={link.name}
          className="block truncate font-medium underline-offset-4 hover:text-primary hover:underline"
        >
          {link.name}
        </Link>
        <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
          {link.teamId !== null ? (
            <>
              <UsersRoundIcon className="size-3" aria-hidden="true" />
              Team
              <span aria-hidden="true" className="lg:hidden">
                ·
              </span>
            </>
          ) : null}
          <span className="min-w-0 truncate lg:hidden">
            {link.lastClickAt
              ? `Last click ${formatMoment(link.lastClickAt)}`
              : 'No clicks in this period'}
          </span>
        </span>
      </TableCell>
      <TableCell className="text-right font-medium tabular-nums">
        {formatCount(link.clicks)}
      </TableCell>
      <TableCell className="hidden text-right tabular-nums sm:table-cell">
        {formatCount(link.uniqueVisitors)}
      </TableCell>
      <TableCell className="hidden text-right tabular-nums md:table-cell">
        {formatCount(link.trackingLinks)}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
        {formatMoment(link.lastClickAt, 'Never')}
      </TableCell>
      <TableCell>
        <Button variant="ghost" size="icon" asChild className="size-8">
          <Link to={analyticsPath(link.id, days)} aria-label={`View analytics of ${link.name}`}>
            <ChevronRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </TableCell>
    </TableRow>
  );
}

export interface OverviewLinksTableProps {
  links: readonly OverviewLink[];
  days: PresetDays;
}

/**
 * The overview's links, most clicked first: only those clicked in the range unless 'Show
 * links without clicks' is on, filtered by name, 25 to a page.
 */
export function OverviewLinksTable({ links, days }: OverviewLinksTableProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const deferredQuery = useDeferredValue(query);
  const result = filterOverviewLinks(links, { query: deferredQuery, showAll, page });

  return (
    <Card>
      <CardHeader className="gap-3 pb-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h3" id="analytics-links-title" className="text-base">
          Your links
        </CardTitle>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="flex items-center gap-2">
            <Switch
              id={`${id}-all`}
              checked={showAll}
              onCheckedChange={(checked) => {
                setShowAll(checked);
                setPage(1);
              }}
            />
            <Label htmlFor={`${id}-all`} className="font-normal">
              Show links without clicks
            </Label>
          </div>
          <div className="relative sm:w-56">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Filter links by name"
              placeholder="Filter by name"
              className="h-8 pl-9"
              value={query}
              maxLength={200}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
      </CardHeader>
      {result.rows.length === 0 ? (
        <div
          className="mx-4 mb-4 flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center sm:mx-6 sm:mb-6"
          data-testid="analytics-links-empty"
        >
          <SearchXIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          <p className="text-sm font-medium">
            {result.matching === 0 && deferredQuery.trim()
              ? `No link’s name contains “${deferredQuery.trim()}”`
              : `No link was clicked in the last ${days} days`}
          </p>
          {!showAll && result.hiddenWithoutClicks > 0 ? (
            <Button variant="outline" size="sm" onClick={() => setShowAll(true)}>
              Show {formatCount(result.hiddenWithoutClicks)} without clicks
            </Button>
          ) : null}
        </div>
      ) : (
        <Table aria-labelledby="analytics-links-title" data-testid="analytics-links">
          <TableHeader>
            <TableRow className="hover:bg-transparent dark:hover:bg-transparent">
              <TableHead>Link</TableHead>
              <TableHead className="text-right">Clicks</TableHead>
              <TableHead className="hidden text-right sm:table-cell">Unique visitors</TableHead>
              <TableHead className="hidden text-right md:table-cell">Tracking links</TableHead>
              <TableHead className="hidden lg:table-cell">Last click</TableHead>
              <TableHead className="w-10">
                <span className="sr-only">Details</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.rows.map((link) => (
              <OverviewLinkRow key={link.id} link={link} days={days} />
            ))}
          </TableBody>
        </Table>
      )}
      <div className="flex flex-col gap-2 border-t px-4 py-3 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p aria-live="polite" data-testid="analytics-links-showing">
          {result.summary}
        </p>
        {result.pages > 1 ? (
          <nav aria-label="Pages of links" className="flex items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={result.page <= 1}
              onClick={() => setPage(result.page - 1)}
            >
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <span className="px-1 tabular-nums">
              {result.page} / {result.pages}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={result.page >= result.pages}
              onClick={() => setPage(result.page + 1)}
            >
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </nav>
        ) : null}
      </div>
    </Card>
  );
}
