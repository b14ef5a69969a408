import { useState, type MouseEvent } from 'react';
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
import type { ConfirmDialogProps } from './confirm-dialog';
import { PendingLabel } from './ui/spinner';

/** The dialog of ConfirmDialog, loaded when it is first needed. */
export function ConfirmDialogImpl({
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
  confirmDisabled = false,
  extraAction,
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);

  const confirm = (event: MouseEvent) => {
    // The action would close the dialog; the caller decides when.
    event.preventDefault();
    if (pending || confirmDisabled) return;
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
          {extraAction}
          <AlertDialogAction
            destructive={destructive}
            disabled={pending || confirmDisabled}
            onClick={confirm}
          >
            <PendingLabel pending={pending} label={confirmLabel} pendingLabel={pendingLabel} />
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
