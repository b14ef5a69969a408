import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkSort, MailtoLinkList } from '@mailtokit/contracts/links';
import { ApiError, apiRequest } from '@/lib/api-client';
import { LINKS_PATH } from '@/lib/links/get-link';
import { queryKeys } from '@/lib/query-keys';
import { LINK_ORDERS, type LinkFilter, type LinkListState } from '../lib/list-state';

/** Links per page of the links tab. */
export const LINKS_PAGE_SIZE = 50;

/** What the links tab asks for: search, filter, order and page. */
export interface LinksPageQuery {
  q: string;
  /** A tag's name ('' = any). */
  tag: string;
  /** 'all', 'private', 'archived' or a team id. */
  filter: LinkFilter;
  sort: LinkSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface LinksPage {
  links: MailtoLinkList;
  /** Links matching the search and filter (X-Total-Count). */
  total: number;
  /** Where this page starts (the query's offset). */
  offset: number;
}

/** The page of links the tab shows for a list state (as read from the address). */
export function linksPageQueryOf(state: LinkListState): LinksPageQuery {
  const order = LINK_ORDERS[state.orderKey];
  return {
    q: state.q,
    tag: state.tag,
    filter: state.filter,
    sort: order.sort,
    order: order.order,
    offset: (state.page - 1) * LINKS_PAGE_SIZE,
    limit: LINKS_PAGE_SIZE,
  };
}

export function linksSearchParams(query: LinksPageQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.tag.trim()) params.set('tag', query.tag.trim());
  if (query.filter === 'private') params.set('shared', 'false');
  else if (query.filter === 'archived') params.set('archived', 'true');
  else if (query.filter !== 'all') params.set('teamId', String(query.filter));
  params.set('sort', query.sort);
  params.set('order', query.order);
  params.set('limit', String(query.limit));
  params.set('offset', String(query.offset));
  return params;
}

/** One page of links and the number of matches, read from the X-Total-Count header. */
export async function getLinksPage(
  query: LinksPageQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LinksPage> {
  let total = 0;
  // Not parsed with the MailtoLinkList schema: the dashboard's first page shows without zod.
  const links = await apiRequest<MailtoLinkList>(
    'GET',
    `${LINKS_PATH}?${linksSearchParams(query).toString()}`,
    {
      signal,
      onResponse: (response) => {
        total = Number(response.headers.get('x-total-count') ?? NaN);
      },
    },
  );
  if (!Number.isFinite(total))
    throw new ApiError(200, 'INVALID_RESPONSE', 'The server did not say how many links match.');
  return { links, total, offset: query.offset };
}

export const linksPageQueryOptions = (query: LinksPageQuery) =>
  queryOptions({
    queryKey: queryKeys.links.page(query),
    queryFn: ({ signal }) => getLinksPage(query, { signal }),
    // The previous page stays on screen while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });

/** One page of the links the user can see (FREE users get a 403 premium answer). */
export function useLinksPage(query: LinksPageQuery) {
  return useQuery(linksPageQueryOptions(query));
}
