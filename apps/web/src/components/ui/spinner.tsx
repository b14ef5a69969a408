import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit inside a button that already says what is happening. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <>
      <LoaderCircleIcon
        aria-hidden="true"
        className={cn('size-4 animate-spin text-current', className)}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** Full-area loading state (auth check, lazy route loading). */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner className="size-7 text-primary" label={label} />
    </div>
  );
}

export interface PendingLabelProps {
  pending: boolean;
  label: string;
  /** Said after the spinner while pending; defaults to `label`. */
  pendingLabel?: string;
}

/** A busy button's content: `label`, or a spinner and `pendingLabel` while `pending`. */
export function PendingLabel({ pending, label, pendingLabel = label }: PendingLabelProps) {
  return pending ? (
    <>
      <Spinner />
      {pendingLabel}
    </>
  ) : (
    label
  );
}
