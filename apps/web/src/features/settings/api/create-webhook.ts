import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedWebhook, type CreateWebhookBody } from '@mailtokit/contracts/webhooks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The answer holds the signing secret: the only time it is ever shown. */
export function createWebhook(input: CreateWebhookBody): Promise<CreatedWebhook> {
  return api.post('/api/v1/webhooks', { body: input, schema: CreatedWebhook });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
