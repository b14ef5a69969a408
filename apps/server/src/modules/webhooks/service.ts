import type { z } from 'zod';
import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TESTS_PER_HOST_PER_MINUTE,
  WEBHOOK_TESTS_PER_MINUTE,
  WEBHOOKS_PER_USER_MAX,
  type CreatedWebhook,
  type CreateWebhookBody,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@mailtokit/contracts/webhooks';
import type { WebhookSettings } from '../../config';
import type { Db } from '../../db/database';
import type { UserRow, WebhookDeliveryRow } from '../../db/types';
import type { AccountData } from '../../lib/account-data';
import type { Clock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter';
import { conflict, notFound, validationError } from '../../lib/errors';
import { parseId } from '@mailtokit/contracts/ids';
import { isPremium } from '@mailtokit/contracts/user';
import { requirePremium, tierOf } from '../../lib/tiers';
import type { LinkAccessRules } from '../access/service';
import { RefusedAddressError, resolveWebhookHost } from './address';
import * as accountRepo from './account-repo';
import * as deliveryRepo from './delivery-repo';
import { pendingDelivery } from './outbox-repo';
import * as repo from './repo';
import { newWebhookSecret } from './sender';
import type { SecurityLog } from '../security-log/service';

function toWebhook(row: repo.WebhookWithLinks, pausedByPlan: boolean): Webhook {
  const events = new Set(row.events.split(' '));
  return {
    id: row.id,
    url: row.url,
    events: WEBHOOK_EVENTS.filter((e): e is WebhookEvent => events.has(e)),
    mailtoLinkIds: row.linkIds,
    enabled: row.disabled_at === null,
    pausedByPlan,
    disabledAt: row.disabled_at,
    consecutiveFailures: row.consecutive_failures,
    createdAt: row.created_at,
  };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event_type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    error: row.last_error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    completedAt: row.completed_at,
  };
}

/** The rate limits of test pings: per account (user id), and per target host (all accounts). */
const TEST_LIMIT = 'webhookTest';
const TEST_HOST_LIMIT = 'webhookTestHost';

/** Whether the user's plan in force at `now` includes webhooks (PREMIUM or TEAM). */
const hasWebhooks = (user: UserRow, now: Date) => isPremium(tierOf(user, now));

/**
 * Click webhooks of PREMIUM and TEAM users: each covers the links its owner may read (all
 * they created, or a list), and is managed by its owner only (another user's id is 404).
 * An owner whose plan no longer includes them (FREE, or a subscription that ended) keeps
 * their webhooks, paused: no events are queued for them until the plan does again (the click
 * batch checks the plan at each click), and the owner may still list them, read their
 * delivery logs and delete them, but not create, test or enable one.
 */
export class WebhooksService {
  /** The account's webhooks (never their secrets); deletion takes their deliveries too. */
  readonly accountData: AccountData = {
    tables: ['webhooks'],
    exportFor: async (db, user) => ({
      webhooks: (await accountRepo.webhooksOf(db, user.id)).map((w) => ({
        id: w.id,
        url: w.url,
        events: w.events.split(' ').filter(Boolean),
        allLinks: w.all_links === 1,
        linkIds: w.linkIds,
        disabledAt: w.disabled_at,
        createdAt: w.created_at,
      })),
    }),
    deleteFor: (trx, user) => accountRepo.deleteWebhooksOf(trx, user.id),
  };

  constructor(
    private readonly db: Db,
    private readonly links: () => LinkAccessRules,
    private readonly settings: WebhookSettings,
    private readonly clock: Clock,
    /** The account's security log: webhooks created and deleted. */
    private readonly securityLog: SecurityLog,
    /** Budgets test pings per webhook (this service defines its `webhookTest` limit there). */
    private readonly limiter: Limiter,
    /** Called when a delivery was queued (the worker looks at once). */
    private readonly onQueued: () => void = () => undefined,
  ) {
    limiter.define(TEST_LIMIT, {
      points: WEBHOOK_TESTS_PER_MINUTE,
      durationMs: 60_000,
      detail: WEBHOOK_MESSAGES.tooManyTests,
    });
    limiter.define(TEST_HOST_LIMIT, {
      points: WEBHOOK_TESTS_PER_HOST_PER_MINUTE,
      durationMs: 60_000,
      detail: WEBHOOK_MESSAGES.tooManyTestsToHost,
    });
  }

