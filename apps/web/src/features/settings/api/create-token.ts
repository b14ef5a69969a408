import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedApiToken, type CreateTokenBody } from '@mailtokit/contracts/tokens';
import { api } from '@/lib/api-client';
import { withFreshPassword } from '@/lib/fresh-password';
import { queryKeys } from '@/lib/query-keys';

/**
 * The answer holds the token itself: the only time it is ever shown. Without a password
 * confirmed in the last minutes, the password dialog asks first and the call goes again.
 */
export function createToken(input: CreateTokenBody): Promise<CreatedApiToken> {
  return withFreshPassword(() =>
    api.post('/api/v1/tokens', { body: input, schema: CreatedApiToken }),
  );
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens.all }),
  });
}
