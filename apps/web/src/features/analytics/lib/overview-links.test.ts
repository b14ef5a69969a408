import { describe, expect, it } from 'vitest';
import { filterOverviewLinks, OVERVIEW_PAGE_SIZE } from './overview-links';

const link = (name: string, clicks: number) => ({ name, clicks });
/** 30 links with clicks (most clicked first), then 54 without. */
const links = [
  ...Array.from({ length: 30 }, (_, i) => link(`Clicked ${i + 1}`, 100 - i)),
  ...Array.from({ length: 54 }, (_, i) => link(`Quiet ${i + 1}`, 0)),
];

describe('filterOverviewLinks', () => {
  it('hides links without clicks unless asked, and pages the rest', () => {
    const first = filterOverviewLinks(links, { query: '', showAll: false, page: 1 });
    expect(first.rows).toHaveLength(OVERVIEW_PAGE_SIZE);
    expect(first.rows[0]?.name).toBe('Clicked 1');
    expect(first).toMatchObject({ page: 1, pages: 2, matching: 30, hiddenWithoutClicks: 54 });
    expect(first.summary).toBe(
      'Showing 1–25 of 30 links with clicks (54 links without clicks hidden)',
    );
    const second = filterOverviewLinks(links, { query: '', showAll: false, page: 2 });
    expect(second.rows.map((l) => l.name)).toEqual([
      'Clicked 26',
      'Clicked 27',
      'Clicked 28',
      'Clicked 29',
      'Clicked 30',
    ]);
    const all = filterOverviewLinks(links, { query: '', showAll: true, page: 4 });
    expect(all).toMatchObject({ page: 4, pages: 4, matching: 84, hiddenWithoutClicks: 0 });
    expect(all.rows.at(-1)?.name).toBe('Quiet 54');
    expect(all.summary).toBe('Showing 76–84 of 84 links');
  });

  it('filters by name ignoring case, and says when nothing is left', () => {
    const found = filterOverviewLinks(links, { query: '  clicked 2', showAll: false, page: 1 });
    expect(found.rows.map((l) => l.name)).toEqual([
      'Clicked 2',
      ...Array.from({ length: 10 }, (_, i) => `Clicked ${20 + i}`),
    ]);
    expect(found.summary).toBe('11 links with clicks');
    const quiet = filterOverviewLinks(links, { query: 'quiet 5', showAll: false, page: 1 });
    expect(quiet).toMatchObject({ rows: [], matching: 0, hiddenWithoutClicks: 6 });
    expect(quiet.summary).toBe('No links with clicks (6 links without clicks hidden)');
  });

  it('shows the last page when the asked page is past the end', () => {
    const view = filterOverviewLinks(links, { query: '', showAll: false, page: 9 });
    expect(view.page).toBe(2);
    expect(view.rows).toHaveLength(5);
  });
});
