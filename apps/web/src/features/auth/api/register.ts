import { useMutation } from '@tanstack/react-query';
import type { User } from '@mailtokit/contracts/user';
import { api } from '@/lib/api-client';
import type { RegisterInput } from '../lib/schemas';

export async function register(input: RegisterInput): Promise<User> {
  // The response schema (and zod) load with the first registration, not with the page.
  const { User } = await import('@mailtokit/contracts/user');
  return api.post('/api/v1/auth/register', { body: input, schema: User });
}

/** Creates an account. It does not sign in. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
