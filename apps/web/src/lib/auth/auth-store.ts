import { useSyncExternalStore } from 'react';
import type { User } from '@mailtokit/contracts/user';
import { hasSessionHint } from './session-hint';

/**
 * The signed-in user as the whole app sees it, kept in a small store so that reading it does
 * not need the query client: the current-user query (get-me.ts) feeds it through AuthSync.
 * A browser with no sign-in on record starts anonymous; one with a session starts loading.
 */
export interface AuthSnapshot {
  user: User | null;
  isLoading: boolean;
}

const ANONYMOUS: AuthSnapshot = { user: null, isLoading: false };
const LOADING: AuthSnapshot = { user: null, isLoading: true };

let snapshot: AuthSnapshot | null = null;
const listeners = new Set<() => void>();

function current(): AuthSnapshot {
  snapshot ??= typeof window !== 'undefined' && hasSessionHint() ? LOADING : ANONYMOUS;
  return snapshot;
}

export function publishAuth(next: AuthSnapshot): void {
  const prev = current();
  if (prev.user === next.user && prev.isLoading === next.isLoading) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What prerendered HTML shows: public pages are anonymous; a signed-in page's shell (see
 * `SIGNED_IN_SHELLS` in app/route-meta.ts) shows the session being checked. The build sets it
 * before rendering such a shell and the browser before hydrating one, so both render alike; the
 * browser's own state takes over after hydration.
 */
let prerendered: AuthSnapshot = ANONYMOUS;

export function setPrerenderedAuth(shell: 'anonymous' | 'checking'): void {
  prerendered = shell === 'checking' ? LOADING : ANONYMOUS;
}

const serverSnapshot = () => prerendered;

export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(subscribe, current, serverSnapshot);
}
