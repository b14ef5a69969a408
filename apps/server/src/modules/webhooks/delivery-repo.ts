import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Conn, Dialect } from '../../db/database';
import type { DB, DeliveryStatus, NewWebhookDelivery, WebhookDeliveryRow } from '../../db/types';
import { writeOutEvents } from './outbox-repo';

/** The delivery queue: queued events, claims by the worker, outcomes and failure streaks. */

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
