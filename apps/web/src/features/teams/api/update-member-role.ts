import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamMember, type TeamRole } from '@mailtokit/contracts/teams';
import { api } from '@/lib/api-client';
import { withFreshPassword } from '@/lib/fresh-password';
import { invalidateAfterMembershipChange } from '../lib/cache';

export interface UpdateMemberRoleInput {
  userId: number;
  /** 'OWNER' transfers ownership: the current owner becomes an admin. */
  role: TeamRole;
}

/**
 * Owner only: between admin and member, or owner (transfer). A transfer needs a fresh password:
 * the password dialog asks for it when the server does, then the transfer goes again.
 */
export function updateMemberRole(
  teamId: number,
  { userId, role }: UpdateMemberRoleInput,
): Promise<TeamMember> {
  return withFreshPassword(() =>
    api.put(`/api/v1/teams/${teamId}/members/${userId}`, { body: { role }, schema: TeamMember }),
  );
}

export function useUpdateMemberRole(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMemberRoleInput) => updateMemberRole(teamId, input),
    onSuccess: () => invalidateAfterMembershipChange(queryClient),
  });
}
