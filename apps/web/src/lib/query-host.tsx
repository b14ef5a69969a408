import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { lazy, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { hasSessionHint } from './auth/session-hint';

/**
 * The query client (TanStack Query) loads on demand: an anonymous visitor of the home page
 * never needs it, so its code stays out of the first load. Pages that fetch or mutate are
 * declared with `lazyWithQuery`, which loads the client with the page; a browser that holds a
 * session loads it at once (the signed-in header needs the current user).
 */
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= Promise.all([import('./query-client'), import('./auth/auth-sync')]).then(
    ([{ queryClient }, { syncAuth }]) => {
      queryClient.mount();
      // In the browser the current user follows the query; prerendering stays anonymous.
      if (typeof window !== 'undefined') syncAuth(queryClient);
      client = queryClient;
      for (const listener of listeners) listener();
      return queryClient;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getClient = () => client;

/**
 * Provides the query client once it is loaded. The context provider is always rendered (it
 * adds no markup), so nothing below remounts when the client arrives.
 */
export function QueryHost({ children }: { children: ReactNode }) {
  const loaded = useSyncExternalStore(subscribe, getClient, getClient);
  return (
    <QueryClientContext.Provider value={loaded ?? undefined}>
      {children}
    </QueryClientContext.Provider>
  );
}

/** Whether this page needs the client before it renders: signed in, or a page that fetches. */
export function needsQueryClient(pathname: string, pagesWithout: readonly string[]): boolean {
  return hasSessionHint() || !pagesWithout.includes(pathname);
}

/** React.lazy for a component that uses queries or mutations: the client loads with it. */
export function lazyWithQuery<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadQueryClient()]);
    return { default: component };
  });
}
