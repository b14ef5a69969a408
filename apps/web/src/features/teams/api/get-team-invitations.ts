import { queryOptions, useQuery } from '@tanstack/react-query';
import { InvitationList } from '@mailtokit/contracts/invitations';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A team's pending invitations, oldest first (owner and admins). */
export function getTeamInvitations(
  teamId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InvitationList> {
  return api.get(`/api/v1/teams/${teamId}/invitations`, { schema: InvitationList, signal });
}

export const getTeamInvitationsQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: queryKeys.teams.invitations(teamId),
    queryFn: ({ signal }) => getTeamInvitations(teamId, { signal }),
  });

export function useTeamInvitations(teamId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getTeamInvitationsQueryOptions(teamId), enabled });
}
