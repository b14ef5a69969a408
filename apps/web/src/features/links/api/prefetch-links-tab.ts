import type { QueryClient } from '@tanstack/react-query';
import { readListState } from '../lib/list-state';
import { linksPageQueryOf, linksPageQueryOptions } from './get-links';
import { shareTeamsQueryOptions } from './get-share-teams';

/**
 * Starts the links tab's calls for the list state in `params` (the page of links, the teams to
 * filter by), so they run while the page's code and the session check are still loading.
 */
export function prefetchLinksTab(queryClient: QueryClient, params: URLSearchParams): void {
  void queryClient.prefetchQuery(linksPageQueryOptions(linksPageQueryOf(readListState(params))));
  void queryClient.prefetchQuery(shareTeamsQueryOptions());
}
