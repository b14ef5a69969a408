import { useMutation } from '@tanstack/react-query';
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
  return useMutation({ mutationFn: changePassword });
}
