import { useRef, useState, type RefObject } from 'react';

/** What a dialog opened through `useDeferredDialog` takes from its button. */
export interface DeferredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets the focus back when the dialog closes (the button is not a Radix trigger). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * A dialog whose code loads on first use: `triggerProps` go on the button that opens it. The
 * code starts loading when the pointer or focus reaches the button (or at the latest on the
 * click); render the lazy dialog once `used` is true, with `open` / `setOpen`, and give focus
 * back to `buttonRef` when it closes (the button is not a Radix trigger).
 */
export function useDeferredDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void load();
  const triggerProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      setUsed(true);
      setOpen(true);
    },
  };
  return { open, setOpen, used, buttonRef, triggerProps };
}
