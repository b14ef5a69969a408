import type { QueryClient } from '@tanstack/react-query';
import { teamQueryKey } from '../api/get-team';
import { teamsQueryKey } from '../api/get-teams';

/**
 * Marks every saved-links query stale (refetching the ones on screen): team changes change
 * which shared links a user sees and may edit. The links feature owns those queries (and
 * features never import each other); they are matched by the head of their key, the API path
 * (or a `'mailto-links'` root).
 */
export function invalidateLinkQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const head = queryKey[0];
      return (
        typeof head === 'string' &&
        (head === 'mailto-links' || head.startsWith('/api/v1/mailto-links'))
      );
    },
  });
}

/**
 * After a change to a team's members: every teams query, i.e. the list, other features'
 * views of it under the same root (the link form's `['teams', 'share-options']`), this team
 * and its members; and the links.
 */
export function invalidateAfterMembershipChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
    invalidateLinkQueries(queryClient),
  ]);
}

/**
 * After the caller deleted or left a team: as above, except that the team's own queries are
 * only marked stale. Its page is being left and would answer 404 now; coming back asks again.
 */
export function invalidateAfterLeaving(queryClient: QueryClient, teamId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: teamsQueryKey,
      predicate: ({ queryKey }) => queryKey[1] !== teamId,
    }),
    queryClient.invalidateQueries({ queryKey: teamQueryKey(teamId), refetchType: 'none' }),
    invalidateLinkQueries(queryClient),
  ]);
}
