import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WebhookDelivery } from '@mailtokit/contracts/webhooks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Queues a `ping` event; its outcome shows in the delivery log. */
export function testWebhook(id: number): Promise<WebhookDelivery> {
  return api.post(`/api/v1/webhooks/${id}/test`, { schema: WebhookDelivery });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: (_d, id) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(id) }),
  });
}
