import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_BATCH_SQL } from '../src/modules/clicks/click-store';
import { createTestApp, dialect, type TestApp } from './helpers';

/**
 * The SQLite click batch's statements read the batch's clicks by their id range (the rows it
 * has just stored), never through the clicks index of a tracking link: that index leads to the
 * link's whole history, and a statement that went through it would cost more with every click
 * ever stored.
 */
describe.skipIf(dialect !== 'sqlite')('the SQLite click batch reads only its own clicks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const planOf = (text: string): string[] => {
    const driver = t.db.driver;
    if (driver.dialect !== 'sqlite') throw new Error('SQLite only');
    return (
      driver.sqlite
        .prepare(`explain query plan ${text}`)
        .all({ first: 1, last: 50, visitors: '[]', key: 'k' }) as { detail: string }[]
    ).map((r) => r.detail);
  };

  for (const [name, text] of Object.entries(SQLITE_BATCH_SQL)) {
    it(`${name}: the clicks by id range only`, () => {
      const plan = planOf(text);
      // `c` is the clicks table in every statement; `input` reads it by rowid.
      const clickReads = plan.filter((line) => /\bc\b/.test(line));
      expect(clickReads.length, plan.join('\n')).toBeGreaterThan(0);
      expect(
        clickReads.filter((line) => !line.startsWith('SEARCH c USING INTEGER PRIMARY KEY')),
        plan.join('\n'),
      ).toEqual([]);
      expect(plan.join('\n')).not.toContain('clicks_link_time_dims');
    });
  }

  it('outbox: the covering webhooks computed once, not once per click', () => {
    expect(planOf(SQLITE_BATCH_SQL.outbox).join('\n')).toContain('MATERIALIZE hooks');
  });
});
