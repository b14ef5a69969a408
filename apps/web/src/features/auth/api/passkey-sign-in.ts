import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth/get-me';
import { signWithPasskey } from '@/lib/passkey';
import { queryKeys } from '@/lib/query-keys';

/**
 * A sign-in with a passkey: alone (any passkey of this site, no username), or with the
 * `challengeToken` of a password step as its second step, which may remember the browser.
 */
export async function passkeySignIn(
  challengeToken?: string,
  rememberBrowser = false,
): Promise<LoginResponse> {
  const { LoginResponse, PasskeyOptions } = await import('@mailtokit/contracts/auth');
  const body = challengeToken ? { challengeToken } : {};
  const options = await api.post('/api/v1/auth/passkeys/authentication/options', {
    body,
    schema: PasskeyOptions,
  });
  const response = await signWithPasskey(options);
  return api.post('/api/v1/auth/passkeys/authentication/verify', {
    body: { ...body, response, ...(challengeToken && rememberBrowser ? { rememberBrowser } : {}) },
    schema: LoginResponse,
  });
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (secondStep?: { challengeToken: string; rememberBrowser?: boolean }) =>
      passkeySignIn(secondStep?.challengeToken, secondStep?.rememberBrowser),
    onSuccess: async (data) => {
      setCurrentUser(queryClient, data.user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
