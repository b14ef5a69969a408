import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * Marks every saved-links query stale (refetching the ones on screen): team changes change
 * which shared links a user sees and may edit.
 */
export function invalidateLinkQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.links.all });
}

/**
 * After a change to a team's members: every teams query, i.e. the list, other features'
 * views of it under the same root (the link form's `['teams', 'share-options']`), this team
 * and its members; and the links.
 */
export function invalidateAfterMembershipChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.teams.all }),
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
      queryKey: queryKeys.teams.all,
      predicate: ({ queryKey }) => queryKey[1] !== teamId,
    }),
    queryClient.invalidateQueries({
      queryKey: queryKeys.teams.detail(teamId),
      refetchType: 'none',
    }),
    invalidateLinkQueries(queryClient),
  ]);
}
