import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeamMemberList } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A team's members: the owner first, then admins, then members. */
export function getTeamMembers(
  teamId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TeamMemberList> {
  return api.get(`/api/v1/teams/${teamId}/members`, { schema: TeamMemberList, signal });
}

export const getTeamMembersQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: queryKeys.teams.members(teamId),
    queryFn: ({ signal }) => getTeamMembers(teamId, { signal }),
  });

export function useTeamMembers(teamId: number) {
  return useQuery(getTeamMembersQueryOptions(teamId));
}
