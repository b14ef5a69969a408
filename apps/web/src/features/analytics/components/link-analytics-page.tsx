import { ArrowLeftIcon, DownloadIcon, MousePointerClickIcon } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { utcToday } from '@mailtokit/contracts/utc-day';
import { NotFoundCard } from '@/components/not-found-card';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PremiumPanel } from '@/components/premium-panel';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isNotFoundError, isPremiumRequiredError } from '@/lib/errors';
import { useLink } from '@/lib/links/get-link';
import { useLinkAnalytics } from '../api/get-link-analytics';
import { useTrackingLinks } from '@/lib/links/get-tracking-links';
import {
  apiQueryString,
  mergeRangeParams,
  parseRangeParams,
  rangeDates,
  rangeLabel,
  type AnalyticsRange,
} from '../lib/range';
import { BreakdownCard, OpenedWithCard } from './breakdown-card';
import { parseCountryParam, withCountryParam } from '../lib/country-filter';
import { countryName } from '../lib/format';
import { CountryFilterChip } from './country-filter-chip';
import { LazyWorldMap } from './lazy-world-map';
import { LazyClicksChart } from './lazy-clicks-chart';
import { NewTrackingLinkButton } from '@/components/new-tracking-link-button';
import { RangePicker } from './range-picker';
import { TotalsCards } from './totals-cards';
import { FilteredCard } from './filtered-card';
import { TrackingLinksCard } from './tracking-links-card';
import { usePageTitleName } from '@/lib/page-title';

const BREAKDOWNS = [
  { kind: 'referrers', title: 'Referrers', nameHeader: 'Site' },
  { kind: 'browsers', title: 'Browsers', nameHeader: 'Browser' },
  { kind: 'os', title: 'Operating systems', nameHeader: 'System' },
  { kind: 'devices', title: 'Devices', nameHeader: 'Device' },
  { kind: 'countries', title: 'Countries', nameHeader: 'Country' },
  { kind: 'sources', title: 'Link vs QR code', nameHeader: 'Source' },
  { kind: 'labels', title: 'By tracking link', nameHeader: 'Label' },
] as const;

export function AnalyticsLinkNotFound() {
  return (
    <NotFoundCard
      title="Link not found"
      description="The address does not point to one of your links or a link shared with your team. It may have been deleted."
    />
  );
}

function BackToDashboard() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-3 w-fit">
      <Link to="/dashboard?tab=analytics">
        <ArrowLeftIcon aria-hidden="true" />
        Back to dashboard
      </Link>
    </Button>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="grid w-full min-w-0 grid-cols-1 gap-6">{children}</div>;
}

