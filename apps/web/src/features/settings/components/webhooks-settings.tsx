import { TriangleAlertIcon, WebhookIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_FAILURES_TO_DISABLE,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@mailtokit/contracts/webhooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PremiumPanel } from '@/components/premium-panel';
import { SecretOnceNotice } from '@/components/secret-once-notice';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { PendingLabel } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useAuth } from '@/lib/auth/use-auth';
import { fieldErrors, isPremiumRequiredError, normalizeError } from '@/lib/errors';
import { toast, toastError } from '@/lib/toast';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useLinkChoices, type LinkChoice } from '../api/get-link-choices';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useWebhooks } from '../api/get-webhooks';
import { useTestWebhook } from '../api/test-webhook';
import { useSetWebhookEnabled } from '../api/update-webhook';
import { formatWhen } from '../lib/format';

const PREMIUM_DESCRIPTION =
  'Webhooks tell your own systems about every click on your tracking links. They come with the Premium and Team plans.';

/** Settings > Webhooks: a POST to your URL at every human click on your tracking links. */
export function WebhooksSettings() {
  const { isPremium } = useAuth();
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  if (webhooks.isError && isPremiumRequiredError(webhooks.error))
    return <PremiumPanel description={PREMIUM_DESCRIPTION} />;
  // Webhooks of a plan that no longer includes them: paused, still listed (to read or delete).
  const paused = webhooks.data?.some((w) => w.pausedByPlan) ?? false;
  if (webhooks.isSuccess && (paused || (webhooks.data.length === 0 && !isPremium)))
    return (
      <div className="grid gap-6">
        <PremiumPanel
          description={
            paused
              ? 'Your plan no longer includes webhooks, so yours are paused: clicks are not reported to them. They resume when you move to the Premium or Team plan.'
              : PREMIUM_DESCRIPTION
          }
        />
        {paused ? <WebhookList webhooks={webhooks.data} /> : null}
      </div>
    );
  return (
    <div className="grid gap-6">
      {created ? (
        <NewSecretNotice webhook={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateWebhookCard onCreated={setCreated} />
      )}
      {webhooks.isPending ? (
        <Skeleton className="h-28" />
      ) : webhooks.isError ? (
        <LoadErrorAlert
          title="Could not load your webhooks"
          message={normalizeError(webhooks.error).message}
          onRetry={() => void webhooks.refetch()}
          retrying={webhooks.isFetching}
        />
      ) : webhooks.data.length === 0 ? (
        <EmptyState
          icon={WebhookIcon}
          title="No webhooks yet"
          description="Add an endpoint above to hear about clicks as they happen."
        />
      ) : (
        <WebhookList webhooks={webhooks.data} />
      )}
    </div>
  );
}

function WebhookList({ webhooks }: { webhooks: Webhook[] }) {
  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-3">
      <h2 id="webhooks-heading" className="text-base font-semibold">
        Your webhooks
      </h2>
      <ul className="grid gap-4">
        {webhooks.map((w) => (
          <WebhookItem key={w.id} webhook={w} />
        ))}
      </ul>
    </section>
  );
}

