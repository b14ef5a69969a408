import { useId, useRef } from 'react';
import { CopyButton } from '@/components/copy-button';
import type { CopyMessages } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { Input } from './input';

export interface CopyFieldProps {
  value: string;
  /** Accessible name of the field. */
  label: string;
  /** Toast after a successful copy. */
  copiedMessage?: CopyMessages;
  className?: string;
}

/**
 * A read-only value with a Copy button. The text is selected on focus, so it can also be
 * copied by hand when the clipboard is not available.
 */
export function CopyField({ value, label, copiedMessage, className }: CopyFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Input
        ref={input}
        id={id}
        readOnly
        value={value}
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
        className="font-mono text-sm read-only:bg-muted/60 read-only:text-foreground"
      />
      <CopyButton
        variant="outline"
        value={value}
        messages={copiedMessage}
        onCopyFailed={() => input.current?.select()}
      />
    </div>
  );
}
