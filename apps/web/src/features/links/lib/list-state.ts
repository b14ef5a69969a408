import type { LinkSort } from '@mailtokit/contracts/links';

/** The orders the links tab offers, each a sort and a direction. */
export const LINK_ORDERS = {
  newest: { label: 'Newest first', sort: 'createdAt', order: 'desc' },
  oldest: { label: 'Oldest first', sort: 'createdAt', order: 'asc' },
  updated: { label: 'Last changed', sort: 'updatedAt', order: 'desc' },
  name: { label: 'Name A–Z', sort: 'name', order: 'asc' },
  'name-desc': { label: 'Name Z–A', sort: 'name', order: 'desc' },
  clicks: { label: 'Most clicks', sort: 'clicks', order: 'desc' },
} as const satisfies Record<string, { label: string; sort: LinkSort; order: 'asc' | 'desc' }>;
export type LinkOrderKey = keyof typeof LINK_ORDERS;

/** Which links the tab shows: those in the list, private ones, a team's, or the archived ones. */
export type LinkFilter = 'all' | 'private' | 'archived' | number;

/** The links tab's state as kept in the address: `?q=&filter=&tag=&order=&page=`. */
export interface LinkListState {
  q: string;
  /** A tag's name ('' = any). */
  tag: string;
  /** 'all', 'private', 'archived' or a team id. */
  filter: LinkFilter;
  orderKey: LinkOrderKey;
  /** 1-based. */
  page: number;
}

const isOrderKey = (v: string | null): v is LinkOrderKey => v !== null && v in LINK_ORDERS;

export function readListState(params: URLSearchParams): LinkListState {
  const filterParam = params.get('filter') ?? '';
  const team = /^team-([1-9]\d{0,9})$/.exec(filterParam);
  const page = Number(params.get('page') ?? '1');
  const order = params.get('order');
  return {
    q: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
    filter:
      filterParam === 'private' || filterParam === 'archived'
        ? filterParam
        : team
          ? Number(team[1])
          : 'all',
    orderKey: isOrderKey(order) ? order : 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes the state into a copy of `params`, leaving defaults out (and other keys as they are). */
export function writeListState(params: URLSearchParams, state: LinkListState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('q', state.q, '');
  set(
    'filter',
    typeof state.filter === 'number'
      ? `team-${state.filter}`
      : state.filter === 'all'
        ? ''
        : state.filter,
    '',
  );
  set('tag', state.tag, '');
  set('order', state.orderKey, 'newest');
  set('page', String(state.page), '1');
  return next;
}

/**
 * A whole number with thousands separators, as `toLocaleString('en')` writes it. Written out:
 * the browser's first Intl call loads its locale data, tens of milliseconds on a phone, on the
 * dashboard's first render.
 */
const count = (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "Showing 51–100 of 620". */
export function showingLabel(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${count(total)}`;
  return `Showing ${count(offset + 1)}–${count(offset + shown)} of ${count(total)}`;
}
