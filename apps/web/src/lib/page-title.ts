import { useEffect, useSyncExternalStore } from 'react';

/**
 * The name of the object a page shows (a link, a team), which heads the page's `<title>`. Kept
 * per path, so the name of the page left behind never titles the next one.
 */
let current: { pathname: string; name: string } | null = null;
const listeners = new Set<() => void>();

function set(next: typeof current): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** The object name the page at `pathname` gave, if any. */
export function usePageObjectName(pathname: string): string | undefined {
  const named = useSyncExternalStore(subscribe, snapshot, () => null);
  return named?.pathname === pathname ? named.name : undefined;
}

/** Gives the page's object name (undefined while it loads) to its `<title>`. */
export function usePageTitleName(name: string | undefined): void {
  useEffect(() => {
    if (!name) return;
    const pathname = window.location.pathname;
    set({ pathname, name });
    return () => {
      if (current?.pathname === pathname && current.name === name) set(null);
    };
  }, [name]);
}
