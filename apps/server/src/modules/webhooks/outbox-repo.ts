import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ClickSource, OpenChoice } from '@mailtokit/contracts/analytics';
import type { LinkClickedEvent, LinkOpenedWithEvent } from '@mailtokit/contracts/webhooks';
import type { Dialect } from '../../db/database';
import type { DB, NewWebhookDelivery } from '../../db/types';

/**
 * The outbox of click events: the click rules queue one row per webhook and application of the
 * rules (with the clicks' ids, in the same transaction as the clicks' rollups;
 * clicks/click-rules.ts); here they are written out as deliveries.
 */

/** Rows per INSERT statement (12 columns: well under either database's parameter limit). */
const INSERT_CHUNK = 400;

/** What a `link.clicked` event reports: the stored click and its tracking link. */
export interface ClickForEvent {
  id: number;
  tracking_link_id: number;
  mailto_link_id: number;
  slug: string;
  label: string | null;
  occurred_at: string;
  referrer_host: string | null;
  browser: string;
  os: string;
  device: string;
  country: string | null;
  source: ClickSource;
  opened_with: string | null;
}

/**
 * A click's event id: `evt_` + 24 hex characters of SHA-256 over its batch's random key and
 * its id. Every webhook covering the click reports the same id, and writing the event out
 * again (after a crash) gives the same id.
 */
export function clickEventId(eventKey: string, clickId: number): string {
  return `evt_${createHash('sha256').update(`${eventKey}:${clickId}`).digest('hex').slice(0, 24)}`;
}

/** The `link.clicked` event of a stored human click: its body, the bytes signed and sent. */
export function linkClickedPayload(eventId: string, c: ClickForEvent): string {
  const event: LinkClickedEvent = {
    id: eventId,
    type: 'link.clicked',
    createdAt: c.occurred_at,
    data: {
      mailtoLinkId: c.mailto_link_id,
      trackingLinkId: c.tracking_link_id,
      slug: c.slug,
      label: c.label,
      referrerHost: c.referrer_host,
      browser: c.browser,
      os: c.os,
      device: c.device,
      country: c.country,
      source: c.source,
    },
  };
  return JSON.stringify(event);
}

/**
 * The `link.opened_with` event of a chooser page view's choice (made at `at`): its body.
 * Null when the click holds no choice (it cannot lose one once made).
 */
export function linkOpenedWithPayload(
  eventId: string,
  c: ClickForEvent,
  at: string,
): string | null {
  if (c.opened_with === null || c.opened_with === 'none') return null;
  const event: LinkOpenedWithEvent = {
    id: eventId,
    type: 'link.opened_with',
    createdAt: at,
    data: {
      mailtoLinkId: c.mailto_link_id,
      trackingLinkId: c.tracking_link_id,
      slug: c.slug,
      label: c.label,
      clickedAt: c.occurred_at,
      source: c.source,
      openedWith: c.opened_with as OpenChoice,
    },
  };
  return JSON.stringify(event);
}

/** Outbox rows written out per call at most (each up to one click batch). */
const OUTBOX_ROWS = 50;

/** Click ids per lookup (well under either database's parameter limit). */
const LOOKUP_CHUNK = 1000;

/**
 * Writes queued click events out as deliveries: takes outbox rows (of one webhook, or of
 * any) in order, up to 50 rows and `maxEvents` clicks (the last row taken may be split: the
 * rest of its ids stay queued), reads their clicks and tracking links, inserts one delivery
 * per click (pending and due at the click's time, or `cancelled` at `cancelledAt`) and
 * deletes or shortens the rows. Run it in a transaction: the events leave the outbox exactly
 * when their deliveries come. On PostgreSQL, rows another instance is writing out are
 * skipped (`FOR UPDATE SKIP LOCKED`). A click deleted since (with its link or its author's
 * account) has no event left to send. `more`: the outbox may hold more.
 */
