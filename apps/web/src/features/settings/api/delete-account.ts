import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@mailtokit/contracts/account';
import { apiRequest } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';

/** Deletes the account and everything it holds (204); the server clears the session cookie. */
export async function deleteAccount(input: DeleteAccountBody): Promise<void> {
  await apiRequest('DELETE', '/api/v1/account', { body: input });
}

/**
 * Deletes the account; on success `onDeleted` runs first (to leave the signed-in pages), then
 * every cached query and the current user are cleared.
 */
export function useDeleteAccount(onDeleted: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await onDeleted();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      setCurrentUser(queryClient, null);
    },
  });
}
