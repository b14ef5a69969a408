import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, SecondFactorRequired } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';
import type { LoginInput } from '../lib/schemas';

/** A session, or (two-step sign-in on) the challenge the code completes. */
export type LoginResult = LoginResponse | SecondFactorRequired;

export async function login(input: LoginInput): Promise<LoginResult> {
  // The response schemas (and zod) load with the first sign-in, not with the page.
  const { LoginResponse, SecondFactorRequired } = await import('@mailtokit/contracts/auth');
  return api.post('/api/v1/auth/login', {
    body: input,
    schema: LoginResponse.or(SecondFactorRequired),
  });
}

/**
 * Signs in; the session cookie is set by the server, the user lands in the current-user cache.
 * With two-step sign-in on, the answer is a challenge (`useCompleteSignIn` takes it on).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (data) => {
      if (!('user' in data)) return;
      setCurrentUser(queryClient, data.user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
