import { CompiledQuery, sql, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { DB, LinkRow, TrackingOpens } from '../../db/types';

/**
 * The active tracking link behind a slug and the stored fields of its mailto link, with the
 * link's `updated_at` (the built URL is cached per link and version).
 */
export type RedirectTarget = Pick<LinkRow, 'to' | 'cc' | 'bcc' | 'subject' | 'body'> & {
  trackingLinkId: number;
  mailtoLinkId: number;
  updatedAt: string;
  /** How the tracking link opens: the 302 (`direct`) or the chooser page (`choose`). */
  opens: TrackingOpens;
};

/** A redirect's target: the live tracking link and its saved link's fields (no slug filter). */
function redirectTargets(db: Kysely<DB>) {
  return db
    .selectFrom('tracking_links as t')
    .innerJoin('mailto_links as m', 'm.id', 't.mailto_link_id')
    .select([
      't.id as trackingLinkId',
      't.mailto_link_id as mailtoLinkId',
      'm.updated_at as updatedAt',
      't.opens as opens',
      'm.to',
      'm.cc',
      'm.bcc',
      'm.subject',
      'm.body',
    ])
    .where('t.retired_at', 'is', null);
}

function redirectTargetQuery(db: Kysely<DB>, slug: string) {
  return redirectTargets(db).where('t.slug', '=', slug);
}

/** A query's SQL text, compiled by `build` once per database (the lookups run on every click). */
function compiledOnce(build: (db: Kysely<DB>) => string): (db: Kysely<DB>) => string {
  const texts = new WeakMap<Kysely<DB>, string>();
  return (db) => {
    let text = texts.get(db);
    if (text === undefined) {
      text = build(db);
      texts.set(db, text);
    }
    return text;
  };
}

/** The redirect lookup's SQL. */
const redirectSqlOf = compiledOnce((db) => redirectTargetQuery(db, '').compile().sql);

/** One indexed lookup per click (slug is unique); retired slugs and deleted links miss. */
export async function findRedirectTarget(
  db: Kysely<DB>,
  slug: string,
): Promise<RedirectTarget | undefined> {
  const text = redirectSqlOf(db);
  const { rows } = await db.executeQuery<RedirectTarget>(CompiledQuery.raw(text, [slug]));
  return rows[0];
}

/**
 * The targets of the slugs in the array `$1` (PostgreSQL), each row with its `slug`: the SQL
 * of `findRedirectTargetsPostgres`, also the final query of the click statement that queues
 * clicks by slug (click-store.ts).
 */
export const redirectTargetsSqlPostgres = compiledOnce(
  (db) =>
    redirectTargets(db)
      .select('t.slug')
      .where(sql<boolean>`t.slug = any(${sql.val([] as string[])}::text[])`)
      .compile().sql,
);

/**
 * `findRedirectTarget` for many slugs in one round trip on PostgreSQL (a named, server-side
 * prepared statement taking the slugs as one array): the targets found, by slug.
 */
export async function findRedirectTargetsPostgres(
  pool: pg.Pool,
  db: Kysely<DB>,
  slugs: readonly string[],
): Promise<Map<string, RedirectTarget>> {
  const text = redirectTargetsSqlPostgres(db);
  const { rows } = await pool.query<RedirectTarget & { slug: string }>({
    name: 'mailtokit-redirect-targets',
    text,
    values: [slugs],
  });
  return new Map(rows.map(({ slug, ...target }) => [slug, target]));
}

/**
 * The lookup's SQL for SQLite's prepared statement. The slug is bound as `+?`: SQLite
 * recompiles a join that compares a column with a bare parameter whenever that parameter's
 * value changes (its plan may depend on the value), and for a lookup that runs on every click
 * the recompilation cost several times the lookup itself. `+?` is the same value, used through
 * the same index, in a plan compiled once.
 */
export const redirectTargetSqlSqlite = compiledOnce(
  (db) =>
    redirectTargets(db)
      .where(sql<boolean>`${sql.ref('t.slug')} = +${''}`)
      .compile().sql,
);

/** The lookup's prepared statement per SQLite database. */
const redirectStatement = new WeakMap<
  SQLite.Database,
  SQLite.Statement<[string], RedirectTarget>
>();

/**
 * `findRedirectTarget` on SQLite, synchronously through a prepared statement: undefined when
 * the connection is inside another query's transaction (the caller then asks through Kysely,
 * which waits for it), so a click never reads what that transaction has not committed.
 */
export function findRedirectTargetSqlite(
  sqlite: SQLite.Database,
  db: Kysely<DB>,
  slug: string,
): { target: RedirectTarget | undefined } | undefined {
  if (sqlite.inTransaction) return undefined;
  let stmt = redirectStatement.get(sqlite);
  if (!stmt) {
    stmt = sqlite.prepare<[string], RedirectTarget>(redirectTargetSqlSqlite(db));
    redirectStatement.set(sqlite, stmt);
  }
  return { target: stmt.get(slug) };
}
