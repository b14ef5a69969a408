import { useState, type MouseEvent, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog';
import { PendingLabel } from './ui/spinner';

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
  /**
   * Runs on confirm. The dialog does not close by itself: the caller closes it (onOpenChange).
   * While a returned promise runs, both buttons are disabled and Escape does not close the
   * dialog. Errors are the caller's to handle: a rejection is not caught here.
   */
  onConfirm: () => void | Promise<void>;
}

/** A confirmation question (alert dialog) with Cancel and a confirm button that can wait. */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);

  const confirm = (event: MouseEvent) => {
    // The action would close the dialog; the caller decides when.
    event.preventDefault();
    if (pending) return;
    const running = onConfirm();
    if (!running) return;
    setPending(true);
    void running.finally(() => setPending(false));
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} disabled={pending} onClick={confirm}>
            <PendingLabel pending={pending} label={confirmLabel} pendingLabel={pendingLabel} />
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
