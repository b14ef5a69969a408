import { queryOptions, useQuery } from '@tanstack/react-query';
import { LinkAnalytics } from '@mailtokit/contracts/analytics';
import { utcToday } from '@mailtokit/contracts/utc-day';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { countryQuery } from '../lib/country-filter';
import { apiQueryString, toApiQuery, type AnalyticsRange } from '../lib/range';

export function getLinkAnalytics(
  linkId: number,
  range: AnalyticsRange,
  country: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LinkAnalytics> {
  const query = apiQueryString(toApiQuery(range, utcToday())) + countryQuery(country);
  return api.get(`/api/v1/mailto-links/${linkId}/analytics?${query}`, {
    schema: LinkAnalytics,
    signal,
  });
}

export const linkAnalyticsQueryOptions = (
  linkId: number,
  range: AnalyticsRange,
  country: string | null = null,
) =>
  queryOptions({
    queryKey: queryKeys.analytics.link(linkId, { ...range, country }),
    queryFn: ({ signal }) => getLinkAnalytics(linkId, range, country, { signal }),
    // Clicks keep arriving: a figure older than a minute is refetched when the page is shown.
    staleTime: 60_000,
    // The previous range stays on screen (dimmed) while another one loads.
    placeholderData: (previous) => previous,
  });

/** One link's clicks, visitors, series and breakdowns over `range` (from one country). */
export function useLinkAnalytics(linkId: number, range: AnalyticsRange, country: string | null) {
  return useQuery(linkAnalyticsQueryOptions(linkId, range, country));
}
