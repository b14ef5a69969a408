import { randomBytes } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/database';
import type { DB } from '../../db/types';
import { isDeadlock } from '../../lib/db-errors';
import { redirectTargetsSqlPostgres, type RedirectTarget } from './targets-repo';
import {
  clickDeltas,
  COVERING_HOOKS,
  DIMENSIONS_UPSERT,
  NEW_VISITORS_INSERT,
  outboxInsert,
  PLACE_VISITOR_COUNTS,
  PLACES_UPSERT,
  ROLLUP_UPSERT,
  TALLY_UPSERT,
  VISITOR_COUNTS,
  type ClickRecord,
} from './click-rules';

export type { ClickRecord, StoredClick } from './click-rules';

/** A click batch's event key (16 hex characters): its events' ids derive from it. */
export function newEventKey(): string {
  return randomBytes(8).toString('hex');
}

/**
 * Stores a batch of clicks with their rules: the raw rows, the visitors each link sees for the
 * first time that day, the per-link, per-day rollup, the breakdown rollup and the
 * `link.clicked` events of the human clicks for the webhooks covering them (the outbox). Rows
 * marked `tallied` (left-out hits past a client's per-address rate) get no raw row: they are
 * added up per tracking link, hour and reason into `filtered_hits`, and count in the rollups. The
 * rules are those of click-rules.ts on both databases, applied before this returns: SQLite
 * stores the batch and applies every waiting click in one transaction; PostgreSQL commits the
 * batch to the inbox, then applies the inbox (this batch and whatever else waits there).
 * Redirects do not call this: they queue their clicks (`queueClicksSqlite`,
 * `queueClicksBySlugPostgres`) and the rules follow shortly after. Returns how many webhook
 * events were queued.
 */
export function storeClicks(
  db: Db,
  clicks: readonly ClickRecord[],
  eventKey: string = newEventKey(),
): Promise<number> {
  if (clicks.length === 0) return Promise.resolve(0);
  const driver = db.driver;
  return driver.dialect === 'postgres'
    ? storeClicksPostgres(driver.pool, clicks, eventKey)
    : storeClicksSqlite(db.kysely, driver.sqlite, clicks, eventKey);
}

// SQLite: the batch runs synchronously through prepared statements in one transaction.

/**
 * The batch's clicks as the SQLite statements read them: the rows just inserted into `clicks`
 * (ids `@first` to `@last`, this transaction's alone on the one connection), with their links.
 * The rules then read the stored rows themselves, not a second copy of the batch.
 */
const SQLITE_INPUT = `input as (select c.id, t.mailto_link_id, c.occurred_at, c.is_bot,
  c.visitor_hash, c.tracking_link_id, c.referrer_host, c.browser, c.os, c.device, c.country,
  c.source, c.opened_with, c.city, c.classification, 1 as weight, 0 as tallied
  from clicks c join tracking_links t on t.id = c.tracking_link_id
  where c.id between @first and @last)`;
/**
 * The same rows, read once into a temporary table for the rollup by country, whose ten
 * dimensions each read them (inlined, each would read the range of clicks again).
 */
