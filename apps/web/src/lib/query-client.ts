import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './errors';

export const MAX_QUERY_RETRIES = 3;

/**
 * Every query brings its own fetcher (its feature's `api/` file) and key (lib/query-keys.ts).
 * Data never goes stale by itself, no refetch on focus, up to 3 retries but
 * never on a 4xx answer; mutations are not retried. The current-user query overrides these
 * (lib/auth/get-me.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_QUERY_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
