import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@mailtokit/contracts/user';
import { ApiError, api } from '../api-client';
import { queryKeys } from '../query-keys';
import { hasSessionHint, setSessionHint } from './session-hint';

/**
 * The signed-in user (GET /api/v1/auth/me). Shared by every feature, so it lives in lib/
 * rather than in features/auth (features never import each other).
 */
const ME_PATH = '/api/v1/auth/me';

/** Current-user refresh interval while signed in. */
export const ME_REFETCH_INTERVAL_MS = 300_000;

export interface GetMeOptions {
  signal?: AbortSignal;
  /** Ask the server even when this browser has no sign-in on record (see session-hint.ts). */
  verify?: boolean;
}

/** 401 means anonymous: resolves null. Other failures throw (and are retried once). */
export async function getMe({ signal, verify = false }: GetMeOptions = {}): Promise<User | null> {
  if (!verify && !hasSessionHint()) return null;
  try {
    // Not parsed with the User schema: zod stays out of the landing bundle (see lib/user.ts).
    const user = await api.get<User>(ME_PATH, { signal });
    setSessionHint(true);
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setSessionHint(false);
      return null;
    }
    throw err;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchOnReconnect: true,
    retry: 1,
    refetchInterval: (query) => (query.state.data ? ME_REFETCH_INTERVAL_MS : false),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** Replaces the cached current user (after sign-in, profile update or sign-out). */
export function setCurrentUser(queryClient: QueryClient, user: User | null): void {
  setSessionHint(user !== null);
  queryClient.setQueryData(queryKeys.me, user);
}
