import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Conn, Dialect } from '../../db/database';
import { CapScope, lockCap } from '../../db/locks';
import type { DB, WebhookRow } from '../../db/types';
import { cancelPending } from './delivery-repo';

/** Webhooks and the links they cover (the outbox: outbox-repo.ts; deliveries: delivery-repo.ts). */

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
