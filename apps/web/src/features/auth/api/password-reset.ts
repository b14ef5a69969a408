import { useMutation } from '@tanstack/react-query';
import {
  PasswordResetConfirmed,
  PasswordResetRequested,
  type PasswordResetConfirmBody,
  type PasswordResetRequestBody,
} from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';

/** Asks for a reset e-mail; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(
  input: PasswordResetRequestBody,
): Promise<PasswordResetRequested> {
  return api.post('/api/v1/auth/password-reset', { body: input, schema: PasswordResetRequested });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/**
 * Sets the new password with the token of the e-mailed link; every session ends and every API
 * token is revoked (the answer names them).
 */
export function confirmPasswordReset(
  input: PasswordResetConfirmBody,
): Promise<PasswordResetConfirmed> {
  return api.post('/api/v1/auth/password-reset/confirm', {
    body: input,
    schema: PasswordResetConfirmed,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
