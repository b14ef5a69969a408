import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/** The columns of a saved link the export writes (every one but the search text). */
const LINK_COLUMNS = [
  'id',
  'name',
  'to',
  'cc',
  'bcc',
  'subject',
  'body',
  'team_id',
  'created_at',
  'updated_at',
] as const;

/** Up to `limit` of the user's saved links after id `afterId`, in id order (keyset). */
export function linksPage(db: Conn, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('mailto_links')
    .select(LINK_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Deletes the user's saved links (shared ones too) and tags, in the caller's transaction; their
 * search rows go with them (a trigger).
 */
export async function deleteLinksOf(trx: Transaction<DB>, userId: number): Promise<void> {
  const tags = trx.selectFrom('tags').select('id').where('user_id', '=', userId);
  const links = trx.selectFrom('mailto_links').select('id').where('user_id', '=', userId);
  await trx
    .deleteFrom('link_tags')
    .where((eb) => eb.or([eb('tag_id', 'in', tags), eb('link_id', 'in', links)]))
    .execute();
  await trx.deleteFrom('tags').where('user_id', '=', userId).execute();
  await trx.deleteFrom('mailto_links').where('user_id', '=', userId).execute();
}
