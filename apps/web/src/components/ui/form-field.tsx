import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** Props to spread on the control so it is labelled and described accessibly. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  id: string;
  label: string;
  /** Validation message shown under the control (and announced). */
  error?: string;
  /** Helper text under the control. */
  hint?: ReactNode;
  /** Shown beside the label, outside it (so the accessible name stays `label`). */
  labelAside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, an optional hint and its error, wired with aria-invalid/aria-describedby. */
export function FormField({
  id,
  label,
  error,
  hint,
  labelAside,
  className,
  children,
}: FormFieldProps) {
  // An error replaces the hint (it usually says the same thing, more urgently).
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hintId ? (
        <p id={hintId} className="text-[13px] text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