const SQLITE_INPUT_MATERIALIZED = SQLITE_INPUT.replace(/^input as \(/, 'input as materialized (');

/**
 * The batch's tallies (`@tally`: JSON rows of tracking link, link, time, reason, hits), as the
 * rules read a batch: left-out hits, no visitor, no breakdown but `filtered`.
 */
const SQLITE_TALLY_INPUT = `input as (select value ->> 0 as tracking_link_id,
  value ->> 1 as mailto_link_id, value ->> 2 as occurred_at, 1 as is_bot, '' as visitor_hash,
  null as referrer_host, '' as browser, '' as os, '' as device, null as country,
  'link' as source, null as opened_with, null as city, value ->> 3 as classification,
  value ->> 4 as weight, 1 as tallied
  from json_each(@tally))`;
const SQLITE_NEW_VISITORS = `new_visitors as (select value ->> 0 as mailto_link_id,
  value ->> 1 as day, value ->> 2 as visitor_hash, value ->> 3 as country
  from json_each(@visitors))`;

/**
 * The SQLite rules' statements, each reading the waiting clicks by their id range. `hooks` is
 * materialized so that the covering webhooks are computed once per statement, not once per
 * click. `stored` is materialized: inlined, SQLite would join the covering webhooks to every
 * click of their links' tracking links (the whole history, through the clicks index) and only
 * then keep the range's ids.
 */
export const SQLITE_BATCH_SQL = {
  visitors: `with ${SQLITE_INPUT} ${NEW_VISITORS_INSERT}`,
  rollup: `with ${SQLITE_INPUT}, ${SQLITE_NEW_VISITORS}, visitor_counts as (${VISITOR_COUNTS}),
    deltas as (${clickDeltas('input')}) ${ROLLUP_UPSERT}`,
  dims: `with ${SQLITE_INPUT} ${DIMENSIONS_UPSERT}`,
  places: `with ${SQLITE_INPUT_MATERIALIZED}, ${SQLITE_NEW_VISITORS},
    place_visitor_counts as (${PLACE_VISITOR_COUNTS}) ${PLACES_UPSERT}`,
  outbox: `with ${SQLITE_INPUT},
    stored as materialized (select id, mailto_link_id, occurred_at, is_bot from input),
    hooks as materialized (${COVERING_HOOKS}) ${outboxInsert('@key')}`,
} as const;

/** A click's raw row (the batch's first statement, once per click). */
export const SQLITE_CLICK_INSERT = `insert into clicks (tracking_link_id, occurred_at, referrer_host,
    browser, os, device, is_bot, visitor_hash, classification, country, region, city, source,
    opened_with)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The SQLite batch's statements for its tallies (they read `@tally`, not stored clicks). */
export const SQLITE_TALLY_SQL = {
  rollup: `with ${SQLITE_TALLY_INPUT},
    visitor_counts as (select 0 as mailto_link_id, '' as day, 0 as n where 0),
    deltas as (${clickDeltas('input')}) ${ROLLUP_UPSERT}`,
  dims: `with ${SQLITE_TALLY_INPUT} ${DIMENSIONS_UPSERT}`,
  places: `with ${SQLITE_TALLY_INPUT},
    place_visitor_counts as (select 0 as mailto_link_id, '' as day, '' as country, 0 as n where 0)
    ${PLACES_UPSERT}`,
  tally: `with ${SQLITE_TALLY_INPUT} ${TALLY_UPSERT}`,
} as const;

/** A tally of left-out hits: one row for many hits of one link, hour and reason. */
interface Tally<T> {
  row: T;
  hits: number;
}

/**
 * The batch's rows to write: its clicks, one each, then its tallied rows added up per `keyOf`
 * and hour and reason (`hits`: how many; null for a click).
 */
function tallied<T extends ClickFields>(
  rows: readonly T[],
  keyOf: (row: T) => string | number,
): { clicks: T[]; tallies: Tally<T>[] } {
  const clicks: T[] = [];
  let tallies: Map<string, Tally<T>> | null = null;
  for (const row of rows) {
    if (!row.tallied) {
      clicks.push(row);
      continue;
    }
    tallies ??= new Map();
    const key = `${keyOf(row)}|${row.occurred_at.slice(0, 13)}|${row.classification}`;
    const seen = tallies.get(key);
    if (seen) seen.hits += 1;
    else tallies.set(key, { row, hits: 1 });
  }
  return { clicks, tallies: tallies ? [...tallies.values()] : [] };
}

/**
 * SQLite: how far the click rules are applied (migration 055): `through` is the id of the last
 * click whose rules are in the rollups. The ids of `clicks` only grow (AUTOINCREMENT), so the
 * clicks past it are exactly those waiting.
 */
const SQLITE_MARK_TABLE = 'click_rules_applied';

/** Whether the database has the mark (it is migrated that far). */
function hasMark(sqlite: SQLite.Database): boolean {
  return (
    sqlite
      .prepare(`select 1 from sqlite_master where type = 'table' and name = ?`)
      .get(SQLITE_MARK_TABLE) !== undefined
  );
}

/** The connection's click statements, prepared once. */
interface SqliteClickStatements {
  /** Stores a batch's raw rows (and its tallies with their rules) in the open transaction. */
  insert: (clicks: readonly ClickRecord[]) => void;
  /**
   * Applies the rules to at most `limit` of the waiting clicks, oldest first, in the open
   * transaction, and moves the mark past them. Without the mark table (a database migrated
   * only part of the way) every stored click counts as applied: nothing to do.
   */
  apply: (limit: number, eventKey: string) => InboxApplied;
}

const sqliteStatements = new WeakMap<SQLite.Database, SqliteClickStatements>();

function sqliteStatementsOf(sqlite: SQLite.Database): SqliteClickStatements {
  const prepared = sqliteStatements.get(sqlite);
  if (prepared) return prepared;
  const click = sqlite.prepare(SQLITE_CLICK_INSERT);
  const tallyStatements = [
    sqlite.prepare(SQLITE_TALLY_SQL.rollup),
    sqlite.prepare(SQLITE_TALLY_SQL.dims),
    sqlite.prepare(SQLITE_TALLY_SQL.places),
    sqlite.prepare(SQLITE_TALLY_SQL.tally),
  ];
  const insert = (all: readonly ClickRecord[]): void => {
    const { clicks: rows, tallies } = tallied(all, (c) => c.tracking_link_id);
    if (tallies.length > 0) {
      const tally = JSON.stringify(
        tallies.map(({ row, hits }) => [
          row.tracking_link_id,
          row.mailto_link_id,
          row.occurred_at,
          row.classification,
          hits,
        ]),
      );
      for (const statement of tallyStatements) statement.run({ tally });
    }
    for (const c of rows) {
      click.run(
        c.tracking_link_id,
        c.occurred_at,
        c.referrer_host ?? null,
        c.browser,
        c.os,
        c.device,
        c.is_bot,
        c.visitor_hash,
        c.classification ?? (c.is_bot ? 'bot' : 'human'),
        c.country ?? null,
        c.region ?? null,
        c.city ?? null,
        c.source ?? 'link',
        c.opened_with ?? null,
      );
    }
  };
  let rules: ((limit: number, eventKey: string) => InboxApplied) | null = null;
  const apply = (limit: number, eventKey: string): InboxApplied => {
    if (!rules) {
      if (!hasMark(sqlite)) return { applied: 0, events: 0 };
      rules = sqliteRules(sqlite);
    }
    return rules(limit, eventKey);
  };
  const statements = { insert, apply };
  sqliteStatements.set(sqlite, statements);
  return statements;
}

/** The rules of the waiting clicks, as `SqliteClickStatements.apply` runs them. */
function sqliteRules(sqlite: SQLite.Database): (limit: number, eventKey: string) => InboxApplied {
  const mark = sqlite.prepare(`select through from ${SQLITE_MARK_TABLE}`).pluck(true);
  // The range's end and size: the `limit`-th waiting click (or the newest), read by rowid.
  const range = sqlite.prepare(
    `select max(id) as last, count(*) as n
     from (select id from clicks where id > +? order by id limit +?)`,
  );
  const advance = sqlite.prepare(`update ${SQLITE_MARK_TABLE} set through = +?`);
  const visitors = sqlite.prepare(SQLITE_BATCH_SQL.visitors).raw(true);
  const rollup = sqlite.prepare(SQLITE_BATCH_SQL.rollup);
  const dims = sqlite.prepare(SQLITE_BATCH_SQL.dims);
  const places = sqlite.prepare(SQLITE_BATCH_SQL.places);
  const outbox = sqlite.prepare(SQLITE_BATCH_SQL.outbox).pluck(true);
  return (limit, eventKey) => {
    const through = Number(mark.get() ?? 0);
    const found = range.get(through, limit) as { last: number | null; n: number };
    if (found.last === null || found.n === 0) return { applied: 0, events: 0 };
    const ids = { first: through + 1, last: found.last };
    const visitorsJson = JSON.stringify(visitors.all(ids));
    rollup.run({ ...ids, visitors: visitorsJson });
    dims.run(ids);
    places.run({ ...ids, visitors: visitorsJson });
    let events = 0;
    for (const n of outbox.all({ ...ids, key: eventKey }) as number[]) events += n;
    advance.run(found.last);
    return { applied: found.n, events };
  };
}

/**
 * Runs `work` on the SQLite connection in a transaction of its own: at once when no other
 * query holds a transaction open on it, else through Kysely's single connection once it is
 * free (never inside another query's transaction).
 */
function inOwnTransaction<R>(
  kysely: Kysely<DB>,
  sqlite: SQLite.Database,
  work: () => R,
): Promise<R> {
  const run = sqlite.transaction(work);
  if (!sqlite.inTransaction) return Promise.resolve(run());
  return kysely.connection().execute(async () => run());
}

/** SQLite: stores a batch and applies the rules of every waiting click, in one transaction. */
function storeClicksSqlite(
  kysely: Kysely<DB>,
  sqlite: SQLite.Database,
  clicks: readonly ClickRecord[],
  eventKey: string,
): Promise<number> {
  const statements = sqliteStatementsOf(sqlite);
  return inOwnTransaction(kysely, sqlite, () => {
    statements.insert(clicks);
    let events = 0;
    for (;;) {
      const step = statements.apply(SQLITE_APPLY_LIMIT, eventKey);
      events += step.events;
      if (step.applied < SQLITE_APPLY_LIMIT) return events;
    }
  });
}

/**
 * SQLite: commits a redirect batch's raw clicks (and its tallies, with their rules) and no
 * more; their rules follow with `applyClickRulesSqlite`, many batches at a time
 * (docs/decisions/0069-sqlite-click-rules-applied-later.md).
 */
export function queueClicksSqlite(db: Db, clicks: readonly ClickRecord[]): Promise<void> {
  const driver = db.driver;
  if (driver.dialect !== 'sqlite') throw new Error('SQLite only');
  if (clicks.length === 0) return Promise.resolve();
  const statements = sqliteStatementsOf(driver.sqlite);
  return inOwnTransaction(db.kysely, driver.sqlite, () => statements.insert(clicks));
}

/** Waiting clicks the SQLite rules take per transaction. */
export const SQLITE_APPLY_LIMIT = 5000;

/**
 * Waiting clicks per transaction when the applier runs on its own (not before a read): the
 * transaction holds the one thread, so redirects wait for it; 500 keeps that wait short while
 * many batches still share their rollup rows.
 */
export const SQLITE_APPLY_CHUNK = 500;

/**
 * SQLite: applies the rules to at most `limit` waiting clicks in one transaction, synchronously.
 * The caller makes sure that no other query holds a transaction open on the connection (see
 * `SqliteRulesApplier`).
 */
export function applyClickRulesSqlite(
  sqlite: SQLite.Database,
  limit: number = SQLITE_APPLY_LIMIT,
  eventKey: string = newEventKey(),
): InboxApplied {
  const statements = sqliteStatementsOf(sqlite);
  return sqlite.transaction(() => statements.apply(limit, eventKey))();
}

/** SQLite: clicks stored whose rules are not applied yet. */
export function countClicksWaitingSqlite(sqlite: SQLite.Database): number {
  if (!hasMark(sqlite)) return 0;
  return Number(
    sqlite
      .prepare(`select count(*) from clicks where id > (select through from ${SQLITE_MARK_TABLE})`)
      .pluck(true)
      .get(),
  );
}

/**
 * For clicks loaded straight into `clicks` (a benchmark's seeder, a test) whose rollups were
 * then rebuilt from the raw rows (`rebuildClickDaily`, `rebuildClickDimensions`): marks every
 * stored click as applied, so that the SQLite rules do not count them a second time. Nothing
 * to do on PostgreSQL, whose waiting clicks are in the inbox, not in `clicks`.
 */
export async function markClicksApplied(db: Kysely<DB>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name = ${SQLITE_MARK_TABLE}
  `.execute(db);
  if (rows.length === 0) return;
  await sql`
    update click_rules_applied set through = (select coalesce(max(id), 0) from clicks)
  `.execute(db);
}

