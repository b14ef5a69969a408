import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The dialogs open now, in the order they opened, each with a way to close it. Toasts read it so
 * that Escape closes the dialog on top, not a toast that appeared while it was open.
 */
const open: (() => void)[] = [];

/** Records an open dialog (`close` asks it to close); call the returned function once it closes. */
export function pushDialog(close: () => void): () => void {
  const entry = () => close();
  open.push(entry);
  return () => {
    const at = open.indexOf(entry);
    if (at !== -1) open.splice(at, 1);
  };
}

/** Asks the dialog opened last to close. False when none is open. */
export function closeTopDialog(): boolean {
  const top = open.at(-1);
  if (!top) return false;
  top();
  return true;
}

/**
 * A dialog root's open state, controlled or not, kept in the stack while open: `open` and
 * `onOpenChange` to hand to the Radix root.
 */
export function useStackedOpen({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
}: {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}): { open: boolean; onOpenChange: (open: boolean) => void } {
  const [own, setOwn] = useState(defaultOpen);
  const open = openProp ?? own;
  const change = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setOwn(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );
  const latest = useRef(change);
  useEffect(() => {
    latest.current = change;
  });
  useEffect(() => {
    if (!open) return;
    return pushDialog(() => latest.current(false));
  }, [open]);
  return { open, onOpenChange: change };
}
