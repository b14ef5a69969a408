import type { WebhookDelivery } from '@mailtokit/contracts/webhooks';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { normalizeError } from '@/lib/errors';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { formatWhen } from '../lib/format';

const STATUS_BADGE: Record<
  WebhookDelivery['status'],
  { label: string; variant: 'success' | 'destructive' | 'outline' | 'secondary' }
> = {
  succeeded: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  pending: { label: 'Retrying', variant: 'outline' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
};

/**
 * Whether a delivery is on its way now: queued, or its first attempt is out and has not
 * answered (a test ping only ever has that one attempt). A pending delivery whose last attempt
 * failed is being retried.
 */
export function isSending(d: WebhookDelivery): boolean {
  if (d.status !== 'pending') return false;
  return d.event === 'ping' || d.attempts === 0 || (d.responseStatus === null && d.error === null);
}

/** The status badge of a delivery. */
export function deliveryBadge(d: WebhookDelivery): {
  label: string;
  variant: 'success' | 'destructive' | 'outline' | 'secondary';
} {
  return isSending(d) ? { label: 'Sending…', variant: 'outline' } : STATUS_BADGE[d.status];
}

/** The last deliveries of one webhook: event, status, response, attempts, time. */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isPending) return <Skeleton className="h-16" />;
  if (deliveries.isError)
    return (
      <LoadErrorAlert
        title="Could not load the delivery log"
        message={normalizeError(deliveries.error).message}
        onRetry={() => void deliveries.refetch()}
        retrying={deliveries.isFetching}
      />
    );
  if (deliveries.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No deliveries yet. Click one of your tracking links, or send a test event.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label="Delivery log">
        <TableHeader>
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Response</TableHead>
            <TableHead>Attempts</TableHead>
            <TableHead>Time</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.data.map((d) => {
            const badge = deliveryBadge(d);
            return (
              <TableRow key={d.id} data-testid="delivery-row">
                <TableCell className="font-mono text-xs">{d.event}</TableCell>
                <TableCell>
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                </TableCell>
                <TableCell className="text-xs">{d.responseStatus ?? d.error ?? '—'}</TableCell>
                <TableCell className="text-xs">{d.attempts}</TableCell>
                <TableCell className="text-xs whitespace-nowrap">
                  {formatWhen(d.lastAttemptAt ?? d.createdAt)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