// PostgreSQL: a redirect commits its click to the inbox (`click_inbox`, one light statement
// per batch); the applier then applies the rules to the inbox's oldest rows, many batches at a
// time, in one statement that takes them out of the inbox (docs/decisions/0039-postgres-click-inbox.md).

/** The click columns a batch carries, in the order of the inbox statement's arrays. */
const INBOX_COLUMNS = `tracking_link_id, mailto_link_id, occurred_at, referrer_host, browser, os, device,
  is_bot, visitor_hash, classification, country, region, city, source, opened_with`;

/** Appends a batch to the inbox: one array per column (`unnest`), a named prepared statement. */
const INBOX_INSERT_SQL = `insert into click_inbox (${INBOX_COLUMNS}, hits)
  select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
    $7::text[], $8::int[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[],
    $14::text[], $15::text[], $16::int[])`;

/**
 * Applies the rules to at most `$1` of the inbox's oldest clicks and deletes them from it, all in
 * one statement (atomic: a click is applied exactly once). Rows another applier holds are
 * skipped, not waited for. `input` is the rows taken out; data-modifying CTEs then insert the raw
 * clicks (in inbox order), the day's new visitors, both rollups, the tallies of left-out hits
 * (inbox rows with `hits`) and the outbox rows. `hooks` is materialized: inlined, PostgreSQL
 * computed the covering webhooks again for every stored click (most of the statement's time).
 */
