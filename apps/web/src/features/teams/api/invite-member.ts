import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Invitation, type InviteBody } from '@mailtokit/contracts/invitations';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Owner or admin: invites a username or an e-mail address. The answer of an e-mail invitation
 * holds its link (`url`), shown this once. 409 for a member or an open invitation.
 */
export function inviteMember(teamId: number, input: InviteBody): Promise<Invitation> {
  return api.post(`/api/v1/teams/${teamId}/invitations`, { body: input, schema: Invitation });
}

export function useInviteMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteBody) => inviteMember(teamId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.teams.invitations(teamId) }),
  });
}
