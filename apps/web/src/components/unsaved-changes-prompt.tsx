import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

export const UNSAVED_TITLE = 'Leave without saving?';
export const UNSAVED_DESCRIPTION = 'Your changes on this page are not saved yet and will be lost.';

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

/**
 * While `dirty`, leaving the page asks first: a click on an in-app link (the sidebar, the
 * header, Cancel) opens a "Leave without saving?" dialog instead of navigating, and closing or
 * reloading the tab gets the browser's own question (`beforeunload`). Render `prompt`.
 * (The app's router is a declarative one, which has no navigation blocker: the clicks are
 * caught before it sees them.)
 */
export function useUnsavedChangesPrompt(dirty: boolean): { prompt: ReactNode } {
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = inAppTarget(event);
      if (to === null) return;
      event.preventDefault();
      setLeavingTo(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

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
        if (to !== null) void navigate(to);
      }}
    />
  );
  return { prompt };
}
