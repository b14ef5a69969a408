import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { LinkClickedEvent } from '@mailtokit/contracts/webhooks';
import type { Dialect } from '../../db/database';
import { CapScope, lockCap } from '../../db/locks';
import { PREMIUM_TIERS } from '@mailtokit/contracts/user';
import type {
  DB,
  DeliveryStatus,
  NewWebhookDelivery,
  WebhookDeliveryRow,
  WebhookRow,
} from '../../db/types';

type Conn = Kysely<DB> | Transaction<DB>;

/** Rows per INSERT statement (12 columns: well under either database's parameter limit). */
const INSERT_CHUNK = 400;

/** A string event id: `evt_` + 24 hex characters (96 random bits). */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

export type WebhookWithLinks = WebhookRow & { linkIds: number[] | null };

/** Holds the user's webhook cap until `trx` ends: counts and inserts of parallel creates queue. */
export function lockWebhooksOf(trx: Transaction<DB>, dialect: Dialect, userId: number) {
  return lockCap(trx, dialect, CapScope.webhooks, userId);
}

/** Inserts a webhook and its list of links (null: all links) in the caller's transaction. */
export async function insertWebhook(
  trx: Transaction<DB>,
  row: Omit<WebhookRow, 'id' | 'consecutive_failures'>,
  linkIds: number[] | null,
): Promise<WebhookWithLinks> {
  const hook = await trx
    .insertInto('webhooks')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (linkIds && linkIds.length > 0)
    await trx
      .insertInto('webhook_links')
      .values(linkIds.map((mailto_link_id) => ({ webhook_id: hook.id, mailto_link_id })))
      .execute();
  return { ...hook, linkIds };
}

async function withLinks(db: Conn, hooks: WebhookRow[]): Promise<WebhookWithLinks[]> {
  const listed = hooks.filter((h) => !h.all_links).map((h) => h.id);
  const links =
    listed.length === 0
      ? []
      : await db
          .selectFrom('webhook_links')
          .select(['webhook_id', 'mailto_link_id'])
          .where('webhook_id', 'in', listed)
          .orderBy('mailto_link_id')
          .execute();
  return hooks.map((h) => ({
    ...h,
    linkIds: h.all_links
      ? null
      : links.filter((l) => l.webhook_id === h.id).map((l) => l.mailto_link_id),
  }));
}

/** A user's webhooks, newest first, with the links each covers (null: all of theirs). */
export async function listWebhooks(db: Conn, userId: number): Promise<WebhookWithLinks[]> {
  const hooks = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return withLinks(db, hooks);
}

export async function findWebhook(
  db: Conn,
  userId: number,
  id: number,
): Promise<WebhookWithLinks | undefined> {
  const hook = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return hook ? (await withLinks(db, [hook]))[0] : undefined;
}

export async function countWebhooks(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a webhook; its deliveries (pending ones included) go with it. */
export async function deleteWebhook(db: Conn, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Cancels a webhook's pending deliveries (when it is disabled), the events still in the
 * outbox included (written out as cancelled), in the caller's transaction.
 */
export async function cancelPending(
  db: Transaction<DB>,
  dialect: Dialect,
  webhookId: number,
  at: string,
): Promise<void> {
  while ((await writeOutEvents(db, dialect, { webhookId, cancelledAt: at })).more);
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', completed_at: at })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}

export async function setDisabled(
  db: Kysely<DB>,
  dialect: Dialect,
  webhookId: number,
  disabled: boolean,
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhooks')
      .set(
        disabled
          ? { disabled_at: at, updated_at: at }
          : { disabled_at: null, consecutive_failures: 0, updated_at: at },
      )
      .where('id', '=', webhookId)
      .execute();
    if (disabled) await cancelPending(trx, dialect, webhookId, at);
  });
}

export function insertDelivery(db: Conn, row: NewWebhookDelivery): Promise<WebhookDeliveryRow> {
  return db.insertInto('webhook_deliveries').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A webhook's latest deliveries, newest first. */
export function listDeliveries(
  db: Conn,
  webhookId: number,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A stored click, as the click batch that wrote it knows it. */
export interface StoredClick {
  id: number;
  mailto_link_id: number;
  occurred_at: string;
  is_bot: number;
}

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
}

/**
 * A click's event id: `evt_` + 24 hex characters of SHA-256 over its batch's random key and
 * its id. Every webhook covering the click reports the same id, and writing the event out
 * again (after a crash) gives the same id.
 */
export function clickEventId(eventKey: string, clickId: number): string {
  return `evt_${createHash('sha256').update(`${eventKey}:${clickId}`).digest('hex').slice(0, 24)}`;
}

/** A click batch's event key (16 hex characters). */
export function newEventKey(): string {
  return randomBytes(8).toString('hex');
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
    },
  };
  return JSON.stringify(event);
}

