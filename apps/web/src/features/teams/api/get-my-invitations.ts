import { queryOptions, useQuery } from '@tanstack/react-query';
import { InvitationList } from '@mailtokit/contracts/invitations';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user's pending invitations: team, inviter, role, expiry. */
export function getMyInvitations({
  signal,
}: { signal?: AbortSignal } = {}): Promise<InvitationList> {
  return api.get('/api/v1/invitations', { schema: InvitationList, signal });
}

export const getMyInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.invitations.all,
    queryFn: ({ signal }) => getMyInvitations({ signal }),
  });

export function useMyInvitations() {
  return useQuery(getMyInvitationsQueryOptions());
}
