import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Team, type UpdateTeamBody } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { invalidateAfterMembershipChange } from '../lib/cache';

/** Owner only: the team's policies (whether members need two-step sign-in). */
export function updateTeam(teamId: number, input: UpdateTeamBody): Promise<Team> {
  return api.patch(`/api/v1/teams/${teamId}`, { body: input, schema: Team });
}

/** The policy changes which links members reach: the teams and the links are asked again. */
export function useUpdateTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTeamBody) => updateTeam(teamId, input),
    onSuccess: () => invalidateAfterMembershipChange(queryClient),
  });
}
