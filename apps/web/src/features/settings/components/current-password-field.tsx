import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export const CURRENT_PASSWORD_MESSAGE = 'Enter your current password';

/**
 * The current password, asked for where a form creates a new way into the account (an API
 * token, a webhook): a stolen session alone cannot make one.
 */
export function CurrentPasswordField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField
      id={id}
      label="Your current password"
      error={error}
      hint="Needed to create it: a signed-in browser alone is not enough."
    >
      {(control) => (
        <Input
          {...control}
          type="password"
          autoComplete="current-password"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
