import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { publishAuth } from './auth-store';
import { meQueryOptions } from './get-me';

/**
 * Keeps the auth store (auth-store.ts) in step with the current-user query, for as long as
 * the page lives: refetches on focus and every few minutes while signed in, like any query.
 */
export function syncAuth(queryClient: QueryClient): void {
  const observer = new QueryObserver(queryClient, meQueryOptions());
  const publish = () => {
    const { data, isPending, error } = observer.getCurrentResult();
    // A failure other than 401 is logged and leaves the visitor signed out (no user).
    if (error && data === undefined) console.warn('Could not load the current user:', error);
    publishAuth({ user: data ?? null, isLoading: isPending });
  };
  observer.subscribe(publish);
  publish();
}
