import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

export const UNSAVED_TITLE = 'Leave without saving?';
export const UNSAVED_DESCRIPTION = 'Your changes on this page are not saved yet and will be lost.';

/** Going back a step in the browser's history. */
const BACK = Symbol('back');

/** The page's question before leaving, while it has one (a dirty form): `to` is where to. */
let askBeforeLeaving: ((to: string) => void) | null = null;

/**
 * Goes to `to` inside the app, unless the page has unsaved changes: then it asks first. For
 * navigations that are no link click (a command palette's choice).
 */
export function navigateOrAsk(navigate: NavigateFunction, to: string): void {
  if (askBeforeLeaving) askBeforeLeaving(to);
  else void navigate(to);
}

/** The in-app address a click on `event`'s link would go to, or null when it is no such click. */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A link to this very page (or a part of it) leaves nothing.
  if (url.pathname === window.location.pathname && url.search === window.location.search)
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A copy of the current history entry on top of it: Back then lands on the same page. */
function pushCopy(): void {
  window.history.pushState(window.history.state, '', window.location.href);
}

/**
 * While `dirty`, leaving the page asks first: a click on an in-app link (the sidebar, the
 * header, Cancel), a `navigateOrAsk` (the command palette) and the browser's Back button open a
 * "Leave without saving?" dialog instead of navigating, and closing or reloading the tab gets
 * the browser's own question (`beforeunload`). Render `prompt`. After a save, go on with
 * `leaveWithoutAsking(to)`: the form may still count as changed until it renders again.
 *
 * The app's router is a declarative one, which has no navigation blocker (a data router would
 * add its weight to every page): clicks are caught before the router sees them, and Back is
 * caught with a copy of the page's history entry pushed once it has changes, which Back pops
 * without leaving.
 */
export function useUnsavedChangesPrompt(dirty: boolean): {
  prompt: ReactNode;
  leaveWithoutAsking: (to: string) => void;
} {
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<string | typeof BACK | null>(null);
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (released.current) return;
      const to = inAppTarget(event);
      if (to === null) return;
      event.preventDefault();
      setLeavingTo(to);
    };
    const onPopState = () => {
      if (released.current) return;
      // Back popped the copy: still on this page. Put a copy back for the next Back, and ask.
      pushCopy();
      setLeavingTo(BACK);
    };
    const ask = (to: string) => setLeavingTo(to);
    askBeforeLeaving = ask;
    pushCopy();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      if (askBeforeLeaving === ask) askBeforeLeaving = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const leaveWithoutAsking = useCallback(
    (to: string) => {
      released.current = true;
      void navigate(to);
    },
    [navigate],
  );

  const prompt = (
    <ConfirmDialog
      open={leavingTo !== null}
      onOpenChange={(open) => {
        if (!open) setLeavingTo(null);
      }}
      title={UNSAVED_TITLE}
      description={UNSAVED_DESCRIPTION}
      cancelLabel="Stay on this page"
      confirmLabel="Leave"
      destructive
      onConfirm={() => {
        const to = leavingTo;
        setLeavingTo(null);
        released.current = true;
        // Back: past the copy and this page's own entry, to the page before.
        if (to === BACK) window.history.go(-2);
        else if (to !== null) void navigate(to);
      }}
    />
  );
  return { prompt, leaveWithoutAsking };
}
