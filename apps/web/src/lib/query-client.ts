import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client';
import { isClientError } from './errors';

/** Default data fetch: GET the first element of the query key. */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const path = queryKey[0];
  if (typeof path !== 'string') throw new Error('Query key must start with an API path');
  return api.get(path, { signal });
};

export const MAX_QUERY_RETRIES = 3;

/**
 * Data never goes stale by itself, no refetch on focus, up to 3 retries but
 * never on a 4xx answer; mutations are not retried. The current-user query overrides these
 * (lib/auth/get-me.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_QUERY_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
