import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config';
import type { DB } from './types';

export type Dialect = DatabaseConfig['dialect'];

export interface Db {
  kysely: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/** Opens the configured database: better-sqlite3 (WAL) by default, pg for postgres:// URLs. */
export function openDb(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // A dropped connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}

/** Current time as the ISO-8601 string every timestamp column stores. */
export function nowIso(): string {
  return new Date().toISOString();
}
