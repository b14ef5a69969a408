import { describe, expect, it } from 'vitest';
import { readListState, showingLabel, writeListState } from './list-state';

describe('links tab state in the address', () => {
  it('reads defaults from an empty query', () => {
    expect(readListState(new URLSearchParams('tab=links'))).toEqual({
      q: '',
      tag: '',
      filter: 'all',
      orderKey: 'newest',
      page: 1,
    });
  });

  it('round-trips every field and keeps other parameters', () => {
    const state = {
      q: 'café & co',
      tag: 'Spring sale',
      filter: 12,
      orderKey: 'clicks',
      page: 3,
    } as const;
    const params = writeListState(new URLSearchParams('tab=links'), state);
    expect(params.get('tab')).toBe('links');
    expect(readListState(params)).toEqual(state);
    expect(readListState(writeListState(params, { ...state, filter: 'private' })).filter).toBe(
      'private',
    );
    const archived = writeListState(params, { ...state, filter: 'archived' });
    expect(archived.get('filter')).toBe('archived');
    expect(readListState(archived).filter).toBe('archived');
  });

  it('drops defaults and ignores nonsense', () => {
    const params = writeListState(new URLSearchParams(), {
      q: '',
      tag: '',
      filter: 'all',
      orderKey: 'newest',
      page: 1,
    });
    expect(params.toString()).toBe('');
    expect(readListState(new URLSearchParams('page=-2&order=bogus&filter=team-x'))).toEqual({
      q: '',
      tag: '',
      filter: 'all',
      orderKey: 'newest',
      page: 1,
    });
  });

  it('says which links are shown', () => {
    expect(showingLabel(0, 50, 620)).toBe('Showing 1–50 of 620');
    expect(showingLabel(600, 20, 620)).toBe('Showing 601–620 of 620');
    expect(showingLabel(0, 0, 0)).toBe('Showing 0 of 0');
    expect(showingLabel(0, 50, 10000)).toBe('Showing 1–50 of 10,000');
    expect(showingLabel(1234549, 50, 1234599)).toBe('Showing 1,234,550–1,234,599 of 1,234,599');
  });
});
