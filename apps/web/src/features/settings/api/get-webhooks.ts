import { queryOptions, useQuery } from '@tanstack/react-query';
import { WebhookList } from '@mailtokit/contracts/webhooks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user's webhooks, newest first (never their secrets). PREMIUM or TEAM. */
export function getWebhooks({ signal }: { signal?: AbortSignal } = {}): Promise<WebhookList> {
  return api.get('/api/v1/webhooks', { schema: WebhookList, signal });
}

export const getWebhooksQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: queryKeys.webhooks.all,
    queryFn: ({ signal }) => getWebhooks({ signal }),
    enabled,
  });

export function useWebhooks(enabled = true) {
  return useQuery(getWebhooksQueryOptions(enabled));
}
