import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterLeaving } from '../lib/cache';

/** Owner only. Links shared with the team become private links of their authors. */
export function deleteTeam(teamId: number): Promise<unknown> {
  return api.delete(`/api/v1/teams/${teamId}`);
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_data, teamId) => invalidateAfterLeaving(queryClient, teamId),
  });
}
