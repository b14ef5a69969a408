import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A window whose width the test sets: matchMedia answers `(min-width: Npx)` from it. */
function fakeViewport(initialWidth: number) {
  let width = initialWidth;
  const lists: { query: string; listeners: Set<() => void>; matches: boolean }[] = [];
  const matches = (query: string) => width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1]);
  vi.stubGlobal('matchMedia', (query: string) => {
    const listeners = new Set<() => void>();
    const list = {
      query,
      listeners,
      get matches() {
        return matches(query);
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    lists.push(list);
    return list;
  });
  return {
    resize(to: number) {
      width = to;
      act(() => lists.forEach((list) => list.listeners.forEach((listener) => listener())));
    },
  };
}

// The hook remembers, for the page's lifetime, that a query matched: a fresh module per test.
async function renderRow() {
  const { SM_UP, useMatchedOnce } = await import('./use-matched-once');
  function Row() {
    return useMatchedOnce(SM_UP) ? <button type="button">Test link</button> : <span>narrow</span>;
  }
  render(<Row />);
}

describe('useMatchedOnce', () => {
  beforeEach(() => vi.resetModules());

  it('builds the wide-screen part at once on a wide screen', async () => {
    fakeViewport(1280);
    await renderRow();
    expect(screen.getByRole('button', { name: 'Test link' })).toBeTruthy();
  });

  it('leaves it out on a phone, builds it when the window grows wide and keeps it after', async () => {
    const viewport = fakeViewport(390);
    await renderRow();
    expect(screen.queryByRole('button')).toBeNull();
    viewport.resize(500);
    expect(screen.queryByRole('button')).toBeNull();
    viewport.resize(1280);
    expect(screen.getByRole('button', { name: 'Test link' })).toBeTruthy();
    viewport.resize(390);
    expect(screen.getByRole('button', { name: 'Test link' })).toBeTruthy();
  });
});