export const INBOX_APPLY_SQL = `
with taken as (
  delete from click_inbox where id in (
    select id from click_inbox order by id limit $1 for update skip locked
  )
  returning id as inbox_id, ${INBOX_COLUMNS}, hits
),
input as (
  select i.*, coalesce(i.hits, 1) as weight, case when i.hits is null then 0 else 1 end as tallied
  from taken i where exists (select 1 from tracking_links t where t.id = i.tracking_link_id)
),
raw as (
  insert into clicks (tracking_link_id, occurred_at, referrer_host, browser, os, device, is_bot, visitor_hash, classification, country, region, city, source, opened_with)
  select tracking_link_id, occurred_at, referrer_host, browser, os, device, is_bot, visitor_hash, classification, country, region, city, source, opened_with
  from input where tallied = 0 order by inbox_id
  returning id, tracking_link_id, occurred_at, is_bot
),
links as (select distinct tracking_link_id, mailto_link_id from input),
stored as (
  select r.id, l.mailto_link_id, r.occurred_at, r.is_bot
  from raw r join links l on l.tracking_link_id = r.tracking_link_id
),
new_visitors as (${NEW_VISITORS_INSERT}),
visitor_counts as (${VISITOR_COUNTS}),
deltas as (${clickDeltas('input')}),
rollup as (${ROLLUP_UPSERT}),
dims as (${DIMENSIONS_UPSERT}),
place_visitor_counts as (${PLACE_VISITOR_COUNTS}),
places as (${PLACES_UPSERT}),
tally as (${TALLY_UPSERT}),
hooks as materialized (${COVERING_HOOKS}),
events as (${outboxInsert('$2')})
select (select count(*) from taken)::int as applied,
  (select coalesce(sum(n), 0) from events)::int as events`;