export async function writeOutEvents(
  trx: Transaction<DB>,
  dialect: Dialect,
  opts: {
    webhookId?: number;
    cancelledAt?: string;
    maxEvents?: number;
    waitForOthers?: boolean;
  } = {},
): Promise<{ more: boolean; written: number }> {
  const maxEvents = opts.maxEvents ?? Number.POSITIVE_INFINITY;
  const limit = Math.min(OUTBOX_ROWS, maxEvents);
  let pick = trx
    .selectFrom('webhook_outbox')
    .select(['id', 'webhook_id', 'event_key', 'click_ids', 'event', 'created_at'])
    .orderBy('id')
    .limit(limit);
  if (opts.webhookId !== undefined) pick = pick.where('webhook_id', '=', opts.webhookId);
  // Cancelling one webhook's events, or writing out everything before clicks go
  // (`waitForOthers`), waits for another transaction writing them out (then reads what is
  // left); a worker's round skips rows another one has taken.
  if (dialect === 'postgres')
    pick =
      opts.webhookId === undefined && !opts.waitForOthers
        ? pick.forUpdate().skipLocked()
        : pick.forUpdate();
  const picked = await pick.execute();
  if (picked.length === 0) return { more: false, written: 0 };

  const queued: {
    webhook_id: number;
    event_key: string;
    event: string;
    created_at: string;
    ids: number[];
  }[] = [];
  const done: number[] = [];
  let budget = maxEvents;
  let more = picked.length === limit;
  for (const row of picked) {
    if (budget <= 0) break;
    const ids = row.click_ids.split(',').map(Number);
    if (ids.length > budget) {
      await trx
        .updateTable('webhook_outbox')
        .set({ click_ids: ids.slice(budget).join(',') })
        .where('id', '=', row.id)
        .execute();
      queued.push({ ...row, ids: ids.slice(0, budget) });
      budget = 0;
      more = true;
      break;
    }
    queued.push({ ...row, ids });
    done.push(row.id);
    budget -= ids.length;
  }
  if (done.length > 0) await trx.deleteFrom('webhook_outbox').where('id', 'in', done).execute();

  const wanted = [...new Set(queued.flatMap((q) => q.ids))];
  const clicks = new Map<number, ClickForEvent>();
  for (let i = 0; i < wanted.length; i += LOOKUP_CHUNK) {
    const found = await trx
      .selectFrom('clicks as c')
      .innerJoin('tracking_links as t', 't.id', 'c.tracking_link_id')
      .select([
        'c.id',
        'c.tracking_link_id',
        't.mailto_link_id',
        't.slug',
        't.label',
        'c.occurred_at',
        'c.referrer_host',
        'c.browser',
        'c.os',
        'c.device',
        'c.country',
        'c.source',
        'c.opened_with',
      ])
      .where('c.id', 'in', wanted.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const c of found) clicks.set(c.id, c);
  }

  const rows: NewWebhookDelivery[] = [];
  for (const q of queued)
    for (const id of q.ids) {
      const c = clicks.get(id);
      if (!c) continue;
      const eventId = clickEventId(q.event_key, id);
      let row: NewWebhookDelivery;
      if (q.event === 'link.opened_with') {
        const payload = linkOpenedWithPayload(eventId, c, q.created_at);
        if (payload === null) continue;
        row = pendingDelivery(q.webhook_id, eventId, q.event, payload, q.created_at);
      } else
        row = pendingDelivery(
          q.webhook_id,
          eventId,
          'link.clicked',
          linkClickedPayload(eventId, c),
          c.occurred_at,
        );
      rows.push(
        opts.cancelledAt ? { ...row, status: 'cancelled', completed_at: opts.cancelledAt } : row,
      );
    }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await trx
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  return { more, written: rows.length };
}

export function pendingDelivery(
  webhookId: number,
  eventId: string,
  eventType: string,
  payload: string,
  at: string,
): NewWebhookDelivery {
  return {
    webhook_id: webhookId,
    event_id: eventId,
    event_type: eventType,
    payload,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    last_attempt_at: null,
    response_status: null,
    last_error: null,
    created_at: at,
    completed_at: null,
  };
}
