import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/**
 * Up to `limit` tracking links after id `afterId`, in id order (keyset): those of the user's
 * saved links, and those the user made on team links.
 */
export function trackingLinksPage(db: Conn, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('tracking_links as t')
    .innerJoin('mailto_links as m', 'm.id', 't.mailto_link_id')
    .select(['t.id', 't.slug', 't.mailto_link_id', 't.label', 't.created_at', 't.retired_at'])
    .where((eb) => eb.or([eb('m.user_id', '=', userId), eb('t.created_by', '=', userId)]))
    .where('t.id', '>', afterId)
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/**
 * Deletes the tracking links of the user's saved links, in the caller's transaction; those the
 * user made on other people's links stay with those links, without their creator.
 */
export async function deleteTrackingLinksOf(trx: Transaction<DB>, userId: number): Promise<void> {
  const links = trx.selectFrom('mailto_links').select('id').where('user_id', '=', userId);
  await trx.deleteFrom('tracking_links').where('mailto_link_id', 'in', links).execute();
  await trx
    .updateTable('tracking_links')
    .set({ created_by: null })
    .where('created_by', '=', userId)
    .execute();
}
