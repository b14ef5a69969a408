import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackingLink, TrackingOpens } from '@mailtokit/contracts/tracking';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/v1/tracking/:id: how a tracking link opens; its address and clicks stay. */
export function updateTrackingLink(id: number, opens: TrackingOpens): Promise<TrackingLink> {
  return api.patch(`/api/v1/tracking/${id}`, {
    body: { opens },
    schema: async () => (await import('@mailtokit/contracts/tracking')).TrackingLink,
  });
}

/** Changes how one of the link `linkId`'s tracking links opens; its list shows the answer. */
export function useUpdateTrackingLink(linkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, opens }: { id: number; opens: TrackingOpens }) =>
      updateTrackingLink(id, opens),
    onSuccess: (updated) => {
      queryClient.setQueryData<TrackingLink[]>(queryKeys.trackingLinks.ofLink(linkId), (list) =>
        list?.map((t) => (t.id === updated.id ? updated : t)),
      );
    },
  });
}
