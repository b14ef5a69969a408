import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';

/** Node's socket errors when the database server cannot be reached or drops the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away, starting, overloaded, too slow or whose
 * database is not there: class 08 (connection exception), 57P01-57P05 (shutdown, crash, cannot
 * connect now, database dropped, idle session ended), 3D000 (no such database), 28000/28P01
 * (the configured role may not connect), 53300 (too many connections), 57014 (cancelled: the
 * statement timeout). SQLite: busy, locked, or its file cannot be opened.
 */
const DATABASE_CODES =
  /^(08...|57P0[1-5]|3D000|28000|28P01|53300|57014|SQLITE_BUSY|SQLITE_LOCKED|SQLITE_CANTOPEN)$/;

/** pg's own messages for a connection that failed, died or timed out (they carry no code). */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i;

/**
 * True when `err` (or its cause) means the database cannot answer now — as opposed to a bad
 * query or a constraint. Such a failure is a 503, retried later; never a 500, never a success.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || DATABASE_CODES.test(e.code)))
    return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  // A connection attempt to several addresses (IPv6 and IPv4) fails with an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

/**
 * True when PostgreSQL ended the statement to break a deadlock (40P01): nothing it did stays,
 * and running it again is safe.
 */
export function isDeadlock(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '40P01';
}

/** How often, during an outage, a line counts the failures since the previous one. */
export const OUTAGE_REPORT_EVERY_MS = 5_000;
/** After this long without a failure, the next one starts a new outage (logged in full). */
export const OUTAGE_QUIET_MS = 60_000;

/**
 * Keeps an outage from flooding the log: its first failure is logged in full (one stack), the
 * following ones are counted, with a line every OUTAGE_REPORT_EVERY_MS while they go on.
 */
export class OutageLog {
  private since: number | null = null;
  private lastFailureAt = 0;
  private lastReportAt = 0;
  private unreported = 0;
  private total = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** A failure: `first` to log in full, a count of failures to report now, or null (quiet). */
  failure(): 'first' | number | null {
    const t = this.now();
    const newOutage = this.since === null || t - this.lastFailureAt > OUTAGE_QUIET_MS;
    this.lastFailureAt = t;
    if (newOutage) {
      this.since = t;
      this.lastReportAt = t;
      this.unreported = 0;
      this.total = 1;
      return 'first';
    }
    this.total += 1;
    this.unreported += 1;
    if (t - this.lastReportAt < OUTAGE_REPORT_EVERY_MS) return null;
    const count = this.unreported;
    this.unreported = 0;
    this.lastReportAt = t;
    return count;
  }

  /** The database answered again: the outage's failures in all, or null if there was none. */
  recovered(): number | null {
    if (this.since === null) return null;
    this.since = null;
    return this.total;
  }
}

/** A log call's arguments: `(obj, msg?, ...)` or `(msg, ...)`. */
type LogArgs = [unknown, ...unknown[]];

/**
 * A pino `logMethod` hook that sends every error-level line about a database that cannot
 * answer (whoever logs it: a request, the redirect, the webhook worker, the pool) through
 * `outage`: one line with its stack when the outage starts, then one line every few seconds
 * with the number of requests refused meanwhile.
 */
export function foldOutageLines(outage: OutageLog) {
  return function logMethod(
    this: unknown,
    args: LogArgs,
    method: (...args: LogArgs) => void,
    level: number,
  ): void {
    const [first] = args;
    const err =
      first instanceof Error
        ? first
        : typeof first === 'object' && first !== null && 'err' in first
          ? first.err
          : undefined;
    // 50 is pino's `error`; warnings and below pass unchanged.
    if (level < 50 || !isDatabaseUnavailable(err)) return method.apply(this, args);
    const verdict = outage.failure();
    if (verdict === null) return;
    if (verdict === 'first') {
      const said = typeof args[1] === 'string' ? ` (first: ${args[1]})` : '';
      return method.apply(this, [
        { err },
        `database unreachable: answering 503 until it is back; further failures are counted${said}`,
      ]);
    }
    return method.apply(this, [`database unreachable, ${verdict} requests refused`]);
  };
}

/** Logs the end of an outage when the database accepts a connection again (PostgreSQL). */
export function logRecovery(db: Db, outage: OutageLog, log: FastifyBaseLogger): void {
  if (db.driver.dialect !== 'postgres') return;
  db.driver.pool.on('connect', () => {
    const refused = outage.recovered();
    if (refused !== null)
      log.warn(`database reachable again; ${refused} requests refused during the outage`);
  });
}
