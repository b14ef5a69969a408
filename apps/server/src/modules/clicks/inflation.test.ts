import { describe, expect, it } from 'vitest';
import { FILTERED_ROWS_PER_ADDRESS_MINUTE, FilteredRowBudget } from './inflation';

describe('FilteredRowBudget', () => {
  const minute = 60_000 * 29_000_000;

  it('gives each address its rows a minute, then tallies; other addresses are not held back', () => {
    const budget = new FilteredRowBudget();
    const admitted = (address: string, at: number, n: number) =>
      Array.from({ length: n }, () => budget.admit(address, at)).filter(Boolean).length;
    expect(admitted('a', minute + 1_000, FILTERED_ROWS_PER_ADDRESS_MINUTE + 40)).toBe(
      FILTERED_ROWS_PER_ADDRESS_MINUTE,
    );
    expect(admitted('b', minute + 2_000, 5)).toBe(5);
    // Still the same minute: none for `a`; the next minute starts afresh.
    expect(admitted('a', minute + 59_999, 3)).toBe(0);
    expect(admitted('a', minute + 60_000, FILTERED_ROWS_PER_ADDRESS_MINUTE + 1)).toBe(
      FILTERED_ROWS_PER_ADDRESS_MINUTE,
    );
  });

  it('stays bounded: an evicted address starts afresh', () => {
    const budget = new FilteredRowBudget(4, 1);
    expect(budget.admit('a', minute)).toBe(true);
    expect(budget.admit('a', minute)).toBe(false);
    for (const other of ['b', 'c', 'd', 'e', 'f']) budget.admit(other, minute);
    expect(budget.admit('a', minute)).toBe(true);
  });
});
