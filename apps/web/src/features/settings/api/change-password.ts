import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { z } from 'zod';
import { ChangePasswordForm, OkResponse, type ChangePasswordBody } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';

/** Form schema: current, new and confirmation ("Passwords don't match" on the confirmation). */
export const changePasswordInputSchema = ChangePasswordForm;
export type ChangePasswordFormValues = z.input<typeof ChangePasswordForm>;

/** Checks the current password, stores the new one and signs out every other session. */
export function changePassword(input: ChangePasswordBody): Promise<OkResponse> {
  return api.put('/api/v1/auth/password', { body: input, schema: OkResponse });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The security log gains the change (and the other sessions it signed out).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.securityLog.all }),
  });
}
