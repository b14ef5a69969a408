import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TeamMember } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateAfterMembershipChange } from '../lib/cache';

/** The caller accepts one of their invitations; answers the new membership. */
export function acceptInvitation(invitationId: number): Promise<TeamMember> {
  return api.post(`/api/v1/invitations/${invitationId}/accept`, { schema: TeamMember });
}

/** The caller declines one of their invitations. */
export function declineInvitation(invitationId: number): Promise<unknown> {
  return api.post(`/api/v1/invitations/${invitationId}/decline`);
}

/** The signed-in caller accepts the invitation an e-mailed link carries (the token is spent). */
export function acceptInvitationLink(token: string): Promise<TeamMember> {
  return api.post('/api/v1/invitations/accept', { body: { token }, schema: TeamMember });
}

const afterAnswer = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
    invalidateAfterMembershipChange(queryClient),
  ]);

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSettled: () => afterAnswer(queryClient),
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}

export function useAcceptInvitationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitationLink,
    onSuccess: () => afterAnswer(queryClient),
  });
}
