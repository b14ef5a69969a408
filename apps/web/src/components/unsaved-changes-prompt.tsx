import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker, useNavigate, type Location } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

export const UNSAVED_TITLE = 'Leave without saving?';
export const UNSAVED_DESCRIPTION = 'Your changes on this page are not saved yet and will be lost.';

/** Whether going from `current` to `next` leaves the page (a hash on the same page does not). */
function leavesPage(current: Location, next: Location): boolean {
  return current.pathname !== next.pathname || current.search !== next.search;
}

/**
 * While `dirty`, leaving the page asks first: any in-app navigation (a link in the sidebar or
 * the header, Cancel, the command palette, the browser's Back and Forward buttons) is held and a
 * "Leave without saving?" dialog opens; closing or reloading the tab gets the browser's own
 * question (`beforeunload`). Render `prompt`. After a save, go on with `leaveWithoutAsking(to)`:
 * the form may still count as changed until it renders again.
 */
export function useUnsavedChangesPrompt(dirty: boolean): {
  prompt: ReactNode;
  leaveWithoutAsking: (to: string) => void;
} {
  const navigate = useNavigate();
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && leavesPage(currentLocation, nextLocation),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
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
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={UNSAVED_TITLE}
      description={UNSAVED_DESCRIPTION}
      cancelLabel="Stay on this page"
      confirmLabel="Leave"
      destructive
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
  return { prompt, leaveWithoutAsking };
}
