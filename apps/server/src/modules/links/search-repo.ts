import type { LinkSort } from '@mailtokit/contracts/links';
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Conn } from '../../db/database';
import type { LinkRow } from '../../db/types';
import { ownedBy, sharedWithTeamOf, sharedWithTeams } from '../access/service';

/**
 * The links list's planner: which of the links a user can see match a search and filters, in
 * which order, page by page, and how many match (decision 0011). Writes are in repo.ts.
 */

/**
 * A link as the list answers it: every column but the search text (which only searches read,
 * in their WHERE clauses).
 */
export type ListedLink = Omit<LinkRow, 'search_text'>;

/** The columns of a ListedLink, and all a list reads of its links. */
const LISTED = [
  'mailto_links.id',
  'mailto_links.user_id',
  'mailto_links.team_id',
  'mailto_links.name',
  'mailto_links.to',
  'mailto_links.cc',
  'mailto_links.bcc',
  'mailto_links.subject',
  'mailto_links.body',
  'mailto_links.is_shared',
  'mailto_links.created_at',
  'mailto_links.updated_at',
  'mailto_links.archived_at',
] as const;

/**
 * Which of the links a user can see a list reads (the access module's rule, per viewer):
 * `own`: their own links (all of them, else only those shared with `teams`); `teams`: the
 * links shared with all the user's teams (`'all'`), or with these teams only (a viewer
 * without a plan of their own: the teams whose plan covers them). `[]`: no team branch.
 */
export interface Reach {
  own: boolean;
  teams: 'all' | readonly number[];
}

