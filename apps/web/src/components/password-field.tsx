import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export interface PasswordFieldProps {
  id: string;
  label: string;
  /** The form's binding of this field (`form.register(name)`). */
  registration: UseFormRegisterReturn;
  /** Tells password managers whether to fill the saved password or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  hint?: string;
  autoFocus?: boolean;
}

/** A labelled password input bound to a react-hook-form field, with its hint and error. */
export function PasswordField({
  registration,
  autoComplete,
  autoFocus,
  ...field
}: PasswordFieldProps) {
  return (
    <FormField {...field}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="password"
          autoComplete={autoComplete}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only set by pages that exist for this one form
          autoFocus={autoFocus}
        />
      )}
    </FormField>
  );
}
