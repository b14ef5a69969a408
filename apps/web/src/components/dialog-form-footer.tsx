import { Button } from './ui/button';
import { DialogClose, DialogFooter } from './ui/dialog';
import { PendingLabel } from './ui/spinner';

export interface DialogFormFooterProps {
  /** The form's request runs: both buttons are disabled, the submit one shows a spinner. */
  pending: boolean;
  submitLabel: string;
  /** Said after the spinner while pending. */
  pendingLabel: string;
}

/** The buttons of a form in a dialog: Cancel (closes the dialog) and submit. */
export function DialogFormFooter({ pending, submitLabel, pendingLabel }: DialogFormFooterProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        <PendingLabel pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
      </Button>
    </DialogFooter>
  );
}
