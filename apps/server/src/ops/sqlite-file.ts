import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { openDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** A refusal or failure of an operator's command: its message is the whole explanation. */
export class OpsError extends Error {}

/** What an operator's command prints: normal lines, warnings, and the terminal (progress). */
export interface Output {
  log: (line: string) => void;
  error: (line: string) => void;
  /** The terminal when stdout is one (a progress bar redraws there), else null. */
  tty: NodeJS.WriteStream | null;
}

export const consoleOutput = (): Output => ({
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  tty: process.stdout.isTTY ? process.stdout : null,
});

/** The migration table Kysely keeps (its lock table is the other of its own). */
export const MIGRATION_TABLE = 'kysely_migration';
export const MIGRATION_LOCK_TABLE = 'kysely_migration_lock';

/** The migrations this release knows, in order (read from a scratch in-memory database). */
export async function releaseMigrations(): Promise<string[]> {
  const scratch = openDb({ dialect: 'sqlite', file: ':memory:' });
  try {
    await migrateToLatest(scratch);
    return scratch.driver.dialect === 'sqlite' ? migrationsOf(scratch.driver.sqlite) : [];
  } finally {
    await scratch.destroy();
  }
}

/** A table, index, trigger or view, as `sqlite_master` holds it. */
export interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

/** The schema objects of a database, SQLite's own (`sqlite_%`) left out. */
export function schemaOf(db: SQLite.Database): SchemaObject[] {
  return db
    .prepare(
      `select type, name, sql from sqlite_master where name not like 'sqlite\\_%' escape '\\' order by type, name`,
    )
    .all() as SchemaObject[];
}

/**
 * The schema objects this release creates when its migrations run up to `upTo` (the last
 * migration a backup has run), read from a scratch in-memory database.
 */
export async function releaseSchemaAt(upTo: string): Promise<SchemaObject[]> {
  const scratch = openDb({ dialect: 'sqlite', file: ':memory:' });
  try {
    await migrateToLatest(scratch, upTo);
    return scratch.driver.dialect === 'sqlite' ? schemaOf(scratch.driver.sqlite) : [];
  } finally {
    await scratch.destroy();
  }
}

const normalized = (sql: string | null) => (sql ?? '').replace(/\s+/g, ' ').trim();

/**
 * The objects of `have` that this release does not create, each as "trigger name" (with a note
 * when this release has one of that name but defines it otherwise): a backup holding any of
 * them was changed outside MailtoKit, and a foreign trigger or view would run with the data.
 */
export function foreignSchemaObjects(have: SchemaObject[], release: SchemaObject[]): string[] {
  const known = new Map(release.map((o) => [`${o.type} ${o.name}`, normalized(o.sql)]));
  const foreign: string[] = [];
  for (const o of have) {
    const key = `${o.type} ${o.name}`;
    const sql = known.get(key);
    if (sql === undefined) foreign.push(key);
    else if (sql !== normalized(o.sql))
      foreign.push(`${key} (defined otherwise than this release does)`);
  }
  return foreign;
}

/** The migrations a SQLite database has run, in order; [] when it has none. */
export function migrationsOf(db: SQLite.Database): string[] {
  const table = db
    .prepare(`select 1 from sqlite_master where type = 'table' and name = ?`)
    .get(MIGRATION_TABLE);
  if (!table) return [];
  return (
    db.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as { name: string }[]
  ).map((r) => r.name);
}

/**
 * How a database's migrations compare with this release's: `same`, `older` (a prefix: this
 * release's server brings it up to date at start) or `newer` (it ran migrations this release
 * does not have, or others in their place: only a newer release can run it).
 */
export function compareMigrations(
  have: string[],
  release: string[],
): { level: 'same' | 'older' | 'newer'; last: string } {
  const last = have[have.length - 1] ?? 'none';
  const unknown = have.some((name, i) => release[i] !== name);
  if (unknown) return { level: 'newer', last };
  return { level: have.length === release.length ? 'same' : 'older', last };
}

/** `PRAGMA integrity_check`'s findings; [] when the database is sound. */
export function integrityProblems(db: SQLite.Database): string[] {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  const found = rows.map((r) => r.integrity_check);
  return found.length === 1 && found[0] === 'ok' ? [] : found;
}

/**
 * Throws unless no other connection holds the database file: an exclusive lock is tried at
 * once, without waiting. A running server keeps its connection open (in WAL mode it holds
 * the shared-memory index), which makes the attempt fail.
 */
export function assertNotInUse(file: string, what: string): void {
  if (!fs.existsSync(file)) return;
  let probe: SQLite.Database | null = null;
  try {
    probe = new SQLite(file, { fileMustExist: true, timeout: 0 });
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('begin exclusive');
    probe.exec('rollback');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
      throw new OpsError(
        `${file} is in use (a MailtoKit server, or another program, has it open): stop the server first, then ${what} again.`,
      );
    throw new OpsError(`Cannot open ${file}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    probe?.close();
  }
}

/** Opens a SQLite file read-only for checks; a file that is no database fails clearly. */
export function openForCheck(file: string): SQLite.Database {
  if (!fs.existsSync(file)) throw new OpsError(`${file} does not exist.`);
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    // Reading the schema is what fails on a file that is not a database.
    db.prepare('select count(*) from sqlite_master').get();
    return db;
  } catch (err) {
    throw new OpsError(
      `${file} is not a readable SQLite database: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** `1234567` as `1,234,567`. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
