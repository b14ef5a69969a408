import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database as DatabaseConfig } from '../config';
import type { DB } from './types';

export type Dialect = DatabaseConfig['dialect'];

export interface Db {
  kysely: Kysely<DB>;
  dialect: Dialect;
  /** The driver handle under Kysely, for libraries that talk to it directly (rate limits). */
  driver: { dialect: 'postgres'; pool: pg.Pool } | { dialect: 'sqlite'; sqlite: SQLite.Database };
  destroy(): Promise<void>;
}

/** Opens the configured database: better-sqlite3 (WAL) by default, pg for postgres:// URLs. */
export function openDb(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // A dropped connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      driver: { dialect: 'postgres', pool },
      destroy: () => kysely.destroy(),
    };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    driver: { dialect: 'sqlite', sqlite },
    destroy: () => kysely.destroy(),
  };
}

/** Prepared statements kept per SQL text (least recently used dropped past this many). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, which costs more than running a small one. Reusing the
 * statement for the same SQL text is safe: SQLite has a single connection here, held by one
 * query at a time, and a statement re-prepares itself after a schema change.
 */
function withStatementCache(db: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare: (sql: string) => {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = db.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/** Current time as the ISO-8601 string every timestamp column stores. */
export function nowIso(): string {
  return new Date().toISOString();
}
