import { once } from 'node:events';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Loads many rows into one table as fast as each database takes them: the table's secondary
 * indexes and its triggers are set aside during the load and put back afterwards with their
 * own stored definitions (read from the database, never restated here), so the schema after
 * the load is the one the migrations made. Derived tables the triggers would have kept are
 * the caller's to rebuild (with the server's own rebuild functions).
 *
 * SQLite: one prepared INSERT in transactions of `batch` rows, foreign keys not checked;
 * PostgreSQL: `COPY ... FROM STDIN` (text format) with `session_replication_role = replica`
 * (no triggers, foreign keys included, in this session only; needs a superuser, as the
 * benchmarks' PostgreSQL has).
 */
export interface BulkLoad {
  table: string;
  columns: readonly string[];
  rows: Iterable<readonly unknown[]>;
  /** Called every `reportEvery` rows with the rows written so far. */
  progress?: (written: number) => void;
  reportEvery?: number;
  /** SQLite: rows per transaction. */
  batch?: number;
}

export interface BulkLoadTimes {
  rows: number;
  /** Seconds spent writing the rows. */
  loadS: number;
  /** Seconds spent putting the indexes and triggers back (the index builds). */
  indexS: number;
}

export async function bulkLoadSqlite(file: string, load: BulkLoad): Promise<BulkLoadTimes> {
  const conn = new SQLite(file);
  try {
    conn.pragma('journal_mode = WAL');
    conn.pragma('synchronous = NORMAL');
    conn.pragma('busy_timeout = 5000');
    conn.pragma('foreign_keys = OFF');
    // Room to sort an index of millions of entries in memory (1 GiB of page cache).
    conn.pragma('cache_size = -1048576');
    conn.pragma('temp_store = MEMORY');
    const saved = conn
      .prepare(
        `select type, name, sql from sqlite_master
         where tbl_name = ? and type in ('index', 'trigger') and sql is not null`,
      )
      .all(load.table) as { type: 'index' | 'trigger'; name: string; sql: string }[];
    for (const o of saved) conn.exec(`drop ${o.type} "${o.name}"`);

    const started = performance.now();
    const stmt = conn.prepare(
      `insert into "${load.table}" (${load.columns.join(', ')}) values (${load.columns.map(() => '?').join(', ')})`,
    );
    const batch = load.batch ?? 100_000;
    const every = load.reportEvery ?? 1_000_000;
    const write = conn.transaction((chunk: (readonly unknown[])[]) => {
      for (const row of chunk) stmt.run(row);
    });
    let chunk: (readonly unknown[])[] = [];
    let written = 0;
    for (const row of load.rows) {
      chunk.push(row);
      if (chunk.length < batch) continue;
      write(chunk);
      written += chunk.length;
      chunk = [];
      if (written % every < batch) load.progress?.(written);
      // better-sqlite3 is synchronous: a turn of the event loop between batches lets this
      // process notice what its other sockets did meanwhile (a server closing idle
      // keep-alive connections), so that the first timed call is not sent on a dead one.
      await yieldToLoop();
    }
    write(chunk);
    written += chunk.length;
    const loadS = (performance.now() - started) / 1000;

    const indexStarted = performance.now();
    for (const o of saved.filter((x) => x.type === 'index')) conn.exec(o.sql);
    for (const o of saved.filter((x) => x.type === 'trigger')) conn.exec(o.sql);
    conn.pragma('wal_checkpoint(TRUNCATE)');
    return { rows: written, loadS, indexS: (performance.now() - indexStarted) / 1000 };
  } finally {
    conn.close();
  }
}

/** A value in COPY's text format: `\N` for null, backslash escapes for the rest. */
function copyText(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  const s = String(v);
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : s;
}

export async function bulkLoadPostgres(url: string, load: BulkLoad): Promise<BulkLoadTimes> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    // Secondary indexes only: those behind a constraint (the primary key) stay.
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = $1
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [load.table],
    );
    for (const ix of indexes) await client.query(`drop index "${ix.name}"`);

    const started = performance.now();
    const stream = client.query(
      copyFrom(`copy "${load.table}" (${load.columns.join(', ')}) from stdin`),
    );
    const every = load.reportEvery ?? 1_000_000;
    let written = 0;
    let text = '';
    for (const row of load.rows) {
      text += `${row.map(copyText).join('\t')}\n`;
      written += 1;
      if (written % 10_000 === 0) {
        if (!stream.write(text)) await once(stream, 'drain');
        text = '';
      }
      if (written % every === 0) load.progress?.(written);
    }
    stream.end(text);
    await once(stream, 'finish');
    const loadS = (performance.now() - started) / 1000;

    const indexStarted = performance.now();
    for (const ix of indexes) await client.query(ix.def);
    return { rows: written, loadS, indexS: (performance.now() - indexStarted) / 1000 };
  } finally {
    await client.end();
  }
}
