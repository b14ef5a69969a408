import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Passkey, PasskeyList, PasskeyOptions } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { withFreshPassword } from '@/lib/fresh-password';
import { createPasskey } from '@/lib/passkey';
import { queryKeys } from '@/lib/query-keys';

export function getPasskeys({ signal }: { signal?: AbortSignal } = {}): Promise<PasskeyList> {
  return api.get('/api/v1/auth/passkeys', { schema: PasskeyList, signal });
}

export function usePasskeys() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.passkeys,
      queryFn: ({ signal }) => getPasskeys({ signal }),
    }),
  );
}

/**
 * Adds a passkey: the server's options (the password dialog first, when the server wants a fresh
 * password), the browser's new credential, then its name.
 */
export async function addPasskey(input: { name: string }): Promise<Passkey> {
  const options = await withFreshPassword(() =>
    api.post('/api/v1/auth/passkeys/registration/options', { body: {}, schema: PasskeyOptions }),
  );
  const response = await createPasskey(options);
  return api.post('/api/v1/auth/passkeys/registration/verify', {
    body: { name: input.name, response },
    schema: Passkey,
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}

export function renamePasskey(input: { id: number; name: string }): Promise<Passkey> {
  return api.patch(`/api/v1/auth/passkeys/${input.id}`, {
    body: { name: input.name },
    schema: Passkey,
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}

/** Removes a passkey (the password dialog first, when the server wants a fresh password). */
export function removePasskey(input: { id: number }) {
  return withFreshPassword(() => api.delete(`/api/v1/auth/passkeys/${input.id}`));
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}
