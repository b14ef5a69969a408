import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from './build-if-stale.mjs';
import { formatTable, measurePages } from './js-budget.mjs';

// The JavaScript budget of each page is a test, so a change that makes the first visit
// heavier fails here instead of quietly undoing the work (the build runs when it is stale).
describe('JavaScript budget per page (brotli, first visit)', () => {
  beforeAll(() => buildIfStale(['web']), 180_000);

  it('keeps every page within its budget', () => {
    const rows = measurePages();
    console.log(formatTable(rows));
    for (const row of rows)
      expect(
        { page: row.page, brotli: row.brotli },
        `${row.page} loads ${row.brotli} bytes of JavaScript`,
      ).toEqual({ page: row.page, brotli: Math.min(row.brotli, row.budget) });
  });

  it('counts the entry and its static imports on every page', () => {
    const [home, ...others] = measurePages();
    if (!home) throw new Error('no pages measured');
    expect(home.files.length).toBeGreaterThan(0);
    for (const page of others) {
      for (const file of home.files) expect(page.files).toContain(file);
      expect(page.brotli).toBeGreaterThan(home.brotli);
    }
  });
});
