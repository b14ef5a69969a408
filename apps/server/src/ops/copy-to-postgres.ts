import { createHash } from 'node:crypto';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { describeDatabase } from '../config';
import { openDb, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { applyClickRulesSqlite, SQLITE_APPLY_LIMIT } from '../modules/clicks/service';
import { ProgressBar } from './progress';
import {
  compareMigrations,
  formatCount,
  MIGRATION_LOCK_TABLE,
  MIGRATION_TABLE,
  migrationsOf,
  OpsError,
  releaseMigrations,
  type Output,
} from './sqlite-file';

/**
 * Tables never copied, and why. Every other table of the schema is copied: the list is read
 * from both databases at run time, so a table a later migration adds is copied without a
 * change here (or the copy stops, naming it, when only one side has it).
 */
export const SKIPPED_TABLES: Readonly<Record<string, string>> = {
  [MIGRATION_TABLE]: "the target runs this release's migrations itself; the lists are compared",
  [MIGRATION_LOCK_TABLE]: "the migrator's own lock",
  click_inbox:
    'PostgreSQL only: clicks whose rules are not applied yet (SQLite keeps its waiting clicks in `clicks`)',
  click_rules_applied:
    'SQLite only: how far the click rules are applied (the copy applies those still waiting first)',
};

/**
 * Tables copied in part: only the rows a server still reads. Rate-limit windows that have
 * ended count for nothing (the limiter treats them as absent), those in force are kept, so
 * that a lockout or a spent hourly allowance carries over to the new database.
 */
const ROW_FILTERS: Readonly<Record<string, { where: string; params: () => unknown[] }>> = {
  rate_limits: { where: 'expire is null or expire > ?', params: () => [Date.now()] },
};

/** Bind parameters per INSERT stay under PostgreSQL's 65,535. */
const MAX_PARAMS = 60_000;
const MAX_BATCH_ROWS = 1000;
const VERIFY_FETCH = 5000;

export interface TableReport {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  /** Rows left out on purpose (ROW_FILTERS). */
  filtered: number;
}

export interface CopyReport {
  copied: TableReport[];
  skipped: { table: string; reason: string }[];
}

interface Column {
  name: string;
  /** PostgreSQL's data_type (`integer`, `character varying`, `boolean`, `jsonb`, …). */
  type: string;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A value as SQLite holds it, in the form the PostgreSQL column takes: booleans are stored
 * 0/1 in SQLite; everything else (integers, text, ISO timestamps in text, JSON in text, blobs)
 * passes as is.
 */
function toTarget(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return Boolean(Number(value));
  return value;
}

/** One value in a form both databases' answers agree on, for the checksum. */
function canonical(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'boolean')
    return value === true || value === 't' || value === 'true' || Number(value) === 1 ? '1' : '0';
  if (type === 'json' || type === 'jsonb')
    return JSON.stringify(typeof value === 'string' ? JSON.parse(value) : value);
  if (value instanceof Date) return value.toISOString();
  if (type.startsWith('timestamp')) return new Date(String(value)).toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return String(value);
}

/**
 * An order-independent checksum of a table: the sum (mod 2^128) of each row's sha256 prefix,
 * rows hashed with their columns in name order. Order-independent, because the two databases
 * sort text differently and the copy must not depend on either's collation.
 */
class TableChecksum {
  private sum = 0n;
  rows = 0;
  constructor(private readonly columns: Column[]) {}

  add(row: unknown[]): void {
    const values = this.columns.map((c, i) => canonical(row[i], c.type));
    const digest = createHash('sha256').update(JSON.stringify(values)).digest();
    this.sum =
      (this.sum + digest.readBigUInt64BE(0) * 2n ** 64n + digest.readBigUInt64BE(8)) % 2n ** 128n;
    this.rows += 1;
  }

  hex(): string {
    return this.sum.toString(16).padStart(32, '0');
  }
}

/** Tables ordered so that every table comes after those its foreign keys reference. */
function orderByForeignKeys(
  tables: string[],
  edges: { child: string; parent: string }[],
): string[] {
  const remaining = new Set(tables);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges)
    if (child !== parent && remaining.has(child) && remaining.has(parent))
      parents.get(child)?.add(parent);
  const order: string[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining]
      .filter((t) => [...(parents.get(t) ?? [])].every((p) => !remaining.has(p)))
      .sort();
    if (ready.length === 0)
      throw new OpsError(
        `The foreign keys of ${[...remaining].join(', ')} form a cycle: this copy cannot order them.`,
      );
    for (const t of ready) {
      order.push(t);
      remaining.delete(t);
    }
  }
  return order;
}

