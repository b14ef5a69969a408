import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiTokenList } from '@mailtokit/contracts/tokens';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user's API tokens, newest first (never their secrets). */
export function getTokens({ signal }: { signal?: AbortSignal } = {}): Promise<ApiTokenList> {
  return api.get('/api/v1/tokens', { schema: ApiTokenList, signal });
}

export const getTokensQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tokens.all, queryFn: ({ signal }) => getTokens({ signal }) });

export function useTokens() {
  return useQuery(getTokensQueryOptions());
}
