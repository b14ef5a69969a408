import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { DEFAULT_PG_POOL_SIZE, type Database as DatabaseConfig } from '../config';
import type { DB } from './types';
import { assertSqliteRuntime } from './sqlite-runtime';
import { makePrivateDatabaseFile } from './private-files';

export type Dialect = DatabaseConfig['dialect'];

/** Where a repo runs its SQL: the database, or a transaction a service opened. */
export type Conn = Kysely<DB> | Transaction<DB>;

export interface Db {
  kysely: Kysely<DB>;
  dialect: Dialect;
  /** The driver handle under Kysely, for libraries that talk to it directly (rate limits). */
  driver: { dialect: 'postgres'; pool: pg.Pool } | { dialect: 'sqlite'; sqlite: SQLite.Database };
  /**
   * Where errors of idle connections go (PostgreSQL: a server restart or a dropped network
   * drops them; the pool replaces them on the next query). Until set, they go to stderr.
   */
  onConnectionError(log: (err: Error) => void): void;
  /**
   * What every Kysely query (or transaction) waits for: the clicks this process has answered
   * applied, so that a read sees them. PostgreSQL waits before taking a connection, for the
   * click inbox (docs/decisions/0039-postgres-click-inbox.md); SQLite runs it once it holds its
   * one connection, and it applies the waiting clicks' rules there and then
   * (docs/decisions/0069-sqlite-click-rules-applied-later.md). Returning undefined means
   * nothing to wait for.
   */
  setReadBarrier(barrier: ReadBarrier): void;
  destroy(): Promise<void>;
}

/** See `Db.setReadBarrier`. */
export type ReadBarrier = () => Promise<void> | undefined;

/** Kysely's PostgreSQL driver, waiting for the read barrier before each connection it takes. */
class BarrierPostgresDriver extends PostgresDriver {
  constructor(
    config: PostgresDialectConfig,
    private readonly barrier: () => ReadBarrier,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const wait = this.barrier()();
    if (wait) await wait;
    return super.acquireConnection();
  }
}

class BarrierPostgresDialect extends PostgresDialect {
  constructor(
    private readonly config: PostgresDialectConfig,
    private readonly barrier: () => ReadBarrier,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new BarrierPostgresDriver(this.config, this.barrier);
  }
}

/**
 * Kysely's SQLite driver, running the read barrier once a query holds the connection: no other
 * query's transaction is open on it then, so the barrier may write in a transaction of its own.
 */
class BarrierSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly barrier: () => ReadBarrier,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    try {
      const wait = this.barrier()();
      if (wait) await wait;
    } catch (err) {
      await this.releaseConnection();
      throw err;
    }
    return connection;
  }
}

class BarrierSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly barrier: () => ReadBarrier,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new BarrierSqliteDriver(this.config, this.barrier);
  }
}

/** How long a query waits for a new PostgreSQL connection before failing (503). */
export const PG_CONNECT_TIMEOUT_MS = 5000;

/** Opens the configured database: better-sqlite3 (WAL) by default, pg for postgres:// URLs. */
export function openDb(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    // No timeout unless the configuration sets one (the server's does: PG_STATEMENT_TIMEOUT_MS).
    const statementTimeout = config.statementTimeoutMs ?? 0;
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? DEFAULT_PG_POOL_SIZE,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
    });
    let log = (err: Error) =>
      console.error(`PostgreSQL connection error (the pool reconnects): ${err.message}`);
    // An idle connection that dies must not crash the process (an 'error' event without a
    // listener would): it is logged, and the pool opens a new one when a query needs it.
    pool.on('error', (err) => log(err));
    // A connection that dies while checked out (between a transaction's queries, or just after
    // its query failed) emits 'error' on its client, where the pool listens only while it is
    // idle: unheard, that would crash the process. Its next query fails instead (503), and the
    // pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    let barrier: ReadBarrier = () => undefined;
    const kysely = new Kysely<DB>({
      dialect: new BarrierPostgresDialect({ pool }, () => barrier),
    });
    return {
      kysely,
      dialect: 'postgres',
      driver: { dialect: 'postgres', pool },
      onConnectionError: (fn) => {
        log = fn;
      },
      setReadBarrier: (fn) => {
        barrier = fn;
      },
      destroy: () => kysely.destroy(),
    };
  }
  assertSqliteRuntime();
  // Created 0600 (its -wal and -shm follow), whatever the umask.
  if (config.file !== ':memory:') makePrivateDatabaseFile(config.file);
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  let barrier: ReadBarrier = () => undefined;
  const kysely = new Kysely<DB>({
    dialect: new BarrierSqliteDialect({ database: withStatementCache(sqlite) }, () => barrier),
  });
  return {
    kysely,
    dialect: 'sqlite',
    driver: { dialect: 'sqlite', sqlite },
    // One embedded connection: its errors are those of the queries that hit them.
    onConnectionError: () => undefined,
    setReadBarrier: (fn) => {
      barrier = fn;
    },
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
