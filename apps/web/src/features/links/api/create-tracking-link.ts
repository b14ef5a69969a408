import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailtoLink } from '@mailtokit/contracts/links';
import { TrackingLink } from '@mailtokit/contracts/tracking';
import { api } from '@/lib/api-client';

/**
 * POST /api/v1/tracking with the link's id and its mailto URL (the server ignores the URL and
 * builds the target from the stored link; docs/product.md).
 */
export function createTrackingLink(
  link: Pick<MailtoLink, 'id' | 'mailtoUrl'>,
): Promise<TrackingLink> {
  return api.post('/api/v1/tracking', {
    body: { mailtoLinkId: link.id, mailtoUrl: link.mailtoUrl },
    schema: TrackingLink,
  });
}

/** Creates a tracking link for `link`; its tracking links and the analytics overview refresh. */
export function useCreateTrackingLink(link: MailtoLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createTrackingLink(link),
    // Keys owned by the analytics feature: this link's tracking links and the overview.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tracking-links', link.id] }),
        queryClient.invalidateQueries({ queryKey: ['analytics', 'overview'] }),
      ]);
    },
  });
}
