import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoginBody, LoginResponse } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { meQueryKey, setCurrentUser } from '@/lib/auth/get-me';

/** Sign-in form schema: the API's own (messages 'Username is required', 'Password is required'). */
export const loginInputSchema = LoginBody;
export type LoginInput = LoginBody;

export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post('/api/v1/auth/login', { body: input, schema: LoginResponse });
}

/** Signs in; the session cookie is set by the server, the user lands in the current-user cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (data) => {
      setCurrentUser(queryClient, data.user);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