/** Clicks the applier takes out of the inbox per statement. */
export const INBOX_APPLY_LIMIT = 5000;

/** What a click records of itself: everything but its link. */
export type ClickFields = Omit<ClickRecord, 'tracking_link_id' | 'mailto_link_id'>;

/**
 * A batch's own columns (all but its link), one array each, in the order both inbox
 * statements read them after the link's: time, referrer, browser, OS, device, bot flag,
 * visitor hash, classification, country, region, city, source, chooser choice, then the hits of
 * each tally (null for a click).
 */
function clickColumns(
  clicks: readonly ClickFields[],
  tallies: readonly Tally<ClickFields>[],
): unknown[][] {
  const columns = ownColumns([...clicks, ...tallies.map((t) => t.row)]);
  columns.push([...clicks.map(() => null), ...tallies.map((t) => t.hits)]);
  return columns;
}

/** The columns of `clickColumns` but the tallies' hits. */
function ownColumns(clicks: readonly ClickFields[]): unknown[][] {
  const n = clicks.length;
  const cols = {
    occurredAt: new Array<string>(n),
    referrerHost: new Array<string | null>(n),
    browser: new Array<string>(n),
    os: new Array<string>(n),
    device: new Array<string>(n),
    isBot: new Array<number>(n),
    visitorHash: new Array<string>(n),
    classification: new Array<string>(n),
    country: new Array<string | null>(n),
    region: new Array<string | null>(n),
    city: new Array<string | null>(n),
    source: new Array<string>(n),
    openedWith: new Array<string | null>(n),
  };
  for (let i = 0; i < n; i++) {
    const c = clicks[i] as ClickFields;
    cols.occurredAt[i] = c.occurred_at;
    cols.referrerHost[i] = c.referrer_host ?? null;
    cols.browser[i] = c.browser;
    cols.os[i] = c.os;
    cols.device[i] = c.device;
    cols.isBot[i] = c.is_bot;
    cols.visitorHash[i] = c.visitor_hash;
    cols.classification[i] = c.classification ?? (c.is_bot ? 'bot' : 'human');
    cols.country[i] = c.country ?? null;
    cols.region[i] = c.region ?? null;
    cols.city[i] = c.city ?? null;
    cols.source[i] = c.source ?? 'link';
    cols.openedWith[i] = c.opened_with ?? null;
  }
  return Object.values(cols);
}

