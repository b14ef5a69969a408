import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsOverview } from '@mailtokit/contracts/analytics';
import { utcToday } from '@mailtokit/contracts/utc-day';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { countryQuery } from '../lib/country-filter';
import { apiQueryString, toApiQuery, type AnalyticsRange } from '../lib/range';

export function getAnalyticsOverview(
  range: AnalyticsRange,
  country: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AnalyticsOverview> {
  const query = apiQueryString(toApiQuery(range, utcToday())) + countryQuery(country);
  return api.get(`/api/v1/analytics/overview?${query}`, { schema: AnalyticsOverview, signal });
}

export const analyticsOverviewQueryOptions = (
  range: AnalyticsRange,
  country: string | null = null,
) =>
  queryOptions({
    queryKey: queryKeys.analytics.overview({ ...range, country }),
    queryFn: ({ signal }) => getAnalyticsOverview(range, country, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/** Clicks and visitors of every link the user can see, over `range` (from one country). */
export function useAnalyticsOverview(range: AnalyticsRange, country: string | null) {
  return useQuery(analyticsOverviewQueryOptions(range, country));
}
