import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AddMemberBody, TeamMember } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { invalidateAfterMembershipChange } from '../lib/cache';

/** Add Member form schema: the API's own ('Username is required', 'Role is required'). */
export const addMemberInputSchema = AddMemberBody;
export type AddMemberFormValues = z.input<typeof AddMemberBody>;
export type AddMemberInput = z.output<typeof AddMemberBody>;

/** Owner or admin; 404 for an unknown username, 409 for an existing member. */
export function addMember(teamId: number, input: AddMemberInput): Promise<TeamMember> {
  return api.post(`/api/v1/teams/${teamId}/members`, { body: input, schema: TeamMember });
}

export function useAddMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddMemberInput) => addMember(teamId, input),
    onSuccess: () => invalidateAfterMembershipChange(queryClient),
  });
}
