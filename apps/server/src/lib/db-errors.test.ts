import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for an unreachable or dying server, a timeout and a busy SQLite file', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
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
