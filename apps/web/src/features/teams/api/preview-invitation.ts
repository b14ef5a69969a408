import { queryOptions, useQuery } from '@tanstack/react-query';
import { InvitationPreview } from '@mailtokit/contracts/invitations';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The team, the inviter and the role of an e-mailed link's invitation (no sign-in needed). */
export function previewInvitation(
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InvitationPreview> {
  return api.post('/api/v1/invitations/preview', {
    body: { token },
    schema: InvitationPreview,
    signal,
  });
}

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitationPreview(token),
    queryFn: ({ signal }) => previewInvitation(token, { signal }),
    retry: false,
    staleTime: Infinity,
  });

export function useInvitationPreview(token: string) {
  return useQuery(invitationPreviewQueryOptions(token));
}
