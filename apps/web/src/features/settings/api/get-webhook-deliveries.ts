import { queryOptions, useQuery } from '@tanstack/react-query';
import { WebhookDeliveryList } from '@mailtokit/contracts/webhooks';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often an open delivery log looks for news; more often while a delivery is on its way. */
const REFRESH_MS = 3000;
const SENDING_REFRESH_MS = 1000;

/** A webhook's last 100 deliveries, newest first. */
export function getWebhookDeliveries(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WebhookDeliveryList> {
  return api.get(`/api/v1/webhooks/${id}/deliveries`, { schema: WebhookDeliveryList, signal });
}

export const getWebhookDeliveriesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.webhooks.deliveries(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending' && d.event === 'ping')
        ? SENDING_REFRESH_MS
        : REFRESH_MS,
  });

export function useWebhookDeliveries(id: number) {
  return useQuery(getWebhookDeliveriesQueryOptions(id));
}
