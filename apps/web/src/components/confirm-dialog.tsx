import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when it belongs to it. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** More content between the description and the buttons. */
  children?: ReactNode;
  confirmLabel: string;
  /** Said, after a spinner, by the confirm button while `onConfirm` runs; defaults to `confirmLabel`. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as a danger action. */
  destructive?: boolean;
  /** The confirm button stays disabled while true (e.g. until a name is typed). */
  confirmDisabled?: boolean;
  /** Another way out, shown between Cancel and the confirm button (e.g. "Archive instead"). */
  extraAction?: ReactNode;
  /**
   * Runs on confirm. The dialog does not close by itself: the caller closes it (onOpenChange).
   * While a returned promise runs, both buttons are disabled and Escape does not close the
   * dialog. Errors are the caller's to handle: a rejection is not caught here.
   */
  onConfirm: () => void | Promise<void>;
}

const load = () => import('./confirm-dialog-impl');
const ConfirmDialogImpl = lazy(() => load().then((m) => ({ default: m.ConfirmDialogImpl })));

interface TriggerProps {
  onClick?: (event: MouseEvent) => void;
  onPointerEnter?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
}

/**
 * A confirmation question (alert dialog) with Cancel and a confirm button that can wait. The
 * dialog's code loads when it first opens (or when the pointer or focus reaches its trigger),
 * so pages that only might ask a question do not carry it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, trigger } = props;
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  let light: ReactNode = trigger ?? null;
  if (isValidElement(trigger)) {
    // Its own handlers run first, as with the dialog's trigger.
    const own = (trigger as ReactElement<TriggerProps>).props;
    light = cloneElement(trigger as ReactElement<TriggerProps>, {
      onClick: (event) => {
        own.onClick?.(event);
        if (!event.defaultPrevented) onOpenChange(true);
      },
      onPointerEnter: (event) => {
        own.onPointerEnter?.(event);
        void load();
      },
      onFocus: (event) => {
        own.onFocus?.(event);
        void load();
      },
    });
  }
  if (!used) return light;
  return (
    <Suspense fallback={light}>
      <ConfirmDialogImpl {...props} />
    </Suspense>
  );
}
