import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Owner or admin: withdraws a pending invitation; its link stops working. */
export function revokeInvitation(teamId: number, invitationId: number): Promise<unknown> {
  return api.delete(`/api/v1/teams/${teamId}/invitations/${invitationId}`);
}

export function useRevokeInvitation(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => revokeInvitation(teamId, invitationId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.teams.invitations(teamId) }),
  });
}
