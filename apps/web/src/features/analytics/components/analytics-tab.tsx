import { ChartNoAxesColumnIcon, MousePointerClickIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PremiumPanel } from '@/components/premium-panel';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { isPremiumRequiredError } from '@/lib/errors';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { parseCountryParam, withCountryParam } from '../lib/country-filter';
import { countryName } from '../lib/format';
import { PRESET_DAYS, type AnalyticsRange, type PresetDays } from '../lib/range';
import { BreakdownCard, OpenedWithCard } from './breakdown-card';
import { CountryFilterChip } from './country-filter-chip';
import { LazyClicksChart } from './lazy-clicks-chart';
import { OverviewLinksTable } from './overview-links-table';
import { TotalsCards } from './totals-cards';

function OverviewSkeleton() {
  return (
    <div role="status" className="grid gap-6" data-testid="analytics-skeleton">
      <span className="sr-only">Loading analytics…</span>
      <TotalsCards totals={null} overview />
      <Skeleton className="h-44 w-full rounded-xl" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}

/** The dashboard's analytics tab: every visible link's clicks over the last 7, 30 or 90 days. */
export function AnalyticsTab() {
  const [days, setDays] = useState<PresetDays>(30);
  const range: AnalyticsRange = { kind: 'preset', days, interval: 'day' };
  const [params, setParams] = useSearchParams();
  const country = parseCountryParam(params);
  const setCountry = (code: string | null) =>
    setParams((previous) => withCountryParam(previous, code));
  const overview = useAnalyticsOverview(range, country);

  const header = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 id="analytics-overview-title" className="text-lg font-semibold tracking-tight">
          Analytics
        </h2>
        <p className="text-sm text-muted-foreground">
          Clicks on the tracking links of all your links, last {days} days.
        </p>
        {country ? (
          <div className="mt-2">
            <CountryFilterChip country={country} onClear={() => setCountry(null)} />
          </div>
        ) : null}
      </div>
      <SegmentedControl<`${PresetDays}`>
        label="Date range"
        size="sm"
        value={`${days}`}
        onChange={(value) => setDays(Number(value) as PresetDays)}
        options={PRESET_DAYS.map((d) => ({
          value: `${d}` as const,
          label: `${d} days`,
          ariaLabel: `Last ${d} days`,
        }))}
      />
    </div>
  );

  if (overview.isError && isPremiumRequiredError(overview.error)) return <PremiumPanel />;

  let body;
  if (overview.isPending) body = <OverviewSkeleton />;
  else if (overview.isError)
    body = (
      <LoadErrorAlert
        title="Error loading analytics"
        message="Failed to load your analytics. Please try again later."
        retrying={overview.isFetching}
        onRetry={() => void overview.refetch()}
      />
    );
  else if (overview.data.links.length === 0)
    body = (
      <EmptyState
        icon={ChartNoAxesColumnIcon}
        title="No links to track yet"
        description="Save a mailto link, then create a tracking link for it. Its clicks, unique visitors, referrers and devices will show up here."
        action={
          <Button asChild>
            <Link to="/dashboard/create-link">
              <PlusIcon aria-hidden="true" />
              Create new link
            </Link>
          </Button>
        }
      />
    );
  else {
    const data = overview.data;
    const noClicks = data.totals.clicks === 0;
    const noTracking = data.links.every((l) => l.trackingLinks === 0);
    body = (
      <div
        className="grid gap-6 transition-opacity aria-busy:opacity-60"
        aria-busy={overview.isPlaceholderData}
      >
        {noClicks ? (
          <EmptyState
            icon={MousePointerClickIcon}
            title={country ? `No clicks from ${countryName(country)}` : 'No clicks yet'}
            className="py-8 sm:py-10"
            description={
              country
                ? `None of your tracking links was clicked from ${countryName(country)} in the last ${days} days. Clear the country filter to see every click.`
                : noTracking
                  ? 'Open one of your links below and create a tracking link, then share it in your newsletter, email signature or website. Each click shows up here.'
                  : `Nobody clicked your tracking links in the last ${days} days. Share them, or choose a longer range.`
            }
          />
        ) : (
          <>
            <TotalsCards totals={data.totals} overview />
            <Card>
              <CardHeader className="pb-2">
                <CardTitle as="h3" className="text-base">
                  Clicks over time
                </CardTitle>
              </CardHeader>
              <div className="px-4 pb-4 sm:px-6 sm:pb-6">
                <LazyClicksChart
                  series={data.series}
                  interval={data.interval}
                  height={160}
                  compact
                />
              </div>
            </Card>
            <section aria-label="Breakdowns" className="grid gap-4 lg:grid-cols-2">
              <BreakdownCard
                kind="sources"
                title="Link vs QR code"
                nameHeader="Source"
                rows={data.sources}
                total={data.totals.clicks}
              />
              <OpenedWithCard rows={data.openedWith} />
            </section>
            <section aria-label="Where clicks come from" className="grid gap-4 lg:grid-cols-2">
              <BreakdownCard
                kind="countries"
                title="Countries"
                nameHeader="Country"
                rows={data.countries}
                total={data.totals.clicks}
                onSelect={(code) => setCountry(code)}
                selected={country}
              />
              {data.cities.length > 0 ? (
                <BreakdownCard
                  kind="cities"
                  title="Cities"
                  nameHeader="City"
                  rows={data.cities.map((c) => ({
                    key: `${c.country}:${c.city}`,
                    label: `${c.city}, ${countryName(c.country)}`,
                    clicks: c.clicks,
                  }))}
                  total={data.totals.clicks}
                />
              ) : null}
            </section>
          </>
        )}
        <OverviewLinksTable links={data.links} days={days} />
      </div>
    );
  }

  return (
    <section aria-labelledby="analytics-overview-title" className="grid gap-4">
      {header}
      {body}
    </section>
  );
}
