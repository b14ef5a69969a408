import { queryOptions, useQuery } from '@tanstack/react-query';
import { MailtoLink } from '@mailtokit/contracts/links';
import { api } from '@/lib/api-client';

const LINKS_PATH = '/api/v1/mailto-links/';

/**
 * The same key as the links feature's detail query, so both share one cache entry and the
 * links feature's invalidations (every key under LINKS_PATH) reach this one too.
 */
export const analyticsLinkKey = (id: number) => [LINKS_PATH, 'detail', id] as const;

export const analyticsLinkQueryOptions = (id: number) =>
  queryOptions({
    queryKey: analyticsLinkKey(id),
    queryFn: ({ signal }) => api.get(`${LINKS_PATH}${id}`, { schema: MailtoLink, signal }),
  });

/** The saved link an analytics page is about (its name, mailto URL and edit right). */
export function useAnalyticsLink(id: number) {
  return useQuery(analyticsLinkQueryOptions(id));
}