function CreateWebhookCard({ onCreated }: { onCreated: (hook: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [allLinks, setAllLinks] = useState(true);
  const [picked, setPicked] = useState<number[]>([]);
  const [errors, setErrors] = useState<{ url?: string; links?: string }>({});
  const links = useLinkChoices(!allLinks);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = {
      url: /^https?:\/\/\S+$/i.test(url.trim()) ? undefined : 'Enter an http:// or https:// URL',
      links: allLinks || picked.length > 0 ? undefined : 'Choose at least one link',
    };
    setErrors(local);
    if (local.url || local.links) return;
    create.mutate(
      { url: url.trim(), events: ['link.clicked'], mailtoLinkIds: allLinks ? null : picked },
      {
        onSuccess: (hook) => {
          setUrl('');
          setPicked([]);
          onCreated(hook);
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (fields?.url || fields?.mailtoLinkIds)
            setErrors({ url: fields.url, links: fields.mailtoLinkIds });
          else toastError(error);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Add a webhook</CardTitle>
        <CardDescription>
          Each human click on a tracking link is POSTed to your URL as a signed{' '}
          <code>link.clicked</code> event, retried for about a day if your endpoint is down.
        </CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit}>
        <CardContent className="grid gap-5">
          <FormField
            id="webhook-url"
            label="Endpoint URL"
            error={errors.url}
            hint="Must be reachable from the internet (no private or local addresses)."
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                value={url}
                placeholder="https://example.com/hooks/mailtokit"
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Links</legend>
            <div className="flex items-center gap-3">
              <Checkbox
                id="webhook-all-links"
                checked={allLinks}
                onCheckedChange={(on) => setAllLinks(on === true)}
              />
              <Label htmlFor="webhook-all-links" className="font-normal">
                All my links, including ones I create later
              </Label>
            </div>
            {allLinks ? null : (
              <LinkPicker
                links={links.data}
                loading={links.isPending}
                picked={picked}
                onChange={setPicked}
              />
            )}
            {errors.links ? <p className="text-sm text-destructive">{errors.links}</p> : null}
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={create.isPending}>
            <PendingLabel pending={create.isPending} label="Add webhook" pendingLabel="Adding..." />
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function LinkPicker({
  links,
  loading,
  picked,
  onChange,
}: {
  links: LinkChoice[] | undefined;
  loading: boolean;
  picked: number[];
  onChange: (ids: number[]) => void;
}) {
  if (loading) return <Skeleton className="h-16" />;
  if (!links || links.length === 0)
    return <p className="text-sm text-muted-foreground">You have no saved links yet.</p>;
  return (
    <div className="grid max-h-56 gap-2 overflow-y-auto rounded-md border p-3 sm:grid-cols-2">
      {links.map((link) => (
        <div key={link.id} className="flex items-center gap-3">
          <Checkbox
            id={`webhook-link-${link.id}`}
            checked={picked.includes(link.id)}
            onCheckedChange={(on) =>
              onChange(on === true ? [...picked, link.id] : picked.filter((x) => x !== link.id))
            }
          />
          <Label htmlFor={`webhook-link-${link.id}`} className="truncate font-normal">
            {link.name}
          </Label>
        </div>
      ))}
    </div>
  );
}

function NewSecretNotice({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  return (
    <SecretOnceNotice
      title="Copy the signing secret now"
      value={webhook.secret}
      label="Webhook signing secret"
      copiedMessage={{ title: 'Secret copied', description: 'Store it with your endpoint.' }}
      onDone={onDone}
      data-testid="new-webhook-secret"
    >
      Your endpoint uses it to check the <code>MailtoKit-Signature</code> header of every request.
      It is shown only this once.
    </SecretOnceNotice>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
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
            disabled={test.isPending}
            onClick={() =>
              test.mutate(webhook.id, {
                onSuccess: () => {
                  setShowLog(true);
                  toast({ title: 'Test event sent', description: 'See the delivery log below.' });
                },
                onError: (error) => toastError(error),
              })
            }
          >
            <PendingLabel
              pending={test.isPending}
              label="Send test event"
              pendingLabel="Sending..."
            />
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
      {showLog ? <DeliveryLog webhookId={webhook.id} /> : null}
    </li>
  );
}

const STATUS_BADGE: Record<
  WebhookDelivery['status'],
  { label: string; variant: 'success' | 'destructive' | 'outline' | 'secondary' }
> = {
  succeeded: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  pending: { label: 'Retrying', variant: 'outline' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
};

function DeliveryLog({ webhookId }: { webhookId: number }) {
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
            const badge =
              d.status === 'pending' && d.attempts === 0
                ? { label: 'Pending', variant: 'outline' as const }
                : STATUS_BADGE[d.status];
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
