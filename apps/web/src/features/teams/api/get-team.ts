import { queryOptions, useQuery } from '@tanstack/react-query';
import { Team } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One team with its owner's username, members and the caller's role (404 to non-members). */
export function getTeam(teamId: number, { signal }: { signal?: AbortSignal } = {}): Promise<Team> {
  return api.get(`/api/v1/teams/${teamId}`, { schema: Team, signal });
}

export const getTeamQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: queryKeys.teams.detail(teamId),
    queryFn: ({ signal }) => getTeam(teamId, { signal }),
  });

export function useTeam(teamId: number) {
  return useQuery(getTeamQueryOptions(teamId));
}
