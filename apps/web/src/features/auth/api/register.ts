import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { EMAIL_MAX, RegisterBody } from '@mailtokit/contracts/auth';
import { MESSAGES } from '@mailtokit/contracts/messages';
import { User } from '@mailtokit/contracts/user';
import { api } from '@/lib/api-client';

/**
 * Registration form schema: the API's schema, with the auth page's e-mail message
 * ('Please enter a valid email address').
 */
export const registerInputSchema = RegisterBody.extend({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, MESSAGES.tooLong(EMAIL_MAX))
    .pipe(z.email({ message: MESSAGES.emailInvalidAuthPage })),
});
export type RegisterFormValues = z.input<typeof registerInputSchema>;
export type RegisterInput = z.output<typeof registerInputSchema>;

export function register(input: RegisterInput): Promise<User> {
  return api.post('/api/v1/auth/register', { body: input, schema: User });
}

/** Creates an account. It does not sign in. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
