/** Links per page of the analytics overview's table. */
export const OVERVIEW_PAGE_SIZE = 25;

export interface OverviewLinkLike {
  name: string;
  clicks: number;
}

export interface OverviewLinksView<T> {
  /** The links of the page asked for (the last page when it is past the end). */
  rows: T[];
  /** The page shown, from 1. */
  page: number;
  pages: number;
  /** Links the table would show on all pages. */
  matching: number;
  /** Links matching the name but left out because they have no clicks in the range. */
  hiddenWithoutClicks: number;
  /** 'Showing 1–25 of 40 links with clicks (15 without clicks hidden)'. */
  summary: string;
}

const plural = (n: number, word: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? word : `${word}s`}`;

/**
 * The analytics overview's table: links whose name contains `query` (ignoring case), only
 * those with clicks unless `showAll`, in the order given (most clicked first), one page.
 */
export function filterOverviewLinks<T extends OverviewLinkLike>(
  links: readonly T[],
  { query, showAll, page }: { query: string; showAll: boolean; page: number },
): OverviewLinksView<T> {
  const needle = query.trim().toLocaleLowerCase();
  const named = needle ? links.filter((l) => l.name.toLocaleLowerCase().includes(needle)) : links;
  const shown = showAll ? named : named.filter((l) => l.clicks > 0);
  const hiddenWithoutClicks = named.length - shown.length;
  const pages = Math.max(1, Math.ceil(shown.length / OVERVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const start = (current - 1) * OVERVIEW_PAGE_SIZE;
  const rows = shown.slice(start, start + OVERVIEW_PAGE_SIZE);
  const what = showAll ? 'links' : 'links with clicks';
  const range =
    rows.length === 0
      ? `No ${what}`
      : shown.length <= OVERVIEW_PAGE_SIZE
        ? `${plural(shown.length, 'link')}${showAll ? '' : ' with clicks'}`
        : `Showing ${(start + 1).toLocaleString('en-US')}–${(start + rows.length).toLocaleString('en-US')} of ${shown.length.toLocaleString('en-US')} ${what}`;
  const hidden =
    !showAll && hiddenWithoutClicks > 0
      ? ` (${plural(hiddenWithoutClicks, 'link')} without clicks hidden)`
      : '';
  return {
    rows,
    page: current,
    pages,
    matching: shown.length,
    hiddenWithoutClicks,
    summary: range + hidden,
  };
}
