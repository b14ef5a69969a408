import { queryOptions, useQuery } from '@tanstack/react-query';
import { LINK_LIST_MAX_LIMIT, MailtoLinkList } from '@mailtokit/contracts/links';
import { api } from '@/lib/api-client';

export const LINKS_PATH = '/api/v1/mailto-links/';

/** Every saved-links query key starts with this: invalidating it refreshes them all. */
export const linksKey = [LINKS_PATH] as const;

/** The list asks for the most the API gives in one call (500). */
export const linkListQueryKey = [LINKS_PATH, 'list', { limit: LINK_LIST_MAX_LIMIT }] as const;

export function getLinks({ signal }: { signal?: AbortSignal } = {}): Promise<MailtoLinkList> {
  return api.get(`${LINKS_PATH}?limit=${LINK_LIST_MAX_LIMIT}`, { schema: MailtoLinkList, signal });
}

export const linksQueryOptions = () =>
  queryOptions({
    queryKey: linkListQueryKey,
    queryFn: ({ signal }) => getLinks({ signal }),
  });

/** The signed-in user's saved links, newest first (FREE users get a 403 premium answer). */
export function useLinks() {
  return useQuery(linksQueryOptions());
}
