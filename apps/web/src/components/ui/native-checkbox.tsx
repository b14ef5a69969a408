import { useEffect, useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

interface NativeCheckboxProps extends Omit<
  ComponentProps<'input'>,
  'type' | 'checked' | 'onChange'
> {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
}

/**
 * The browser's own checkbox (role=checkbox, Space toggles it), for pages whose first load must
 * stay small: the dashboard's link list loads no Radix primitive until a menu or dialog opens.
 * `indeterminate` shows the mixed state (some rows chosen).
 */
export function NativeCheckbox({
  checked,
  onCheckedChange,
  className,
  ...props
}: NativeCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked === 'indeterminate';
  }, [checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked === true}
      onChange={(event) => onCheckedChange(event.target.checked)}
      className={cn(
        'size-4.5 shrink-0 cursor-pointer rounded-[5px] accent-primary',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
