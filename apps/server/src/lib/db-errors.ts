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
 * PostgreSQL SQLSTATEs of a server that is going away, starting, overloaded or too slow:
 * class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), 53300
 * (too many connections), 57014 (cancelled: the statement timeout). SQLite: busy or locked.
 */
const DATABASE_CODES = /^(08...|57P0[123]|53300|57014|SQLITE_BUSY|SQLITE_LOCKED)$/;

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