/**
 * Commits a batch whose links are known to the PostgreSQL inbox (`storeClicks`: tests and
 * tools; the redirect queues by slug).
 */
async function queueClicksPostgres(pool: pg.Pool, all: readonly ClickRecord[]): Promise<void> {
  const { clicks, tallies } = tallied(all, (c) => c.tracking_link_id);
  const rows = [...clicks, ...tallies.map((t) => t.row)];
  await pool.query({
    name: 'mailtokit-click-inbox',
    text: INBOX_INSERT_SQL,
    values: [
      rows.map((c) => c.tracking_link_id),
      rows.map((c) => c.mailto_link_id),
      ...clickColumns(clicks, tallies),
    ],
  });
}

/**
 * A click on a slug (PostgreSQL's redirect): what `queueClicksBySlugPostgres` stores once it has
 * found the slug's live tracking link, which gives the ids.
 */
export type SlugClick = ClickFields & { slug: string };

/**
 * The redirect's one statement per batch on PostgreSQL: the clicks of live tracking links go to
 * the inbox, and the targets of those links come back (`targets`: the lookup's SQL, with the
 * batch's slugs as `$1`). One snapshot: a click is stored exactly when its target is returned.
 */
function inboxBySlugSql(targets: string): string {
  return `
with input as (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
    $7::int[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[],
    $14::text[], $15::int[])
    as i(slug, occurred_at, referrer_host, browser, os, device, is_bot, visitor_hash, classification,
      country, region, city, source, opened_with, hits)
),
queued as (
  insert into click_inbox (${INBOX_COLUMNS}, hits)
  select t.id, t.mailto_link_id, i.occurred_at, i.referrer_host, i.browser, i.os, i.device,
    i.is_bot, i.visitor_hash, i.classification, i.country, i.region, i.city, i.source,
    case when t.opens = 'choose' and i.is_bot = 0 and i.hits is null then 'none' end, i.hits
  from input i join tracking_links t on t.slug = i.slug and t.retired_at is null
)
${targets}`;
}

const inboxBySlugSqlOf = new WeakMap<Kysely<DB>, string>();

/**
 * Commits the clicks whose slug names a live tracking link to the inbox, and returns, for each
 * click in order, its target (undefined: no such link, nothing stored).
 */
