import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useCopy, type CopyMessages } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { Button } from './button';
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
  const { copied, copy } = useCopy(copiedMessage);
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
      <Button
        variant="outline"
        onClick={async () => {
          const ok = await copy(value);
          if (!ok) input.current?.select();
        }}
      >
        {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        {copied ? 'Copied!' : 'Copy'}
      </Button>
    </div>
  );
}
