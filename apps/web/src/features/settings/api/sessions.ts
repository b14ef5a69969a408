import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SessionList, SessionsSignedOut } from '@mailtokit/contracts/auth';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The account's signed-in sessions, the most recently active first. */
export async function getSessions({ signal }: { signal?: AbortSignal } = {}) {
  return (await api.get('/api/v1/auth/sessions', { schema: SessionList, signal })).sessions;
}

export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions.all,
    queryFn: ({ signal }) => getSessions({ signal }),
    refetchOnMount: 'always',
  });
}

/** Signing out changes the list and the security log. */
function useAfterSignOut() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.securityLog.all }),
    ]);
}

/** Signs out one session: its cookie stops working at once. */
export function useRevokeSession() {
  const after = useAfterSignOut();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/v1/auth/sessions/${id}`),
    onSuccess: after,
  });
}

/** Signs out every session but this one; answers how many ended. */
export function useRevokeOtherSessions() {
  const after = useAfterSignOut();
  return useMutation({
    mutationFn: async () =>
      (await api.post('/api/v1/auth/sessions/revoke-others', { schema: SessionsSignedOut }))
        .signedOut,
    onSuccess: after,
  });
}
