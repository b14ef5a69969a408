import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsOverview } from '@mailtokit/contracts/analytics';
import { utcToday } from '@mailtokit/contracts/utc-day';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { apiQueryString, toApiQuery, type AnalyticsRange } from '../lib/range';

export function getAnalyticsOverview(
  range: AnalyticsRange,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AnalyticsOverview> {
  const query = apiQueryString(toApiQuery(range, utcToday()));
  return api.get(`/api/v1/analytics/overview?${query}`, { schema: AnalyticsOverview, signal });
}

export const analyticsOverviewQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: queryKeys.analytics.overview(range),
    queryFn: ({ signal }) => getAnalyticsOverview(range, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/** Clicks and visitors of every link the user can see, over `range`. */
export function useAnalyticsOverview(range: AnalyticsRange) {
  return useQuery(analyticsOverviewQueryOptions(range));
}
