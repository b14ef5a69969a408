import { PASSWORD_CONFIRMATION_MINUTES } from '@mailtokit/contracts/auth';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { idParam } from '@mailtokit/contracts/fields';
import {
  CreatedWebhook,
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WEBHOOK_TESTS_PER_HOST_PER_MINUTE,
  WEBHOOK_TESTS_PER_MINUTE,
} from '@mailtokit/contracts/webhooks';
import { z } from 'zod';
import { authOf } from '../../lib/auth-hook';
import { clientKey } from '../../lib/client-key';
import { requirePremium } from '../../lib/tiers';
import type { App } from '../../lib/types';

/** Decimal digits (else 400); an id that names no row the caller may see answers 404. */
const IdParams = z.object({ id: idParam('Webhook id (a positive integer)') });
const auth = { token: 'webhooks:write' } as const;
const PREMIUM = 'Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).';
const ANY_PLAN =
  'On any plan: an owner whose plan no longer includes webhooks keeps them, paused (`pausedByPlan`).';
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Click webhooks: `/api/v1/webhooks`. */
export async function webhookRoutes(app: App) {
  const webhooks = () => app.services.webhooks;

  app.route({
    method: 'GET',
    url: '/api/v1/webhooks',
    schema: {
      tags: ['webhooks'],
      operationId: 'listWebhooks',
      summary: 'The signed-in user’s webhooks, newest first (never their secrets)',
      description: ANY_PLAN,
      response: { 200: WebhookList, 401: ErrorBody, 403: ErrorBody },
    },
    config: { auth },
    handler: async (request) => webhooks().list(authOf(request).user),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/webhooks',
    schema: {
      tags: ['webhooks'],
      operationId: 'createWebhook',
      summary: 'Create a webhook; the answer is the only time its signing secret is shown',
      description: `${PREMIUM} The URL must be http(s) and its host must resolve to public addresses only (400 otherwise). Each listed link must be one the caller may read (404 otherwise). 409 past 20 webhooks. Under a session it needs \`currentPassword\`, or a password confirmed in the session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes (POST /api/v1/auth/confirm-password), else 400 on \`currentPassword\`; an API token with the \`webhooks:write\` scope needs none.`,
      body: CreateWebhookBody,
      response: { 201: CreatedWebhook, 400: ErrorBody, ...errors, 409: ErrorBody, 429: ErrorBody },
    },
    config: { auth },
    handler: async (request, reply) => {
      // A new way out of the account: a session proves its password (after the plan check, so
      // a FREE account hears about its plan first); a token with the scope is enough.
      if (request.auth) {
        requirePremium(request.auth.user, app.clock());
        await app.services.auth.requireFreshPassword(
          request.auth,
          request.body.currentPassword,
          clientKey(request.ip),
        );
      }
      const hook = await webhooks().create(authOf(request).user, request.body);
      return reply.code(201).header('Cache-Control', 'no-store').send(hook);
    },
  });

  app.route({
    method: 'PATCH',
    url: '/api/v1/webhooks/:id',
    schema: {
      tags: ['webhooks'],
      operationId: 'updateWebhook',
      summary: 'Enable or disable a webhook',
      description: `${PREMIUM} Enabling ends the failure streak; disabling cancels pending deliveries.`,
      params: IdParams,
      body: UpdateWebhookBody,
      response: { 200: Webhook, 400: ErrorBody, ...errors },
    },
    config: { auth },
    handler: async (request) =>
      webhooks().setEnabled(authOf(request).user, request.params.id, request.body.enabled),
  });

  app.route({
    method: 'DELETE',
    url: '/api/v1/webhooks/:id',
    schema: {
      tags: ['webhooks'],
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook; its pending deliveries are cancelled',
      description: ANY_PLAN,
      params: IdParams,
      response: { 204: z.void().meta({ description: 'Deleted' }), ...errors },
    },
    config: { auth },
    handler: async (request, reply) => {
      await webhooks().remove(authOf(request).user, request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'GET',
    url: '/api/v1/webhooks/:id/deliveries',
    schema: {
      tags: ['webhooks'],
      operationId: 'listWebhookDeliveries',
      summary: 'The webhook’s last 100 deliveries, newest first',
      description: ANY_PLAN,
      params: IdParams,
      response: { 200: WebhookDeliveryList, ...errors },
    },
    config: { auth },
    handler: async (request) => webhooks().deliveries(authOf(request).user, request.params.id),
  });

  app.route({
    method: 'POST',
    url: '/api/v1/webhooks/:id/test',
    schema: {
      tags: ['webhooks'],
      operationId: 'testWebhook',
      summary: 'Send a `ping` event now (one attempt); see its outcome in the deliveries',
      description: `${PREMIUM} 409 when the webhook is disabled. At most ${WEBHOOK_TESTS_PER_MINUTE} a minute per account, all its webhooks together, and ${WEBHOOK_TESTS_PER_HOST_PER_MINUTE} a minute per target host from all accounts (429 with \`Retry-After\` past either); deleting and recreating a webhook gives nothing back.`,
      params: IdParams,
      response: { 202: WebhookDelivery, ...errors, 409: ErrorBody, 429: ErrorBody },
    },
    config: { auth },
    handler: async (request, reply) => {
      const delivery = await webhooks().ping(authOf(request).user, request.params.id);
      return reply.code(202).send(delivery);
    },
  });
}
