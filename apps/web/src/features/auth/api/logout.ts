import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth/get-me';
import { queryKeys } from '@/lib/query-keys';

export function logout(): Promise<OkResponse> {
  // Loaded by the app shell (header menu): no schema parsing, so zod stays out of it.
  return api.post<OkResponse>('/api/v1/auth/logout');
}

export interface UseLogoutOptions {
  /** Awaited before the session is cleared (e.g. to leave signed-in pages first). */
  onSuccess?: () => void | Promise<void>;
  onError?: (error: unknown) => void | Promise<void>;
}

/**
 * Signs out. Whether or not the call succeeds, the user and all their cached data are cleared
 * — after the caller's callbacks, so it can leave signed-in pages first. The callbacks are
 * mutation-level: they run even though the menu that started the sign-out unmounts.
 */
export function useLogout({ onSuccess, onError }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: () => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.me[0],
      });
      setCurrentUser(queryClient, null);
    },
  });
}
