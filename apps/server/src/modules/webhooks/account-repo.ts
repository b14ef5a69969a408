import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/** The user's webhooks, for the account export, each with the ids of the links it follows. */
export async function webhooksOf(db: Conn, userId: number) {
  const hooks = await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'events', 'all_links', 'disabled_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const links =
    hooks.length === 0
      ? []
      : await db
          .selectFrom('webhook_links')
          .selectAll()
          .where(
            'webhook_id',
            'in',
            hooks.map((h) => h.id),
          )
          .execute();
  return hooks.map((h) => ({
    ...h,
    linkIds: links.filter((l) => l.webhook_id === h.id).map((l) => l.mailto_link_id),
  }));
}

/**
 * Deletes, in the caller's transaction, the user's webhooks with their deliveries and links,
 * and every webhook's link to one of the user's saved links (before those links go).
 */
export async function deleteWebhooksOf(trx: Transaction<DB>, userId: number): Promise<void> {
  const links = trx.selectFrom('mailto_links').select('id').where('user_id', '=', userId);
  const webhooks = trx.selectFrom('webhooks').select('id').where('user_id', '=', userId);
  await trx.deleteFrom('webhook_deliveries').where('webhook_id', 'in', webhooks).execute();
  await trx
    .deleteFrom('webhook_links')
    .where((eb) => eb.or([eb('webhook_id', 'in', webhooks), eb('mailto_link_id', 'in', links)]))
    .execute();
  await trx.deleteFrom('webhooks').where('user_id', '=', userId).execute();
}
