import type { ComponentProps } from 'react';
import { Input } from './ui/input';

/** An input for a comma-separated list of e-mail addresses (To, CC, BCC). */
export function AddressInput(props: ComponentProps<typeof Input>) {
  return (
    <Input
      inputMode="email"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
