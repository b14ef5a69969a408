import { useSyncExternalStore } from 'react';

/** The viewport width from which Tailwind's `sm:` classes apply. */
export const SM_UP = '(min-width: 640px)';

const lists = new Map<string, MediaQueryList>();
const matchedOnce = new Set<string>();

function listFor(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether `query` has matched at any time since the page loaded (no matchMedia: true). */
function hasMatched(query: string): boolean {
  if (matchedOnce.has(query)) return true;
  const list = listFor(query);
  if (list && !list.matches) return false;
  matchedOnce.add(query);
  return true;
}

type Subscribe = (onChange: () => void) => () => void;
const subscribers = new Map<string, Subscribe>();

/** One subscribe function per query, so that React keeps its subscription across renders. */
function subscriberFor(query: string): Subscribe {
  let subscribe = subscribers.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      const list = listFor(query);
      if (!list || matchedOnce.has(query)) return () => {};
      const listener = () => {
        if (hasMatched(query)) onChange();
      };
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    };
    subscribers.set(query, subscribe);
  }
  return subscribe;
}

/**
 * True once the media query has matched, and from then on. For parts that only a wide screen
 * shows (`hidden sm:flex`): a phone never builds them, and a window that grows wide builds them
 * then and keeps them when it shrinks again (CSS hides them), so nothing a user opened in them
 * (a dialog, a menu) disappears with a resize.
 */
export function useMatchedOnce(query: string): boolean {
  return useSyncExternalStore(
    subscriberFor(query),
    () => hasMatched(query),
    () => false,
  );
}
