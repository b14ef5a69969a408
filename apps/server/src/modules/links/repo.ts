import type { Kysely, Transaction } from 'kysely';
import type { DB, LinkRow, LinkUpdate, NewLink } from '../../db/types';

type Conn = Kysely<DB> | Transaction<DB>;

export function findLinkById(db: Conn, id: number): Promise<LinkRow | undefined> {
  return db.selectFrom('mailto_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of a user's own links, newest first (id breaks ties between equal timestamps). */
export function listLinksOfUser(
  db: Conn,
  userId: number,
  page: { limit: number; offset: number },
): Promise<LinkRow[]> {
  return db
    .selectFrom('mailto_links')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countLinksOfUser(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('mailto_links')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a bigint string.
  return Number(row.n);
}

export function insertLink(db: Conn, link: NewLink): Promise<LinkRow> {
  return db.insertInto('mailto_links').values(link).returningAll().executeTakeFirstOrThrow();
}

/** The updated row, or undefined when it no longer exists. */
export function updateLink(db: Conn, id: number, patch: LinkUpdate): Promise<LinkRow | undefined> {
  return db
    .updateTable('mailto_links')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** True when a row was deleted. */
export async function deleteLink(db: Conn, id: number): Promise<boolean> {
  const result = await db.deleteFrom('mailto_links').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
