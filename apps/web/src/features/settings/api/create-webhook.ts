import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedWebhook, type CreateWebhookBody } from '@mailtokit/contracts/webhooks';
import { api } from '@/lib/api-client';
import { withFreshPassword } from '@/lib/fresh-password';
import { queryKeys } from '@/lib/query-keys';

/**
 * The answer holds the signing secret: the only time it is ever shown. Without a password
 * confirmed in the last minutes, the password dialog asks first and the call goes again.
 */
export function createWebhook(input: CreateWebhookBody): Promise<CreatedWebhook> {
  return withFreshPassword(() =>
    api.post('/api/v1/webhooks', { body: input, schema: CreatedWebhook }),
  );
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
