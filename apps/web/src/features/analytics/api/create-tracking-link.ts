import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TrackingLink, type CreateTrackingBody } from '@mailtokit/contracts/tracking';
import { api } from '@/lib/api-client';
import { analyticsOverviewPrefix } from './get-analytics-overview';
import { trackingLinksKey } from './get-tracking-links';

export function createTrackingLink(body: CreateTrackingBody): Promise<TrackingLink> {
  return api.post('/api/v1/tracking', { body, schema: TrackingLink });
}

/** Creates a tracking link; the link's list and the overview (tracking-link counts) refresh. */
export function useCreateTrackingLink(linkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mailtoUrl?: string; label?: string | null }) =>
      createTrackingLink({ mailtoLinkId: linkId, ...input }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trackingLinksKey(linkId) }),
        queryClient.invalidateQueries({ queryKey: analyticsOverviewPrefix }),
      ]);
    },
  });
}