/**
 * Queues the `link.clicked` events of stored clicks, in the caller's transaction (the one
 * that stores the clicks): an event exists exactly when its click does. One outbox row per
 * enabled webhook covering any of the human clicks, holding their ids; the worker writes the
 * deliveries out later (`writeOutEvents`). A webhook covers its owner's links (all, or a
 * list; a listed link only while the owner may read it: their own, or shared with a team they
 * are in), and only while the owner's plan includes webhooks at the click's time. Returns how
 * many events were queued.
 */
export async function insertClickEvents(
  trx: Conn,
  clicks: readonly StoredClick[],
): Promise<number> {
  const human = clicks.filter((c) => !c.is_bot);
  if (human.length === 0) return 0;
  const linkIds = [...new Set(human.map((c) => c.mailto_link_id))];
  const covering = await trx
    .selectFrom('webhooks as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .innerJoin('mailto_links as m', 'm.user_id', 'w.user_id')
    .select(['w.id as webhookId', 'm.id as linkId', 'u.subscription_expires_at as planEnds'])
    .where('w.all_links', '=', 1)
    .where('w.disabled_at', 'is', null)
    .where('u.subscription_tier', 'in', PREMIUM_TIERS)
    .where('m.id', 'in', linkIds)
    .unionAll(
      trx
        .selectFrom('webhook_links as wl')
        .innerJoin('webhooks as w', 'w.id', 'wl.webhook_id')
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .innerJoin('mailto_links as m', 'm.id', 'wl.mailto_link_id')
        .select([
          'w.id as webhookId',
          'wl.mailto_link_id as linkId',
          'u.subscription_expires_at as planEnds',
        ])
        .where('w.all_links', '=', 0)
        .where('w.disabled_at', 'is', null)
        .where('u.subscription_tier', 'in', PREMIUM_TIERS)
        .where('wl.mailto_link_id', 'in', linkIds)
        // Only links the owner may read now: their own, or shared with a team they are in.
        .where((eb) =>
          eb.or([
            eb('m.user_id', '=', eb.ref('w.user_id')),
            eb.exists(
              eb
                .selectFrom('team_members as tm')
                .select('tm.id')
                .whereRef('tm.team_id', '=', 'm.team_id')
                .whereRef('tm.user_id', '=', 'w.user_id'),
            ),
          ]),
        ),
    )
    .execute();
  if (covering.length === 0) return 0;
  const hooksByLink = new Map<number, { webhookId: number; planEnds: string | null }[]>();
  for (const { webhookId, linkId, planEnds } of covering)
    hooksByLink.set(linkId, [...(hooksByLink.get(linkId) ?? []), { webhookId, planEnds }]);

  const idsByHook = new Map<number, number[]>();
  for (const c of human)
    for (const { webhookId, planEnds } of hooksByLink.get(c.mailto_link_id) ?? []) {
      // A plan that ended before the click (tierOf's rule) no longer includes webhooks.
      if (planEnds !== null && planEnds <= c.occurred_at) continue;
      const ids = idsByHook.get(webhookId);
      if (ids) ids.push(c.id);
      else idsByHook.set(webhookId, [c.id]);
    }
  if (idsByHook.size === 0) return 0;
  const eventKey = newEventKey();
  const at = human[0]!.occurred_at;
  let events = 0;
  for (const [webhookId, ids] of idsByHook) {
    events += ids.length;
    // One small row per webhook and batch, on every click commit: plain SQL, no builder.
    await sql`insert into webhook_outbox (webhook_id, event_key, click_ids, created_at)
      values (${webhookId}, ${eventKey}, ${ids.sort((a, b) => a - b).join(',')}, ${at})`.execute(
      trx,
    );
  }
  return events;
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
  opts: { webhookId?: number; cancelledAt?: string; maxEvents?: number } = {},
): Promise<{ more: boolean; written: number }> {
  const maxEvents = opts.maxEvents ?? Number.POSITIVE_INFINITY;
  const limit = Math.min(OUTBOX_ROWS, maxEvents);
  let pick = trx
    .selectFrom('webhook_outbox')
    .select(['id', 'webhook_id', 'event_key', 'click_ids'])
    .orderBy('id')
    .limit(limit);
  if (opts.webhookId !== undefined) pick = pick.where('webhook_id', '=', opts.webhookId);
  // Cancelling one webhook's events waits for another instance writing them out (and then
  // cancels the deliveries it wrote); the worker skips rows another one has taken.
  if (dialect === 'postgres')
    pick = opts.webhookId === undefined ? pick.forUpdate().skipLocked() : pick.forUpdate();
  const picked = await pick.execute();
  if (picked.length === 0) return { more: false, written: 0 };

  const queued: { webhook_id: number; event_key: string; ids: number[] }[] = [];
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
      const row = pendingDelivery(
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

export type ClaimedDelivery = WebhookDeliveryRow & { url: string; secret: string };

/**
 * Claims up to `limit` due deliveries of enabled webhooks in one statement: counts the attempt
 * and pushes `next_attempt_at` to `leaseUntil`, so no other worker takes them meanwhile and a
 * worker that dies mid-send leaves them due again once the lease ends. On PostgreSQL, rows
 * another instance is claiming are skipped (`FOR UPDATE SKIP LOCKED`); SQLite has one writer.
 * A second read fetches the webhooks' URLs and secrets.
 */
export async function claimDue(
  db: Kysely<DB>,
  dialect: Dialect,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<ClaimedDelivery[]> {
  let due = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('w.disabled_at', 'is', null)
    .orderBy('d.next_attempt_at')
    .limit(limit);
  if (dialect === 'postgres') due = due.forUpdate('d').skipLocked();
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: sql`attempts + 1`,
      last_attempt_at: now,
      next_attempt_at: leaseUntil,
    })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  if (claimed.length === 0) return [];
  const hooks = new Map(
    (
      await db
        .selectFrom('webhooks')
        .select(['id', 'url', 'secret'])
        .where('id', 'in', [...new Set(claimed.map((d) => d.webhook_id))])
        .execute()
    ).map((h) => [h.id, h]),
  );
  const out: ClaimedDelivery[] = [];
  for (const d of claimed) {
    // A webhook deleted in between took its deliveries with it.
    const hook = hooks.get(d.webhook_id);
    if (hook) out.push({ ...d, url: hook.url, secret: hook.secret });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** An attempt's outcome: done (`succeeded`/`failed`) or `pending` until `next`. */
export interface Outcome {
  id: number;
  status: DeliveryStatus;
  responseStatus: number | null;
  error: string | null;
  next: string;
  completedAt: string | null;
}

/**
 * `value` when every outcome has the same, else `case id when … then … end` (cast, so both
 * databases type the column alike).
 */
function perRow<T extends string | number | null>(
  rows: readonly Outcome[],
  pick: (o: Outcome) => T,
  type: 'integer' | 'text',
): RawBuilder<T> {
  const first = pick(rows[0]!);
  if (rows.every((o) => pick(o) === first)) return sql<T>`${first}`;
  const whens = rows.map((o) => sql`when ${o.id} then cast(${pick(o)} as ${sql.raw(type)})`);
  return sql<T>`case ${sql.ref('id')} ${sql.join(whens, sql` `)} end`;
}

/** Stores a round's outcomes: one UPDATE per resulting status. */
export async function recordOutcomes(db: Conn, outcomes: readonly Outcome[]): Promise<void> {
  const byStatus = new Map<DeliveryStatus, Outcome[]>();
  for (const o of outcomes) byStatus.set(o.status, [...(byStatus.get(o.status) ?? []), o]);
  for (const [status, rows] of byStatus) {
    await db
      .updateTable('webhook_deliveries')
      .set({
        status,
        response_status: perRow(rows, (o) => o.responseStatus, 'integer'),
        last_error: perRow(rows, (o) => o.error, 'text'),
        next_attempt_at: perRow(rows, (o) => o.next, 'text'),
        completed_at: perRow(rows, (o) => o.completedAt, 'text'),
      })
      .where(
        'id',
        'in',
        rows.map((o) => o.id),
      )
      .where('status', '=', 'pending')
      .execute();
  }
}

/** Deliveries of these webhooks succeeded: their failure streaks end. */
export async function resetFailures(db: Conn, webhookIds: readonly number[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await db
    .updateTable('webhooks')
    .set({ consecutive_failures: 0 })
    .where('id', 'in', webhookIds)
    .where('consecutive_failures', '>', 0)
    .execute();
}

/**
 * `failures` deliveries failed for good: the streak grows, and at `limit` the webhook is
 * disabled and its pending deliveries cancelled. Returns true when this call disabled it.
 */
export async function recordFailures(
  db: Kysely<DB>,
  dialect: Dialect,
  webhookId: number,
  failures: number,
  limit: number,
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhooks')
      .set({ consecutive_failures: sql`consecutive_failures + ${failures}` })
      .where('id', '=', webhookId)
      .returning(['consecutive_failures', 'disabled_at'])
      .executeTakeFirst();
    if (!row || row.disabled_at !== null || row.consecutive_failures < limit) return false;
    await trx
      .updateTable('webhooks')
      .set({ disabled_at: at, updated_at: at })
      .where('id', '=', webhookId)
      .execute();
    await cancelPending(trx, dialect, webhookId, at);
    return true;
  });
}

/**
 * Work not yet delivered: outbox entries (one batch of clicks for one webhook) not written out
 * yet, plus deliveries pending (queued or waiting for a retry), and the oldest one's creation.
 */
export async function backlog(db: Conn): Promise<{ pending: number; oldest: string | null }> {
  const [outbox, deliveries] = await Promise.all([
    db
      .selectFrom('webhook_outbox')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('webhook_deliveries')
      .where('status', '=', 'pending')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const oldest = [outbox.oldest, deliveries.oldest]
    .filter((v): v is string => v !== null)
    .sort()[0];
  return { pending: Number(outbox.n) + Number(deliveries.n), oldest: oldest ?? null };
}
