import type { Transaction } from 'kysely';
import type { Conn, Dialect } from '../../db/database';
import { CapScope, lockCap } from '../../db/locks';
import type { DB, LinkRow, LinkUpdate, NewLink } from '../../db/types';

/** Saved links one at a time and in batches: reads by id, writes, the ceiling's lock. */

export function findLinkById(db: Conn, id: number): Promise<LinkRow | undefined> {
  return db.selectFrom('mailto_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every link the user wrote, in id order, `batch` rows per read (for the CSV export). */
export async function* ownLinksInBatches(
  db: Conn,
  userId: number,
  batch: number,
): AsyncGenerator<LinkRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('mailto_links')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
  }
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

/**
 * Turns links shared with a team back into private links of their authors: all of the team's
 * links (the team is being deleted), or only those of one author (who left the team).
 */
export async function unshareLinks(
  db: Conn,
  teamId: number,
  authorId: number | null,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('mailto_links')
    .set({ team_id: null, is_shared: 0, updated_at: now })
    .where('team_id', '=', teamId)
    .$if(authorId !== null, (q) => q.where('user_id', '=', authorId as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Holds the user's ceiling of saved links until `trx` ends: parallel creates and imports queue. */
export function lockOwnLinksOf(trx: Transaction<DB>, dialect: Dialect, userId: number) {
  return lockCap(trx, dialect, CapScope.savedLinks, userId);
}

/** How many links the user wrote (those shared with the user's teams by others not counted). */
export async function countOwnLinks(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('mailto_links')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts many links in one statement; the new id, name and team of each. */
export async function insertLinksReturning(
  db: Conn,
  links: NewLink[],
): Promise<{ id: number; name: string; team_id: number | null }[]> {
  if (links.length === 0) return [];
  return db.insertInto('mailto_links').values(links).returning(['id', 'name', 'team_id']).execute();
}

/** Deletes the user's links with these ids (at most a few hundred per call). */
export async function deleteOwnLinks(db: Conn, userId: number, ids: number[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('mailto_links')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
}