/** /dashboard/analytics/{id}: one link's clicks over a range, with its tracking links. */
export function LinkAnalyticsPage({ linkId }: { linkId: number }) {
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => parseRangeParams(params), [params]);
  const country = parseCountryParam(params);
  const today = utcToday();
  const link = useLink(linkId);
  usePageTitleName(link.data?.name);
  const analytics = useLinkAnalytics(linkId, range, country);
  const tracking = useTrackingLinks(linkId);

  const setRange = (next: AnalyticsRange) =>
    setParams((previous) => mergeRangeParams(previous, next), { replace: true });
  // A new filter is a new view: Back returns to the one before.
  const setCountry = (code: string | null) =>
    setParams((previous) => withCountryParam(previous, code));

  if (isNotFoundError(link.error) || isNotFoundError(analytics.error))
    return <AnalyticsLinkNotFound />;
  if (isPremiumRequiredError(link.error) || isPremiumRequiredError(analytics.error))
    return (
      <Shell>
        <BackToDashboard />
        <PremiumPanel />
      </Shell>
    );

  const data = analytics.data;
  const csvHref = `/api/v1/mailto-links/${linkId}/clicks.csv?${apiQueryString(rangeDates(range, today))}`;
  const everClicked = tracking.data?.some((t) => t.clicks > 0) ?? false;
  const noClicks = data !== undefined && data.totals.clicks === 0;
  const cities =
    data && data.cities.length > 0
      ? data.cities.map((c) => ({
          key: `${c.country}:${c.city}`,
          label: `${c.city}, ${countryName(c.country)}`,
          clicks: c.clicks,
        }))
      : null;

  return (
    <Shell>
      <div className="grid grid-cols-1 gap-2">
        <BackToDashboard />
        <div className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-primary">Link analytics</p>
            {link.data ? (
              <h1
                className="mt-1 truncate text-2xl font-semibold tracking-tight sm:text-3xl"
                title={link.data.name}
              >
                {link.data.name}
              </h1>
            ) : link.isError ? (
              <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
                Link #{linkId}
              </h1>
            ) : (
              <>
                <h1 className="sr-only">Link analytics</h1>
                <Skeleton className="mt-2 h-8 w-64 max-w-full" />
              </>
            )}
            <p className="mt-1.5 text-sm text-muted-foreground">{rangeLabel(range)}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href={csvHref} download>
                <DownloadIcon aria-hidden="true" />
                Download CSV
              </a>
            </Button>
          </div>
        </div>
      </div>

      <TrackingLinksCard
        linkId={linkId}
        mailtoUrl={link.data?.mailtoUrl}
        canEdit={link.data?.canEdit ?? false}
      />

      <RangePicker key={params.toString()} range={range} onChange={setRange} today={today} />
      {country ? <CountryFilterChip country={country} onClear={() => setCountry(null)} /> : null}

      {analytics.isError ? (
        <LoadErrorAlert
          title="Error loading analytics"
          message="Failed to load the analytics of this link. Please try again later."
          retrying={analytics.isFetching}
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <div
          className="grid gap-6 transition-opacity aria-busy:opacity-60"
          aria-busy={analytics.isPlaceholderData || analytics.isPending}
        >
          <TotalsCards totals={data?.totals ?? null} />
          <FilteredCard filtered={data?.totals.filtered ?? null} />
          {noClicks ? (
            <EmptyState
              icon={MousePointerClickIcon}
              title={
                country
                  ? `No clicks from ${countryName(country)} in this period`
                  : everClicked
                    ? 'No clicks in this period'
                    : 'No clicks yet'
              }
              description={
                country
                  ? 'Clear the country filter to see the clicks from everywhere, or choose a longer range.'
                  : everClicked
                    ? 'None of this link’s tracking links was clicked in this period. Choose a longer range to see earlier clicks.'
                    : 'Create a tracking link and share it in your newsletter, email signature or website. Each click shows up here, with where it came from and on which device.'
              }
              action={
                everClicked || !link.data?.canEdit ? undefined : (
                  <NewTrackingLinkButton
                    linkId={linkId}
                    mailtoUrl={link.data?.mailtoUrl}
                    canEdit={link.data?.canEdit}
                  />
                )
              }
            />
          ) : (
            <>
              <Card>
                <CardHeader className="pb-2">
                  <CardTitle as="h2" className="text-base">
                    Clicks over time
                  </CardTitle>
                </CardHeader>
                <div className="px-4 pb-4 sm:px-6 sm:pb-6">
                  {data ? (
                    <LazyClicksChart series={data.series} interval={data.interval} />
                  ) : (
                    <Skeleton className="h-60 w-full" />
                  )}
                </div>
              </Card>
              <Card>
                <CardHeader className="pb-2">
                  <CardTitle as="h2" className="text-base">
                    Where clicks come from
                  </CardTitle>
                  <p className="text-sm text-muted-foreground">
                    The Countries table below lists the same figures.
                  </p>
                </CardHeader>
                <div className="px-4 pb-4 sm:px-6 sm:pb-6">
                  <LazyWorldMap
                    countries={data?.countries ?? []}
                    onSelect={country ? undefined : (code) => setCountry(code)}
                  />
                </div>
              </Card>
              <section aria-label="Breakdowns" className="grid gap-4 lg:grid-cols-2">
                {BREAKDOWNS.map((b) => (
                  <BreakdownCard
                    key={b.kind}
                    kind={b.kind}
                    title={b.title}
                    nameHeader={b.nameHeader}
                    rows={data ? data[b.kind] : null}
                    total={data?.totals.clicks ?? 0}
                    {...(b.kind === 'countries'
                      ? { onSelect: (code: string) => setCountry(code), selected: country }
                      : {})}
                  />
                ))}
                <OpenedWithCard rows={data ? data.openedWith : null} />
                {cities ? (
                  <BreakdownCard
                    kind="cities"
                    title="Cities"
                    nameHeader="City"
                    rows={cities}
                    total={data?.totals.clicks ?? 0}
                  />
                ) : null}
              </section>
            </>
          )}
        </div>
      )}
    </Shell>
  );
}
