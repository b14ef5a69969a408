import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackingLink, TrackingOpens } from '@mailtokit/contracts/tracking';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

export interface NewTrackingLink {
  /** The saved link the tracking link redirects to (the server builds the target from it). */
  mailtoLinkId: number;
  /** Optional name shown next to the tracking link; blank means none. */
  label?: string | null;
  /** How it opens: the mail app directly (the server's default) or the chooser page. */
  opens?: TrackingOpens;
}

/** POST /api/v1/tracking: a new tracking link for a saved link. */
export function createTrackingLink({
  mailtoLinkId,
  label,
  opens,
}: NewTrackingLink): Promise<TrackingLink> {
  return api.post('/api/v1/tracking', {
    body: { mailtoLinkId, label: label?.trim() || null, ...(opens ? { opens } : {}) },
    // Loaded on use: the links tab shows without zod.
    schema: async () => (await import('@mailtokit/contracts/tracking')).TrackingLink,
  });
}

/**
 * Creates a tracking link for the saved link `linkId` (from the links tab or the analytics
 * page); that link's tracking links, the analytics overview and the links tab's rows refresh.
 */
export function useCreateTrackingLink(linkId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ label, opens }: { label?: string | null; opens?: TrackingOpens } = {}) =>
      createTrackingLink({ mailtoLinkId: linkId, label, opens }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.trackingLinks.ofLink(linkId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.analytics.overviews }),
        queryClient.invalidateQueries({ queryKey: queryKeys.links.pages }),
      ]);
    },
  });
}