export async function queueClicksBySlugPostgres(
  pool: pg.Pool,
  db: Kysely<DB>,
  clicks: readonly SlugClick[],
): Promise<(RedirectTarget | undefined)[]> {
  let text = inboxBySlugSqlOf.get(db);
  if (text === undefined) {
    text = inboxBySlugSql(redirectTargetsSqlPostgres(db));
    inboxBySlugSqlOf.set(db, text);
  }
  // The tallied hits of a batch are added up: one inbox row per slug, hour and reason.
  const { clicks: stored, tallies } = tallied(clicks, (c) => c.slug);
  const { rows } = await pool.query<RedirectTarget & { slug: string }>({
    name: 'mailtokit-click-inbox-by-slug',
    text,
    values: [
      [...stored.map((c) => c.slug), ...tallies.map((t) => t.row.slug)],
      ...clickColumns(stored, tallies),
    ],
  });
  const found = new Map(rows.map(({ slug, ...target }) => [slug, target]));
  return clicks.map((c) => found.get(c.slug));
}

/** What one apply statement did. */
export interface InboxApplied {
  /** Clicks taken out of the inbox and stored with their rules. */
  applied: number;
  /** Webhook events queued for them. */
  events: number;
}

/** Times an apply statement runs again after PostgreSQL ended it to break a deadlock. */
const DEADLOCK_RETRIES = 3;

/**
 * Applies the rules to at most `limit` of the inbox's oldest clicks (one statement). Instances
 * apply side by side, each writing its rows in key order; should PostgreSQL still find a
 * deadlock (the link list's click totals, which a trigger updates, are reached in no set
 * order), it ends one statement, undone whole, and that one runs again.
 */
export async function applyClickInbox(
  pool: pg.Pool,
  limit: number = INBOX_APPLY_LIMIT,
  eventKey: string = newEventKey(),
): Promise<InboxApplied> {
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await pool.query<InboxApplied>({
        name: 'mailtokit-click-apply',
        text: INBOX_APPLY_SQL,
        values: [limit, eventKey],
      });
      return result.rows[0] ?? { applied: 0, events: 0 };
    } catch (err) {
      if (attempt >= DEADLOCK_RETRIES || !isDeadlock(err)) throw err;
    }
  }
}

/** Clicks waiting in the inbox (every instance's). */
export async function countClickInbox(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from click_inbox');
  return rows[0]?.n ?? 0;
}

async function storeClicksPostgres(
  pool: pg.Pool,
  clicks: readonly ClickRecord[],
  eventKey: string,
): Promise<number> {
  await queueClicksPostgres(pool, clicks);
  let events = 0;
  for (;;) {
    const step = await applyClickInbox(pool, INBOX_APPLY_LIMIT, eventKey);
    events += step.events;
    if (step.applied < INBOX_APPLY_LIMIT) return events;
  }
}

/**
 * Recomputes the rollup from the raw clicks (for data loaded straight into `clicks`, e.g. by
 * a benchmark's seeder), by the rules of a click batch: days from `fromDay` on are replaced,
 * the rest stay; the tallied left-out hits (`filtered_hits`) count as they did. Visitors are the distinct visitor hashes of a link's human clicks that day.
 */
export async function rebuildClickDaily(db: Kysely<DB>, fromDay = '0000-00-00'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('click_daily').where('day', '>=', fromDay).execute();
    await sql`
      with input as (
        select t.mailto_link_id, c.occurred_at, c.is_bot, c.visitor_hash, 1 as weight
        from clicks c join tracking_links t on t.id = c.tracking_link_id
        where c.occurred_at >= ${fromDay}
        union all
        select t.mailto_link_id, f.hour, 1, null, f.hits
        from filtered_hits f join tracking_links t on t.id = f.tracking_link_id
        where f.hour >= ${fromDay}
      ),
      visitor_counts as (
        select mailto_link_id, substr(occurred_at, 1, 10) as day, count(distinct visitor_hash) as n
        from input where is_bot = 0 group by mailto_link_id, substr(occurred_at, 1, 10)
      ),
      deltas as (${sql.raw(clickDeltas('input'))})
      ${sql.raw(ROLLUP_UPSERT)}
    `.execute(trx);
  });
}