  async create(user: UserRow, input: z.output<typeof CreateWebhookBody>): Promise<CreatedWebhook> {
    requirePremium(user, this.clock());
    const k = this.db.kysely;
    // An early answer, before the address is resolved; the count that decides is taken
    // again under the user's lock when the webhook is written.
    if ((await repo.countWebhooks(k, user.id)) >= WEBHOOKS_PER_USER_MAX)
      throw conflict(WEBHOOK_MESSAGES.tooMany);
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw validationError({ url: WEBHOOK_MESSAGES.badUrl });
    }
    try {
      await resolveWebhookHost(url, this.settings.allowPrivate);
    } catch (err) {
      if (err instanceof RefusedAddressError)
        throw validationError({ url: `Webhooks cannot be sent there: ${err.message}` });
      throw err;
    }
    let linkIds: number[] | null = null;
    if (input.mailtoLinkIds) {
      linkIds = [...new Set(input.mailtoLinkIds)].sort((a, b) => a - b);
      // Each must be a link the caller may read: 404 otherwise, as for any other link call.
      for (const id of linkIds) await this.links().loadAccessible(user, id, 'read');
    }
    const secret = newWebhookSecret();
    const now = this.clock().toISOString();
    // Counted again under the user's lock: parallel creates cannot all see room for one more.
    const row = await k.transaction().execute(async (trx) => {
      await repo.lockWebhooksOf(trx, this.db.dialect, user.id);
      if ((await repo.countWebhooks(trx, user.id)) >= WEBHOOKS_PER_USER_MAX)
        throw conflict(WEBHOOK_MESSAGES.tooMany);
      await this.securityLog.record(trx, user.id, 'webhook_created', input.url);
      return repo.insertWebhook(
        trx,
        {
          user_id: user.id,
          url: input.url,
          secret,
          events: input.events.join(' '),
          all_links: linkIds ? 0 : 1,
          disabled_at: null,
          created_at: now,
          updated_at: now,
        },
        linkIds,
      );
    });
    return { ...toWebhook({ ...row, consecutive_failures: 0 }, false), secret };
  }

  async list(user: UserRow): Promise<Webhook[]> {
    const paused = !hasWebhooks(user, this.clock());
    return (await repo.listWebhooks(this.db.kysely, user.id)).map((w) => toWebhook(w, paused));
  }

  /** The user's webhook by id (404 otherwise); `premium`: only on a plan that includes them. */
  private async load(
    user: UserRow,
    rawId: string,
    premium: boolean,
  ): Promise<repo.WebhookWithLinks> {
    if (premium) requirePremium(user, this.clock());
    const id = parseId(rawId);
    const row = id === null ? undefined : await repo.findWebhook(this.db.kysely, user.id, id);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  /** Enables (ending the failure streak) or disables (cancelling pending deliveries). */
  async setEnabled(user: UserRow, rawId: string, enabled: boolean): Promise<Webhook> {
    const row = await this.load(user, rawId, true);
    await repo.setDisabled(
      this.db.kysely,
      this.db.dialect,
      row.id,
      !enabled,
      this.clock().toISOString(),
    );
    if (enabled) this.onQueued();
    return toWebhook((await repo.findWebhook(this.db.kysely, user.id, row.id))!, false);
  }

  /** Deletes the webhook; its pending deliveries are cancelled with it. */
  async remove(user: UserRow, rawId: string): Promise<void> {
    const row = await this.load(user, rawId, false);
    if (!(await repo.deleteWebhook(this.db.kysely, user.id, row.id)))
      throw notFound(WEBHOOK_MESSAGES.notFound);
    await this.securityLog.record(null, user.id, 'webhook_deleted', row.url);
  }

  async deliveries(user: UserRow, rawId: string): Promise<WebhookDelivery[]> {
    const row = await this.load(user, rawId, false);
    const rows = await deliveryRepo.listDeliveries(
      this.db.kysely,
      row.id,
      WEBHOOK_DELIVERIES_SHOWN,
    );
    return rows.map(toDelivery);
  }

  /**
   * Queues a `ping` event (one attempt) and returns its delivery. An account may send
   * WEBHOOK_TESTS_PER_MINUTE of them a minute over all its webhooks, and a target host may
   * receive WEBHOOK_TESTS_PER_HOST_PER_MINUTE from all accounts (spent before anything is
   * queued; the account's first, so one account cannot use up a host's budget alone): 429 past
   * either. The budgets belong to the account and the host, never to a webhook, so deleting
   * and recreating webhooks resets nothing.
   */
  async ping(user: UserRow, rawId: string): Promise<WebhookDelivery> {
    const row = await this.load(user, rawId, true);
    if (row.disabled_at !== null) throw conflict(WEBHOOK_MESSAGES.disabled);
    await this.limiter.consumeAll([
      [TEST_LIMIT, String(user.id)],
      [TEST_HOST_LIMIT, new URL(row.url).hostname.toLowerCase()],
    ]);
    const at = this.clock().toISOString();
    const id = repo.newEventId();
    const payload = JSON.stringify({
      id,
      type: 'ping',
      createdAt: at,
      data: { webhookId: row.id },
    });
    const delivery = await deliveryRepo.insertDelivery(
      this.db.kysely,
      pendingDelivery(row.id, id, 'ping', payload, at),
    );
    this.onQueued();
    return toDelivery(delivery);
  }
}
