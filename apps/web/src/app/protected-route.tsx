import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { signInPath } from '@/features/auth/lib/return-path';
import { getMe, setCurrentUser } from '@/lib/auth/get-me';
import { useAuth } from '@/lib/auth/use-auth';

/** Anonymous visitors go to /auth after 100 ms. */
export const AUTH_REDIRECT_DELAY_MS = 100;

export interface ProtectedRouteProps {
  children: ReactNode;
  /** Shown while the session loads (default: a spinner). */
  pending?: ReactNode;
}

/**
 * `pending` while the session loads. Before an anonymous visitor is sent to /auth, the server
 * is asked once (the browser may hold a session it has no hint of, see session-hint.ts).
 */
export function ProtectedRoute({ children, pending }: ProtectedRouteProps) {
  const auth = useAuth();
  // The signed-in page is drawn in the background (in slices, the browser stays responsive)
  // while the pending state stays on screen; sign-out and expiry take effect at once.
  const deferred = useDeferredValue(auth.user);
  const user = auth.user ? deferred : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const anonymous = !auth.isLoading && !auth.user;
  // Signed in earlier on this page, then not: the server already said so (sign-out, expiry).
  const hadUser = useRef(false);

  useEffect(() => {
    if (auth.user) hadUser.current = true;
  }, [auth.user]);

  useEffect(() => {
    if (!anonymous) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = hadUser.current
      ? Promise.resolve(null)
      : getMe({ verify: true }).catch(() => null);
    void check.then((found) => {
      if (cancelled) return;
      if (found) {
        setCurrentUser(queryClient, found);
        return;
      }
      timer = setTimeout(() => {
        // The visitor already left this page (e.g. sign-out navigates home while the next
        // page is still loading): nothing to guard any more.
        if (window.location.pathname !== location.pathname) return;
        // Signing in leads back here (the page and its query, e.g. a dashboard tab).
        void navigate(signInPath(location.pathname + location.search), { replace: true });
      }, AUTH_REDIRECT_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [anonymous, navigate, location.pathname, location.search, queryClient]);

  if (!user) return pending ?? <PageSpinner label="Checking your session…" />;
  return children;
}
