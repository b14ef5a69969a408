import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsOverview } from '@mailtokit/contracts/analytics';
import { utcToday } from '@mailtokit/contracts/utc-day';
import { api } from '@/lib/api-client';
import { apiQueryString, toApiQuery, type AnalyticsRange } from '../lib/range';

export const analyticsOverviewKey = (range: AnalyticsRange) =>
  ['analytics', 'overview', range] as const;

/** Prefix of every overview query (any range). */
export const analyticsOverviewPrefix = ['analytics', 'overview'] as const;

export function getAnalyticsOverview(
  range: AnalyticsRange,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AnalyticsOverview> {
  const query = apiQueryString(toApiQuery(range, utcToday()));
  return api.get(`/api/v1/analytics/overview?${query}`, { schema: AnalyticsOverview, signal });
}

export const analyticsOverviewQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: analyticsOverviewKey(range),
    queryFn: ({ signal }) => getAnalyticsOverview(range, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/** Clicks and visitors of every link the user can see, over `range`. */
export function useAnalyticsOverview(range: AnalyticsRange) {
  return useQuery(analyticsOverviewQueryOptions(range));
}