/** What narrows and orders one page of the list (all optional but the page). */
export interface LinkQuery {
  /** Search text already folded with `foldSearch`; empty = no search. */
  search?: string;
  teamId?: number;
  shared?: boolean;
  /** true: only archived links; false: only those in the list; undefined: both. */
  archived?: boolean;
  /** Only links carrying a tag whose name folds to this key (`tagKey`). */
  tagKey?: string;
  sort?: LinkSort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * Whether the search text in `column` contains `search` (already folded). LIKE on both, tested
 * on each of the user's rows (no index narrows a substring; migration 015): on SQLite it tests
 * a row faster than `instr`, and its ASCII-only case folding changes nothing, both sides being
 * in lower case already.
 */
function contains(column: string, search: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(search)} escape '\\'`;
}

/** The links carrying a tag of this key (any author's: the viewer's reach narrows them). */
const taggedWith = (db: Conn, key: string) =>
  db
    .selectFrom('link_tags')
    .innerJoin('tags', 'tags.id', 'link_tags.tag_id')
    .select('link_tags.link_id')
    .where('tags.name_key', '=', key);

/**
 * The query's filters, and its search when `search` is true, on top of `base` (one branch of
 * the visible links, read from `mailto_links`).
 */
function narrowed(db: Conn, base: Base, q: LinkQuery, search: boolean): Base {
  return base
    .$if(search && Boolean(q.search), (qb) =>
      qb.where(contains('mailto_links.search_text', q.search ?? '')),
    )
    .$if(q.teamId !== undefined, (qb) => qb.where('mailto_links.team_id', '=', q.teamId ?? 0))
    .$if(q.shared === true, (qb) => qb.where('mailto_links.team_id', 'is not', null))
    .$if(q.shared === false, (qb) => qb.where('mailto_links.team_id', 'is', null))
    .$if(q.archived === true, (qb) => qb.where('mailto_links.archived_at', 'is not', null))
    .$if(q.archived === false, (qb) => qb.where('mailto_links.archived_at', 'is', null))
    .$if(q.tagKey !== undefined, (qb) =>
      qb.where('mailto_links.id', 'in', taggedWith(db, q.tagKey ?? '')),
    );
}

type Base = ReturnType<typeof own>;
const own = (db: Conn, userId: number, reach: Reach) =>
  db
    .selectFrom('mailto_links')
    .where(ownedBy('mailto_links', userId))
    .$if(!reach.own, (qb) => qb.where(sharedWithTeams('mailto_links', teamList(reach))));

/** The teams of a reach limited to some teams (none for `'all'`). */
const teamList = (reach: Reach): readonly number[] => (reach.teams === 'all' ? [] : reach.teams);

/** Whether a reach has a branch of links shared by others. */
const hasTeams = (reach: Reach) => reach.teams === 'all' || reach.teams.length > 0;

/** `link`'s team is one the reach reads. */
const inReach = (link: string, userId: number, reach: Reach) =>
  reach.teams === 'all' ? sharedWithTeamOf(link, userId) : sharedWithTeams(link, reach.teams);

/**
 * The links a user can see (the access module's rule, `linkVisibleTo`), as its two halves in
 * disjoint branches: the user's own, and those other authors shared with a team of the user's.
 * Two branches rather than one OR, so that each reads its own index. `reach`: which of them
 * the viewer reads (read by the caller); with no team, there is no second branch. `search`:
 * the branches test the search on each link (for a walk in the sort order's index); else they
 * leave it to the caller.
 */
function branches(db: Conn, userId: number, reach: Reach, q: LinkQuery, search: boolean) {
  const mine = narrowed(db, own(db, userId, reach), q, search);
  const shared =
    !hasTeams(reach) || q.shared === false
      ? null
      : narrowed(
          db,
          db
            .selectFrom('mailto_links')
            .where(inReach('mailto_links', userId, reach))
            .where((eb) => eb.not(ownedBy('mailto_links', userId))),
          q,
          search,
        );
  return { mine, shared };
}

type SearchBase = ReturnType<typeof ownSearch>;
const ownSearch = (db: Conn, userId: number, reach: Reach) =>
  db
    .selectFrom('mailto_link_search')
    .where(ownedBy('mailto_link_search', userId))
    .$if(!reach.own, (qb) => qb.where(sharedWithTeams('mailto_link_search', teamList(reach))));

/**
 * The same two branches over `mailto_link_search` (author, team and search text of every
 * link, nothing else), for the passes that read every candidate: collecting and counting the
 * matches of a search, counting the links of a filter.
 */
function searchBranches(
  db: Conn,
  userId: number,
  reach: Reach,
  q: Omit<LinkQuery, 'limit' | 'offset'>,
) {
  const narrow = (base: SearchBase): SearchBase =>
    base
      .$if(Boolean(q.search), (qb) =>
        qb.where(contains('mailto_link_search.search_text', q.search ?? '')),
      )
      .$if(q.teamId !== undefined, (qb) =>
        qb.where('mailto_link_search.team_id', '=', q.teamId ?? 0),
      )
      .$if(q.shared === true, (qb) => qb.where('mailto_link_search.team_id', 'is not', null))
      .$if(q.shared === false, (qb) => qb.where('mailto_link_search.team_id', 'is', null))
      .$if(q.archived !== undefined, (qb) =>
        qb.where('mailto_link_search.archived', '=', q.archived ? 1 : 0),
      )
      .$if(q.tagKey !== undefined, (qb) =>
        qb.where('mailto_link_search.link_id', 'in', taggedWith(db, q.tagKey ?? '')),
      );
  const mine = narrow(ownSearch(db, userId, reach));
  const shared =
    !hasTeams(reach) || q.shared === false
      ? null
      : narrow(
          db
            .selectFrom('mailto_link_search')
            .where(inReach('mailto_link_search', userId, reach))
            .where((eb) => eb.not(ownedBy('mailto_link_search', userId))),
        );
  return { mine, shared };
}

/**
 * Whether `mailto_links.id` is one of `ids`. On PostgreSQL one array parameter (`= any`): a
 * list of up to NARROW_SEARCH_MAX bound parameters costs more to parse and plan than the
 * lookups themselves. SQLite takes the plain list.
 */
function idIn(db: Conn, ids: number[]): RawBuilder<boolean> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<boolean>`mailto_links.id = any(${ids}::integer[])`
    : sql<boolean>`mailto_links.id in (${sql.join(ids)})`;
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
      // Total clicks of the link, kept in its search row (by user and link: SQLite's key).
      return sql<number>`(select s.clicks from mailto_link_search s where s.user_id = mailto_links.user_id and s.link_id = mailto_links.id)`;
  }
}

/**
 * A search that matches at most this many links is narrow: its matches are collected in one
 * pass (their ids, in no order), counted, and sorted by their ids.
 */
export const NARROW_SEARCH_MAX = 2000;

/**
 * A broad search walks the sort order's index (testing the search on each entry until the
 * page is full) when the page lies within the first 1/WALK_SHARE of the matches: the walk then
 * reads about 1/WALK_SHARE of the user's links at most, whatever their number. A deeper page
 * takes the matches' ids from the search table and looks each entry of the index up in them.
 */
const WALK_SHARE = 20;

/**
 * One page of the links a user can see (own ones and those shared with the user's teams) that
 * match the query, in its order, and the exact number of matches; the id breaks ties (same
 * direction), so pages never overlap.
 *
 * Without a search the page is read in index order and stops early; the count is an index
 * count. With a search, whose selectivity no planner knows, up to NARROW_SEARCH_MAX + 1
 * matching ids are collected first from the search table (one pass, which ends early when the
 * matches are many). Fewer: they are all the matches (the count), and the page is sorted from
 * them by primary key. More: the count is a pass of its own over the search table, and the
 * page walks the sort order's index, which fills a page of a broad search after a few entries.
 */
export async function listVisibleLinks(
  db: Conn,
  userId: number,
  reach: Reach,
  q: LinkQuery,
): Promise<{ rows: ListedLink[]; total: number }> {
  const sort = q.sort ?? 'createdAt';
  const order = q.order ?? defaultOrder(sort);
  if (!q.search) {
    const rows =
      sort === 'clicks'
        ? await byClicks(db, searchBranches(db, userId, reach, q), q)
        : await pageOf(db, branches(db, userId, reach, q, false), q);
    return { rows, total: await countVisibleLinks(db, userId, reach, q) };
  }

  const found = searchBranches(db, userId, reach, q);
  // (SQLite takes no LIMIT inside a UNION ALL: the union is limited as a whole, and streams.)
  const ids = (b: SearchBase) => b.select('mailto_link_search.link_id as id');
  const collected = found.shared
    ? await db
        .selectFrom(ids(found.mine).unionAll(ids(found.shared)).as('m'))
        .select('m.id')
        .limit(NARROW_SEARCH_MAX + 1)
        .execute()
    : await ids(found.mine)
        .limit(NARROW_SEARCH_MAX + 1)
        .execute();
  if (collected.length <= NARROW_SEARCH_MAX) {
    const total = collected.length;
    if (q.offset >= total) return { rows: [], total };
    // One statement: every match's row is looked up for its sort key anyway.
    const rows = await db
      .selectFrom('mailto_links')
      .select(LISTED)
      .where(
        idIn(
          db,
          collected.map((c) => c.id),
        ),
      )
      .orderBy(sortKey(sort), order)
      .orderBy('id', order)
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    return { rows, total };
  }

  const walk = () =>
    sort === 'clicks'
      ? byClicks(db, found, q)
      : pageOf(db, branches(db, userId, reach, q, true), q);
  // The matches being more than NARROW_SEARCH_MAX, a page this close to the start is walked
  // whatever the total: the count and the walk go together (on PostgreSQL on two connections).
  if ((q.offset + q.limit) * WALK_SHARE <= NARROW_SEARCH_MAX + 1) {
    const [total, rows] = await Promise.all([countVisibleLinks(db, userId, reach, q), walk()]);
    return { rows, total };
  }
  const total = await countVisibleLinks(db, userId, reach, q);
  if (q.offset >= total) return { rows: [], total };
  if ((q.offset + q.limit) * WALK_SHARE <= total) return { rows: await walk(), total };
  const matching = (b: SearchBase) => b.select('mailto_link_search.link_id');
  const { mine, shared } = branches(db, userId, reach, q, false);
  const rows = await pageOf(
    db,
    {
      mine: mine.where('mailto_links.id', 'in', matching(found.mine)),
      shared:
        shared && found.shared && shared.where('mailto_links.id', 'in', matching(found.shared)),
    },
    q,
  );
  return { rows, total };
}

/**
 * One page of the union of `branches` in the query's order, found from narrow rows (id and
 * sort key); then only its rows are read.
 */
async function pageOf(
  db: Conn,
  { mine, shared }: { mine: Base; shared: Base | null },
  q: LinkQuery,
): Promise<ListedLink[]> {
  const sort = q.sort ?? 'createdAt';
  const order = q.order ?? defaultOrder(sort);
  const keyed = (b: Base) => b.select(['mailto_links.id', sortKey(sort).as('k')]);
  const page = shared
    ? await db
        .selectFrom(keyed(mine).unionAll(keyed(shared)).as('m'))
        .select('m.id')
        .orderBy('m.k', order)
        .orderBy('m.id', order)
        .limit(q.limit)
        .offset(q.offset)
        .execute()
    : await mine
        .select('mailto_links.id')
        .orderBy(sortKey(sort), order)
        .orderBy('mailto_links.id', order)
        .limit(q.limit)
        .offset(q.offset)
        .execute();
  return rowsOf(db, page);
}

/** The rows of a page's ids, in the page's order. */
async function rowsOf(db: Conn, page: { id: number }[]): Promise<ListedLink[]> {
  if (page.length === 0) return [];
  const found = await db
    .selectFrom('mailto_links')
    .select(LISTED)
    .where(
      idIn(
        db,
        page.map((p) => p.id),
      ),
    )
    .execute();
  const byId = new Map(found.map((r) => [r.id, r]));
  return page.flatMap((p) => byId.get(p.id) ?? []);
}

/**
 * One page in the order of clicks, walking the search table's index (user, clicks): the
 * click total is kept there, not in `mailto_links`. `branches` carry the search, if any.
 */
async function byClicks(
  db: Conn,
  { mine, shared }: { mine: SearchBase; shared: SearchBase | null },
  q: LinkQuery,
): Promise<ListedLink[]> {
  const order = q.order ?? defaultOrder('clicks');
  const keyed = (b: SearchBase) =>
    b.select(['mailto_link_search.link_id as id', 'mailto_link_search.clicks as k']);
  const page = shared
    ? await db
        .selectFrom(keyed(mine).unionAll(keyed(shared)).as('m'))
        .select('m.id')
        .orderBy('m.k', order)
        .orderBy('m.id', order)
        .limit(q.limit)
        .offset(q.offset)
        .execute()
    : await mine
        .select('mailto_link_search.link_id as id')
        .orderBy('mailto_link_search.clicks', order)
        .orderBy('mailto_link_search.link_id', order)
        .limit(q.limit)
        .offset(q.offset)
        .execute();
  return rowsOf(db, page);
}

/** What a cross-link view (the analytics overview) shows of a link: never its fields. */
export interface LinkName {
  id: number;
  name: string;
  team_id: number | null;
}

/**
 * The id, name and team of up to `limit` links the user can see (own ones and those shared
 * with the user's teams), newest first: one statement reading those columns only, however long the
 * links' bodies are.
 */
export async function visibleLinkNames(
  db: Conn,
  userId: number,
  reach: Reach,
  limit: number,
): Promise<LinkName[]> {
  const { mine, shared } = branches(db, userId, reach, { limit, offset: 0 }, false);
  const named = (b: Base) =>
    b.select([
      'mailto_links.id',
      'mailto_links.name',
      'mailto_links.team_id',
      'mailto_links.created_at',
    ]);
  const rows = shared
    ? await db
        .selectFrom(named(mine).unionAll(named(shared)).as('m'))
        .select(['m.id', 'm.name', 'm.team_id'])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute()
    : await named(mine)
        .orderBy('mailto_links.created_at', 'desc')
        .orderBy('mailto_links.id', 'desc')
        .limit(limit)
        .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, team_id: r.team_id }));
}

/**
 * How many links the user can see match the query: with a search or a filter (archived or
 * not is one), counted in the search table (which holds the team and the archive flag); else
 * from an index of `mailto_links`.
 */
export async function countVisibleLinks(
  db: Conn,
  userId: number,
  reach: Reach,
  q: Omit<LinkQuery, 'limit' | 'offset'>,
): Promise<number> {
  const n = { n: 0 };
  let a: Promise<{ n: number | string | bigint }>;
  let b: Promise<{ n: number | string | bigint }>;
  if (
    q.search ||
    q.teamId !== undefined ||
    q.shared !== undefined ||
    q.archived !== undefined ||
    q.tagKey !== undefined
  ) {
    const { mine, shared } = searchBranches(db, userId, reach, q);
    const count = (x: SearchBase) =>
      x.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    a = count(mine);
    b = shared ? count(shared) : Promise.resolve(n);
  } else {
    const { mine, shared } = branches(db, userId, reach, { ...q, limit: 0, offset: 0 }, false);
    const count = (x: Base) => x.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    a = count(mine);
    b = shared ? count(shared) : Promise.resolve(n);
  }
  const [x, y] = await Promise.all([a, b]);
  // PostgreSQL returns count(*) as a bigint string.
  return Number(x.n) + Number(y.n);
}
