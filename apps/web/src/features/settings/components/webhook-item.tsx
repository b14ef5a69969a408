import { WEBHOOK_FAILURES_TO_DISABLE, type Webhook } from '@mailtokit/contracts/webhooks';
import { TriangleAlertIcon } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PendingLabel } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast, toastError } from '@/lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { getWebhookDeliveriesQueryOptions } from '../api/get-webhook-deliveries';
import { useTestWebhook } from '../api/test-webhook';
import { useSetWebhookEnabled } from '../api/update-webhook';
import { formatWhen } from '../lib/format';
import { DeliveryLog, isSending } from './webhook-delivery-log';

/** What a test ping that was never attempted came to: its webhook was disabled first. */
export const PING_NOT_SENT = 'Not sent: the webhook is disabled';

/**
 * Send test event: the button says "Sending…" from the click until the ping has its answer,
 * then a toast says how it went (the delivery log shows it with its time). A ping whose webhook
 * is disabled before its attempt is cancelled, never sent: that ends the wait too, as does the
 * webhook showing as disabled (whatever the log says) and a 409 (disabled meanwhile, elsewhere).
 */
function useTestPing(webhookId: number, enabled: boolean) {
  const test = useTestWebhook();
  const queryClient = useQueryClient();
  const [pingId, setPingId] = useState<number | null>(null);
  // The ping that ended unsent (kept, so enabling the webhook again does not resume the wait).
  const [unsentId, setUnsentId] = useState<number | null>(null);
  const deliveries = useQuery({
    ...getWebhookDeliveriesQueryOptions(webhookId),
    enabled: pingId !== null,
  });
  const ping = pingId === null ? undefined : deliveries.data?.find((d) => d.id === pingId);
  const settled = ping !== undefined && !isSending(ping) ? ping : undefined;
  // Pushed out of the log by newer deliveries, such as queued events cancelled when the webhook
  // was disabled: the webhook's state tells whether the ping can still be sent.
  const pushedOut =
    pingId !== null && ping === undefined && !!deliveries.data?.every((d) => d.id > pingId);
  useEffect(() => {
    if (pushedOut) void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
  }, [pushedOut, queryClient]);
  if (
    pingId !== null &&
    unsentId !== pingId &&
    (settled?.status === 'cancelled' || (settled === undefined && !enabled))
  )
    setUnsentId(pingId);
  const notSent = pingId !== null && unsentId === pingId;
  // Once per ping: what it came to (these never change once it has settled).
  const outcome =
    settled && !notSent
      ? {
          id: settled.id,
          delivered: settled.status === 'succeeded',
          answer: settled.error ?? `Your endpoint answered ${settled.responseStatus ?? '—'}`,
          when: formatWhen(settled.lastAttemptAt ?? settled.createdAt),
        }
      : undefined;
  const { id: outcomeId, delivered, answer, when } = outcome ?? {};
  useEffect(() => {
    if (outcomeId === undefined) return;
    toast(
      delivered
        ? { title: 'Test event delivered', description: `${answer} (${when}).` }
        : {
            variant: 'destructive',
            title: 'Test event not delivered',
            description: `${answer} (${when}).`,
          },
    );
  }, [outcomeId, delivered, answer, when]);
  useEffect(() => {
    if (unsentId === null) return;
    toast({
      variant: 'destructive',
      title: 'Test event not sent',
      description: 'The webhook was disabled before its attempt. Enable it, then try again.',
    });
  }, [unsentId]);
  const send = (onSent: () => void) =>
    test.mutate(webhookId, {
      onSuccess: (delivery) => {
        setPingId(delivery.id);
        onSent();
      },
      onError: (error) => {
        toastError(error);
        // Disabled meanwhile (in another tab, or after failed deliveries): show it as it is.
        if (error instanceof ApiError && error.status === 409)
          void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
      },
    });
  return {
    send,
    sending: test.isPending || (pingId !== null && settled === undefined && !notSent),
    notSent,
  };
}

/** One webhook: its address, state, actions (test, enable, delete) and delivery log. */
export function WebhookItem({ webhook }: { webhook: Webhook }) {
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteWebhook();
  const test = useTestPing(webhook.id, webhook.enabled && !webhook.pausedByPlan);
  const setEnabled = useSetWebhookEnabled();
  const links = webhook.mailtoLinkIds;
  return (
    <li className="grid gap-4 rounded-xl border bg-card p-4" data-testid="webhook-item">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <span className="font-mono text-sm break-all">{webhook.url}</span>
          <div className="flex flex-wrap items-center gap-1.5">
            {webhook.pausedByPlan ? (
              <Badge variant="secondary">Paused: plan</Badge>
            ) : webhook.enabled ? (
              <Badge variant="success">Active</Badge>
            ) : (
              <Badge variant="destructive">Disabled</Badge>
            )}
            <Badge variant="outline">
              {links === null
                ? 'All my links'
                : `${links.length} ${links.length === 1 ? 'link' : 'links'}`}
            </Badge>
            {webhook.consecutiveFailures > 0 && webhook.enabled ? (
              <Badge variant="outline">{webhook.consecutiveFailures} failed in a row</Badge>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">Added {formatWhen(webhook.createdAt)}</p>
        </div>
      </div>
      {webhook.enabled || webhook.pausedByPlan ? null : (
        <Alert variant="destructive">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>This webhook is disabled</AlertTitle>
          <AlertDescription>
            {webhook.consecutiveFailures >= WEBHOOK_FAILURES_TO_DISABLE
              ? `${webhook.consecutiveFailures} deliveries in a row failed, so we stopped sending. Fix your endpoint, then enable it again.`
              : 'No events are sent while it is disabled.'}
          </AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {webhook.pausedByPlan ? null : webhook.enabled ? (
          <Button
            variant="outline"
            size="sm"
            disabled={test.sending}
            onClick={() => test.send(() => setShowLog(true))}
          >
            <PendingLabel pending={test.sending} label="Send test event" pendingLabel="Sending…" />
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={setEnabled.isPending}
            onClick={() =>
              setEnabled.mutate(
                { id: webhook.id, enabled: true },
                { onError: (error) => toastError(error) },
              )
            }
          >
            Enable
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showLog}
          onClick={() => setShowLog((v) => !v)}
        >
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          trigger={
            <Button variant="outline" size="sm" className="text-destructive">
              Delete
            </Button>
          }
          title="Delete this webhook?"
          description="No more events are sent to it, and deliveries still waiting are cancelled."
          confirmLabel="Delete webhook"
          pendingLabel="Deleting..."
          destructive
          onConfirm={() =>
            remove.mutateAsync(webhook.id).then(
              () => {
                setConfirmDelete(false);
                toast({ title: 'Webhook deleted' });
              },
              (error: unknown) => {
                toastError(error);
              },
            )
          }
        />
      </div>
      {test.notSent ? (
        <p role="status" className="text-sm text-muted-foreground">
          {PING_NOT_SENT}.
        </p>
      ) : null}
      {showLog ? <DeliveryLog webhookId={webhook.id} /> : null}
    </li>
  );
}
