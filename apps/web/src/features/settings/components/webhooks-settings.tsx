import type { CreatedWebhook, Webhook } from '@mailtokit/contracts/webhooks';
import { WebhookIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PremiumPanel } from '@/components/premium-panel';
import { SecretOnceFlow, SecretOnceNotice } from '@/components/secret-once-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { isPremiumRequiredError, normalizeError } from '@/lib/errors';
import { useWebhooks } from '../api/get-webhooks';
import { CreateWebhookCard } from './create-webhook-card';
import { WebhookItem } from './webhook-item';

const PREMIUM_DESCRIPTION =
  'Webhooks tell your own systems about every click on your tracking links. They come with the Premium and Team plans.';

/** Settings > Webhooks: a POST to your URL at every human click on your tracking links. */
export function WebhooksSettings() {
  const { isPremium } = useAuth();
  const webhooks = useWebhooks();
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
    <SecretOnceFlow<CreatedWebhook>
      form={(onCreated) => <CreateWebhookCard onCreated={onCreated} />}
      notice={(webhook, onDone) => <NewSecretNotice webhook={webhook} onDone={onDone} />}
    >
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
    </SecretOnceFlow>
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
