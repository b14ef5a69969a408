import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterLeaving, invalidateAfterMembershipChange } from '../lib/cache';

export interface RemoveMemberInput {
  userId: number;
  /** The caller leaves the team (removes themselves). */
  leaving?: boolean;
}

/**
 * Removes a member (owner: anyone but the owner; admin: plain members) or, with the caller's
 * own id, leaves the team (anyone but the owner).
 */
export function removeMember(teamId: number, { userId }: RemoveMemberInput): Promise<unknown> {
  return api.delete(`/api/v1/teams/${teamId}/members/${userId}`);
}

export function useRemoveMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemoveMemberInput) => removeMember(teamId, input),
    onSuccess: (_data, { leaving }) =>
      leaving
        ? invalidateAfterLeaving(queryClient, teamId)
        : invalidateAfterMembershipChange(queryClient),
  });
}
