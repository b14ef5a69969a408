import { describe, expect, it } from 'vitest';
import {
  foldOutageLines,
  isDatabaseUnavailable,
  OUTAGE_REPORT_EVERY_MS,
  OutageLog,
} from './db-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for an unreachable or dying server, a timeout and a busy SQLite file', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('3D000', 'database "mailtokit" does not exist'),
      withCode('57P04', 'database dropped'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('SQLITE_BUSY'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
      new Error('wrapped', { cause: withCode('ECONNREFUSED') }),
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it('is false for errors of the query or the data, and for non-errors', () => {
    for (const err of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "nope" does not exist'),
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      new Error('boom'),
      null,
      'ECONNREFUSED',
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });
});

describe('foldOutageLines', () => {
  it('logs an outage once with its stack, then counts, and passes other lines through', () => {
    let now = 0;
    const outage = new OutageLog(() => now);
    const logMethod = foldOutageLines(outage);
    const written: unknown[][] = [];
    const method = (...args: unknown[]) => void written.push(args);
    const down = withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    const error = (...args: [unknown, ...unknown[]]) => logMethod.call(null, args, method, 50);

    error({ err: down }, 'database unavailable');
    expect(written).toHaveLength(1);
    expect(written[0]?.[0]).toEqual({ err: down });
    expect(String(written[0]?.[1])).toMatch(/^database unreachable/);
    for (let i = 0; i < 99; i++) {
      now += 10;
      error({ err: down }, 'database unavailable');
    }
    expect(written).toHaveLength(1);
    now += OUTAGE_REPORT_EVERY_MS;
    error({ err: down }, 'tracking link lookup failed');
    expect(written[1]).toEqual(['database unreachable, 100 requests refused']);

    // Other errors, and warnings, are left alone.
    const other = new Error('boom');
    error({ err: other }, 'unhandled error');
    logMethod.call(null, [{ err: down }, 'a warning'], method, 40);
    expect(written.slice(2)).toEqual([
      [{ err: other }, 'unhandled error'],
      [{ err: down }, 'a warning'],
    ]);

    expect(outage.recovered()).toBe(101);
    expect(outage.recovered()).toBeNull();
    error({ err: down }, 'database unavailable');
    expect(written).toHaveLength(5);
    expect(written[4]?.[0]).toEqual({ err: down });
  });
});
