import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Webhook } from '@mailtokit/contracts/webhooks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Enables a webhook (ending its failure streak) or disables it. */
export function setWebhookEnabled({ id, enabled }: { id: number; enabled: boolean }) {
  return api.patch(`/api/v1/webhooks/${id}`, { body: { enabled }, schema: Webhook });
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWebhookEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}
