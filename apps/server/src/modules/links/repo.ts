import type { LinkSort } from '@mailtokit/contracts/links';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DB, LinkRow, LinkUpdate, NewLink } from '../../db/types';

type Conn = Kysely<DB> | Transaction<DB>;

export function findLinkById(db: Conn, id: number): Promise<LinkRow | undefined> {
  return db.selectFrom('mailto_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What narrows and orders one page of the list (all optional but the page). */
export interface LinkQuery {
  /** Search text already folded with `foldSearch`; empty = no search. */
  search?: string;
  teamId?: number;
  shared?: boolean;
  sort?: LinkSort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The query's search and filters on top of `base` (one branch of the visible links).
 */
function narrowed(base: Base, dialect: Dialect, q: LinkQuery): Base {
  return base
    .$if(Boolean(q.search), (qb) =>
      qb.where(
        dialect === 'postgres'
          ? // LIKE (not strpos) so that the trigram index serves it.
            sql<boolean>`mailto_links.search_text like ${likePattern(q.search ?? '')} escape '\\'`
          : sql<boolean>`instr(mailto_links.search_text, ${q.search ?? ''}) > 0`,
      ),
    )
    .$if(q.teamId !== undefined, (qb) => qb.where('mailto_links.team_id', '=', q.teamId ?? 0))
    .$if(q.shared === true, (qb) => qb.where('mailto_links.team_id', 'is not', null))
    .$if(q.shared === false, (qb) => qb.where('mailto_links.team_id', 'is', null));
}

type Base = ReturnType<typeof own>;
const own = (db: Conn, userId: number) =>
  db.selectFrom('mailto_links').where('mailto_links.user_id', '=', userId);

/**
 * The links a user can see, as two disjoint branches: the user's own, and those other authors
 * shared with `teamIds` (the user's teams, read by the caller). Two branches rather than one
 * OR, so that each reads its own index (on SQLite the own branch's search and filters are
 * answered from the index `mailto_links_user_search` alone, without reading a row).
 */
function branches(db: Conn, dialect: Dialect, userId: number, teamIds: number[], q: LinkQuery) {
  const mine = narrowed(own(db, userId), dialect, q);
  const shared =
    teamIds.length === 0 || q.shared === false
      ? null
      : narrowed(
          db
            .selectFrom('mailto_links')
            .where('mailto_links.team_id', 'in', teamIds)
            .where('mailto_links.user_id', '<>', userId),
          dialect,
          q,
        );
  return { mine, shared };
}

/** `%text%` with LIKE's own characters escaped by a backslash. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The default direction of each sort: names A to Z, everything else largest first. */
export function defaultOrder(sort: LinkSort): 'asc' | 'desc' {
  return sort === 'name' ? 'asc' : 'desc';
}

/** The sort key of a sort order, as an expression on `mailto_links`. */
function sortKey(sort: LinkSort): RawBuilder<string | number> {
  switch (sort) {
    case 'createdAt':
      return sql<string>`mailto_links.created_at`;
    case 'updatedAt':
      return sql<string>`mailto_links.updated_at`;
    case 'name':
      return sql<string>`lower(mailto_links.name)`;
    case 'clicks':
      // Total clicks of the link, from the daily rollup.
      return sql<number>`coalesce((select sum(d.clicks) from click_daily d where d.mailto_link_id = mailto_links.id), 0)`;
  }
}

/**
 * When searching, the sort key is wrapped in a no-op (its value and order unchanged) that no
 * index matches, so that the planner finds the matches first and then sorts them, instead of
 * walking a sort-order index and reading the row behind every entry to test the search.
 * SQLite (unary `+`): it reads the search index, never a row. PostgreSQL (`|| ''`), sorting
 * by name: the name index lists the rows in an order unrelated to where they are stored, so
 * the walk reads one table page per link (100,000 page reads for an account of 100,000
 * links, whatever the search); the trigram index finds the candidates and reads them in
 * table order. Its time index is left alone: rows are stored roughly in creation order, so
 * that walk reads the table sequentially, and the planner weighs it against the trigram
 * index well.
 */
function sortKeyFor(dialect: Dialect, sort: LinkSort, q: LinkQuery): RawBuilder<string | number> {
  const key = sortKey(sort);
  if (!q.search) return key;
  if (dialect === 'sqlite') return sql<string | number>`+${key}`;
  return sort === 'name' ? sql<string>`(${key} || '')` : key;
}

/**
 * One page of the links a user can see (own ones and those shared with `teamIds`) that match
 * the query, in its order; the id breaks ties (same direction), so pages never overlap. First
 * the page's ids are found from narrow rows (id and sort key), then only those rows are read.
 */
export async function listVisibleLinks(
  db: Conn,
  dialect: Dialect,
  userId: number,
  teamIds: number[],
  q: LinkQuery,
): Promise<{ rows: LinkRow[]; total: number }> {
  const sort = q.sort ?? 'createdAt';
  const order = q.order ?? defaultOrder(sort);
  const { mine, shared } = branches(db, dialect, userId, teamIds, q);
  const keyed = (b: Base) => b.select(['mailto_links.id', sortKey(sort).as('k')]);
  // A search reads every candidate anyway: the number of matches comes with the page (one
  // pass, not two). Without one, the page is read in index order and stops early, which a
  // window over all rows would prevent: the count is a query of its own.
  const withTotal = Boolean(q.search);
  const total = withTotal ? sql<number | string>`count(*) over ()` : sql<number>`0`;
  const page = shared
    ? await db
        .selectFrom(keyed(mine).unionAll(keyed(shared)).as('m'))
        .select(['m.id', total.as('total')])
        .orderBy('m.k', order)
        .orderBy('m.id', order)
        .limit(q.limit)
        .offset(q.offset)
        .execute()
    : await mine
        .select(['mailto_links.id', total.as('total')])
        .orderBy(sortKeyFor(dialect, sort, q), order)
        .orderBy('mailto_links.id', order)
        .limit(q.limit)
        .offset(q.offset)
        .execute();
  const count =
    withTotal && page.length > 0
      ? Number(page[0]?.total) // PostgreSQL returns counts as bigint strings
      : withTotal && q.offset === 0
        ? 0
        : await countVisibleLinks(db, dialect, userId, teamIds, q);
  if (page.length === 0) return { rows: [], total: count };
  const found = await db
    .selectFrom('mailto_links')
    .selectAll()
    .where(
      'id',
      'in',
      page.map((p) => p.id),
    )
    .execute();
  const byId = new Map(found.map((r) => [r.id, r]));
  return { rows: page.flatMap((p) => byId.get(p.id) ?? []), total: count };
}

export async function countVisibleLinks(
  db: Conn,
  dialect: Dialect,
  userId: number,
  teamIds: number[],
  q: Omit<LinkQuery, 'limit' | 'offset'>,
): Promise<number> {
  const { mine, shared } = branches(db, dialect, userId, teamIds, { ...q, limit: 0, offset: 0 });
  const count = (b: Base) => b.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const [a, b] = await Promise.all([count(mine), shared ? count(shared) : { n: 0 }]);
  // PostgreSQL returns count(*) as a bigint string.
  return Number(a.n) + Number(b.n);
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

/** Inserts many links in one statement. */
export async function insertLinks(db: Conn, links: NewLink[]): Promise<void> {
  if (links.length > 0) await db.insertInto('mailto_links').values(links).execute();
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
