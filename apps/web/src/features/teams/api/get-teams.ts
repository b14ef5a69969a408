import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeamList } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The teams the signed-in user owns or belongs to, each with its members and the caller's role. */
export function getTeams({ signal }: { signal?: AbortSignal } = {}): Promise<TeamList> {
  return api.get('/api/v1/teams/', { schema: TeamList, signal });
}

export const getTeamsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.teams.all,
    queryFn: ({ signal }) => getTeams({ signal }),
  });

export function useTeams() {
  return useQuery(getTeamsQueryOptions());
}