/** Opens the source and holds it exclusively for the whole copy: no server can write meanwhile. */
function lockSource(file: string): SQLite.Database {
  if (!fs.existsSync(file)) throw new OpsError(`There is no SQLite database at ${file}.`);
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    return db;
  } catch (err) {
    db.close();
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
      throw new OpsError(
        `${file} is in use (a MailtoKit server, or another program, has it open): stop the server first, so that nothing is written after the copy, then copy again.`,
      );
    throw new OpsError(`Cannot open ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function targetTables(client: pg.PoolClient): Promise<string[]> {
  const res = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  return res.rows.map((r) => r.name);
}

/**
 * Copies every table of the SQLite database `sourceFile` into the empty PostgreSQL database at
 * `url` (after running this release's migrations there), in one transaction: ids as they
 * are, sequences moved past the highest id, row counts and checksums compared before the
 * commit. Refuses a target that holds data and a source whose schema is not this release's.
 */
export async function copyToPostgres(
  sourceFile: string,
  url: string,
  out: Output,
): Promise<CopyReport> {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new OpsError(`The target must be a postgres:// URL, not '${url}'.`);
  const where = describeDatabase({ dialect: 'postgres', url });
  const src = lockSource(sourceFile);
  let target: Db | null = null;
  try {
    const { level, last } = compareMigrations(migrationsOf(src), await releaseMigrations());
    if (level === 'older')
      throw new OpsError(
        `The SQLite database's schema is older than this release's (it ends at ${last}): start this release's server on it once (it brings the schema up to date), stop it, then copy. Nothing was copied.`,
      );
    if (level === 'newer')
      throw new OpsError(
        `The SQLite database's schema is newer than this release's (it ends at ${last}): copy it with the release that wrote it. Nothing was copied.`,
      );

    // Clicks a server stored but stopped before applying their rules (a crash) get them here,
    // inside the source's transaction: the copy carries them applied, and the source is left
    // as it was (rolled back), to apply them itself if a server starts on it again.
    while (applyClickRulesSqlite(src).applied >= SQLITE_APPLY_LIMIT);

    target = openDb({ dialect: 'postgres', url, statementTimeoutMs: 0, poolSize: 2 });
    target.onConnectionError(() => undefined);
    if (target.driver.dialect !== 'postgres') throw new Error('unreachable');
    const pool = target.driver.pool;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      throw new OpsError(
        `Cannot connect to ${where}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    try {
      const holding: string[] = [];
      for (const t of await targetTables(client)) {
        if (t in SKIPPED_TABLES) continue;
        const res = await client.query(`select 1 from ${q(t)} limit 1`);
        if (res.rowCount) holding.push(t);
      }
      if (holding.length > 0)
        throw new OpsError(
          `The target database already holds data (in ${holding.join(', ')}): copy into a new, empty database. Nothing was copied.`,
        );
    } finally {
      client.release();
    }

    await migrateToLatest(target);
    return await copyTables(src, pool, out);
  } finally {
    if (src.inTransaction) src.exec('rollback');
    src.close();
    await target?.destroy();
  }
}

async function copyTables(src: SQLite.Database, pool: pg.Pool, out: Output): Promise<CopyReport> {
  const client = await pool.connect();
  try {
    const sourceTables = (
      src
        .prepare(
          `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`,
        )
        .all() as { name: string }[]
    ).map((r) => r.name);
    const targetList = await targetTables(client);
    const skipped = Object.entries(SKIPPED_TABLES)
      .filter(([t]) => sourceTables.includes(t))
      .map(([table, reason]) => ({ table, reason }));
    const onlySource = sourceTables.filter(
      (t) => !(t in SKIPPED_TABLES) && !targetList.includes(t),
    );
    const onlyTarget = targetList.filter(
      (t) => !(t in SKIPPED_TABLES) && !sourceTables.includes(t),
    );
    if (onlySource.length + onlyTarget.length > 0)
      throw new OpsError(
        `The schemas differ: ${[...onlySource.map((t) => `${t} only in the SQLite database`), ...onlyTarget.map((t) => `${t} only in PostgreSQL`)].join('; ')}. Nothing was copied.`,
      );
    const tables = sourceTables.filter((t) => !(t in SKIPPED_TABLES));

    // Columns: PostgreSQL's types, in name order; both sides must have the same names.
    const typeRows = await client.query<{
      table: string;
      name: string;
      type: string;
      dflt: string | null;
    }>(
      `select table_name as table, column_name as name, data_type as type, column_default as dflt
       from information_schema.columns where table_schema = current_schema()`,
    );
    const columns = new Map<string, Column[]>();
    const serials: { table: string; column: string }[] = [];
    for (const t of tables) {
      const pgCols = typeRows.rows.filter((r) => r.table === t);
      const sqliteCols = (src.pragma(`table_info(${q(t)})`) as { name: string }[]).map(
        (c) => c.name,
      );
      const names = pgCols.map((c) => c.name).sort();
      const differ =
        names.length !== sqliteCols.length || sqliteCols.some((c) => !names.includes(c));
      if (differ)
        throw new OpsError(
          `The columns of ${t} differ (SQLite: ${sqliteCols.sort().join(', ')}; PostgreSQL: ${names.join(', ')}). Nothing was copied.`,
        );
      columns.set(
        t,
        names.map((name) => ({ name, type: pgCols.find((c) => c.name === name)?.type ?? '' })),
      );
      for (const c of pgCols)
        if (c.dflt?.startsWith('nextval(')) serials.push({ table: t, column: c.name });
    }

    const fk = await client.query<{ child: string; parent: string }>(
      `select cc.relname as child, pc.relname as parent
       from pg_constraint k
       join pg_class cc on cc.oid = k.conrelid
       join pg_class pc on pc.oid = k.confrelid
       join pg_namespace n on n.oid = k.connamespace
       where k.contype = 'f' and n.nspname = current_schema()`,
    );
    const order = orderByForeignKeys(tables, fk.rows);

    const sourceCounts = new Map<string, { copied: number; filtered: number }>();
    let total = 0;
    for (const t of order) {
      const all = (src.prepare(`select count(*) as n from ${q(t)}`).get() as { n: number }).n;
      const filter = ROW_FILTERS[t];
      const copied = filter
        ? (
            src
              .prepare(`select count(*) as n from ${q(t)} where ${filter.where}`)
              .get(...filter.params()) as { n: number }
          ).n
        : all;
      sourceCounts.set(t, { copied, filtered: all - copied });
      total += copied;
    }
    const hasSequenceTable = Boolean(
      src
        .prepare(`select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'`)
        .get(),
    );
    const sqliteSeq = new Map<string, number>(
      hasSequenceTable
        ? (
            src.prepare('select name, seq from sqlite_sequence').all() as {
              name: string;
              seq: number;
            }[]
          ).map((r) => [r.name, r.seq])
        : [],
    );

    const progress = new ProgressBar(out.tty, total);
    const sums = new Map<string, TableChecksum>();
    await client.query('begin');
    try {
      // Triggers that keep derived tables in step (the search table, click totals) would
      // write rows the copy brings itself: they stay off while the copy runs, and only in
      // this transaction (foreign keys, which are no user triggers, are still checked).
      for (const t of order) await client.query(`alter table ${q(t)} disable trigger user`);
      for (const t of order) {
        progress.setLabel(t);
        const cols = columns.get(t) ?? [];
        const sum = new TableChecksum(cols);
        sums.set(t, sum);
        const list = cols.map((c) => q(c.name)).join(', ');
        const filter = ROW_FILTERS[t];
        const stmt = src
          .prepare(`select ${list} from ${q(t)}${filter ? ` where ${filter.where}` : ''}`)
          .raw(true);
        const perBatch = Math.max(
          1,
          Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMS / cols.length)),
        );
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const params: unknown[] = [];
          const tuples = batch.map((row) => {
            const marks = row.map((v, i) => {
              params.push(toTarget(v, cols[i]?.type ?? ''));
              return `$${params.length}`;
            });
            return `(${marks.join(', ')})`;
          });
          await client.query(`insert into ${q(t)} (${list}) values ${tuples.join(', ')}`, params);
          progress.advance(batch.length);
          batch = [];
        };
        for (const row of stmt.iterate(...(filter ? filter.params() : [])) as Iterable<unknown[]>) {
          sum.add(row);
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
      }
      for (const t of order) await client.query(`alter table ${q(t)} enable trigger user`);

      // Sequences continue after the highest id SQLite ever handed out (which may exceed
      // the highest id left), so no id is used twice.
      for (const { table, column } of serials) {
        const max = await client.query<{ n: string | null }>(
          `select max(${q(column)})::text as n from ${q(table)}`,
        );
        const next = Math.max(Number(max.rows[0]?.n ?? 0), sqliteSeq.get(table) ?? 0);
        await client.query(`select setval(pg_get_serial_sequence($1, $2), $3, $4)`, [
          q(table),
          column,
          Math.max(next, 1),
          next > 0,
        ]);
      }
      progress.finish();

      const copied: TableReport[] = [];
      for (const t of order) {
        const cols = columns.get(t) ?? [];
        const check = new TableChecksum(cols);
        await client.query(
          `declare mk_verify no scroll cursor for select ${cols.map((c) => q(c.name)).join(', ')} from ${q(t)}`,
        );
        for (;;) {
          const res = await client.query<unknown[]>({
            text: `fetch forward ${VERIFY_FETCH} from mk_verify`,
            rowMode: 'array',
          });
          for (const row of res.rows) check.add(row);
          if (res.rows.length < VERIFY_FETCH) break;
        }
        await client.query('close mk_verify');
        const sum = sums.get(t);
        copied.push({
          table: t,
          sourceRows: sum?.rows ?? 0,
          targetRows: check.rows,
          sourceChecksum: sum?.hex() ?? '',
          targetChecksum: check.hex(),
          filtered: sourceCounts.get(t)?.filtered ?? 0,
        });
      }
      printReport(copied, skipped, out);
      const bad = copied.filter(
        (r) => r.sourceRows !== r.targetRows || r.sourceChecksum !== r.targetChecksum,
      );
      if (bad.length > 0)
        throw new OpsError(
          `The copy differs from the source in ${bad.map((r) => r.table).join(', ')}: rolled back, nothing was copied.`,
        );
      await client.query('commit');
      // Fresh statistics, so the planner sees the copied tables as they are from the start
      // (autovacuum would catch up later: a failure here costs nothing but that wait).
      await client.query('analyze').catch(() => undefined);
      return { copied, skipped };
    } catch (err) {
      progress.finish();
      await client.query('rollback').catch(() => undefined);
      if (err instanceof OpsError) throw err;
      throw new OpsError(
        `The copy failed and was rolled back, nothing was copied: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  } finally {
    client.release();
  }
}

function printReport(
  copied: TableReport[],
  skipped: { table: string; reason: string }[],
  out: Output,
): void {
  const width = Math.max(5, ...copied.map((r) => r.table.length));
  out.log(
    `${'table'.padEnd(width)}  ${'SQLite rows'.padStart(11)}  ${'PostgreSQL'.padStart(11)}  checksum (both)${' '.repeat(18)}  result`,
  );
  for (const r of copied) {
    const same = r.sourceRows === r.targetRows && r.sourceChecksum === r.targetChecksum;
    const checksum = same ? r.sourceChecksum : `${r.sourceChecksum} / ${r.targetChecksum}`;
    const note = r.filtered > 0 ? ` (${formatCount(r.filtered)} expired rows left out)` : '';
    out.log(
      `${r.table.padEnd(width)}  ${formatCount(r.sourceRows).padStart(11)}  ${formatCount(r.targetRows).padStart(11)}  ${checksum}  ${same ? 'ok' : 'DIFFERS'}${note}`,
    );
  }
  for (const s of skipped) out.log(`${s.table.padEnd(width)}  skipped: ${s.reason}`);
}
