import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Retires a tracking link: its URL answers 404 from now on; its clicks stay counted. */
export function deleteTrackingLink(id: number): Promise<OkResponse> {
  return api.delete(`/api/v1/tracking/${id}`, { schema: OkResponse });
}

export function useDeleteTrackingLink(linkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrackingLink,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.trackingLinks.ofLink(linkId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.analytics.overviews }),
        queryClient.invalidateQueries({ queryKey: queryKeys.links.pages }),
      ]);
    },
  });
}
