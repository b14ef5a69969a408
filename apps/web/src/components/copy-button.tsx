import { CheckIcon, CopyIcon, type LucideIcon } from 'lucide-react';
import { useCopy, type CopyMessages } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { Button, type ButtonProps } from './ui/button';

export const COPIED_LABEL = 'Copied!';

/**
 * A button label that keeps its width when it changes: every label it may show is laid out in
 * the same grid cell and only the current one is visible, so the button is as wide as the
 * longest ("Copy" -> "Copied!" moves nothing beside it). Hidden labels are not read out.
 */
export function SteadyLabel({
  current,
  labels,
  className,
}: {
  current: string;
  labels: readonly string[];
  className?: string;
}) {
  return (
    <span className={cn('inline-grid justify-items-center', className)}>
      {labels.map((label) => (
        <span
          key={label}
          aria-hidden={label === current ? undefined : true}
          className={cn('col-start-1 row-start-1', label === current ? undefined : 'invisible')}
        >
          {label}
        </span>
      ))}
    </span>
  );
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'value'> {
  /** What is copied. */
  value: string;
  /** The resting label, e.g. "Copy" or "Copy HTML". */
  label?: string;
  /** The resting icon (a check replaces it for 2 s after a copy). */
  icon?: LucideIcon;
  /** The success toast. */
  messages?: CopyMessages;
  /** Classes of the label (e.g. `hidden lg:inline` to show only the icon on phones). */
  labelClassName?: string;
  /** Called when the clipboard refused (e.g. to select the text for a manual copy). */
  onCopyFailed?: () => void;
}

/**
 * A Copy button: copies `value`, says "Copied!" for 2 s with a check icon, without changing
 * its width, and shows the success or failure toast of `lib/clipboard`.
 */
export function CopyButton({
  value,
  label = 'Copy',
  icon: Icon = CopyIcon,
  messages,
  labelClassName,
  onCopyFailed,
  ...props
}: CopyButtonProps) {
  const { copied, copy } = useCopy(messages);
  return (
    <Button
      {...props}
      onClick={async () => {
        const ok = await copy(value);
        if (!ok) onCopyFailed?.();
      }}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <Icon aria-hidden="true" />}
      <span className={labelClassName}>
        <SteadyLabel current={copied ? COPIED_LABEL : label} labels={[label, COPIED_LABEL]} />
      </span>
    </Button>
  );
}
