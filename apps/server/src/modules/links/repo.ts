import type { Kysely, Transaction } from 'kysely';
import type { DB, LinkRow, LinkUpdate, NewLink } from '../../db/types';

type Conn = Kysely<DB> | Transaction<DB>;

export function findLinkById(db: Conn, id: number): Promise<LinkRow | undefined> {
  return db.selectFrom('mailto_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Links the user wrote, or shared with a team the user belongs to (any role). */
function visibleTo(db: Conn, userId: number) {
  return db
    .selectFrom('mailto_links')
    .where((eb) =>
      eb.or([
        eb('mailto_links.user_id', '=', userId),
        eb(
          'mailto_links.team_id',
          'in',
          eb
            .selectFrom('team_members')
            .select('team_members.team_id')
            .where('team_members.user_id', '=', userId),
        ),
      ]),
    );
}

/**
 * One page of the links a user can see (own ones and those shared with their teams), newest
 * first (id breaks ties between equal timestamps).
 */
export function listVisibleLinks(
  db: Conn,
  userId: number,
  page: { limit: number; offset: number },
): Promise<LinkRow[]> {
  return visibleTo(db, userId)
    .selectAll('mailto_links')
    .orderBy('mailto_links.created_at', 'desc')
    .orderBy('mailto_links.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countVisibleLinks(db: Conn, userId: number): Promise<number> {
  const row = await visibleTo(db, userId)
    .select((eb) => eb.fn.countAll().as('n'))
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
