import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CreateTeamBody, Team } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Create team form schema: the API's own ('Team name is required', optional description). */
export const createTeamInputSchema = CreateTeamBody;
export type CreateTeamFormValues = z.input<typeof CreateTeamBody>;
export type CreateTeamInput = z.output<typeof CreateTeamBody>;

/** Needs the TEAM plan: 403 'Team subscription required' otherwise. */
export function createTeam(input: CreateTeamInput): Promise<Team> {
  return api.post('/api/v1/teams/', { body: input, schema: Team });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    // The list and other views of it under the same root (the link form's team selector).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams.all }),
  });
}
