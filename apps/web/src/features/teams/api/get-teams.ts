import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeamList } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';

/** Root of every teams query: the list is `['teams']`, a team `['teams', id]`, ... */
export const teamsQueryKey = ['teams'] as const;

/** The teams the signed-in user owns or belongs to, each with its members and the caller's role. */
export function getTeams({ signal }: { signal?: AbortSignal } = {}): Promise<TeamList> {
  return api.get('/api/v1/teams/', { schema: TeamList, signal });
}

export const getTeamsQueryOptions = () =>
  queryOptions({
    queryKey: teamsQueryKey,
    queryFn: ({ signal }) => getTeams({ signal }),
  });

export function useTeams() {
  return useQuery(getTeamsQueryOptions());
}
