import { queryOptions, useQuery } from '@tanstack/react-query';
import { TrackingLinkList, type TrackingLink } from '@mailtokit/contracts/tracking';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getTrackingLinks(
  linkId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TrackingLink[]> {
  return api.get(`/api/v1/mailto-links/${linkId}/tracking-links`, {
    schema: TrackingLinkList,
    signal,
  });
}

export const trackingLinksQueryOptions = (linkId: number) =>
  queryOptions({
    queryKey: queryKeys.trackingLinks.ofLink(linkId),
    queryFn: ({ signal }) => getTrackingLinks(linkId, { signal }),
    staleTime: 60_000,
  });

/** A link's active tracking links, newest first, with their all-time human clicks. */
export function useTrackingLinks(linkId: number) {
  return useQuery(trackingLinksQueryOptions(linkId));
}
