import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';
import type { LoginInput } from '../lib/schemas';

export async function login(input: LoginInput): Promise<LoginResponse> {
  // The response schema (and zod) load with the first sign-in, not with the page.
  const { LoginResponse } = await import('@mailtokit/contracts/auth');
  return api.post('/api/v1/auth/login', { body: input, schema: LoginResponse });
}

/** Signs in; the session cookie is set by the server, the user lands in the current-user cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (data) => {
      setCurrentUser(queryClient, data.user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
