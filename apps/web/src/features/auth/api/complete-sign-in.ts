import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, SecondFactorBody } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';

/** The second step of a sign-in: the challenge with an app's code or a recovery code. */
export async function completeSignIn(input: SecondFactorBody): Promise<LoginResponse> {
  const { LoginResponse } = await import('@mailtokit/contracts/auth');
  return api.post('/api/v1/auth/login/second-factor', { body: input, schema: LoginResponse });
}

export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSignIn,
    onSuccess: async (data) => {
      setCurrentUser(queryClient, data.user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
