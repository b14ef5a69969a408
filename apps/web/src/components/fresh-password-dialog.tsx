import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PendingLabel } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { confirmFreshPassword, settleFreshPassword } from '@/lib/fresh-password';
import { queryKeys } from '@/lib/query-keys';

const PASSWORD_NEEDED = 'Enter your current password';
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app';

/**
 * The one dialog that confirms the password before a sensitive change, then lets the change
 * carry on (see lib/fresh-password.ts). With two-step sign-in on, a code of the app does too.
 */
export function FreshPasswordDialog() {
  const twoFactor = useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: ({ signal }) =>
      api.get<{ totp: boolean; recoveryCodesLeft: number }>('/api/v1/auth/two-factor', { signal }),
  });
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const field = withCode ? 'code' : 'currentPassword';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = withCode ? value.replace(/\s/g, '') : value;
    if (!answer) return setError(withCode ? CODE_NEEDED : PASSWORD_NEEDED);
    setPending(true);
    setError(undefined);
    try {
      await confirmFreshPassword(withCode ? { code: answer } : { currentPassword: answer });
      settleFreshPassword(true);
    } catch (failure) {
      setValue('');
      setError(fieldErrors(failure)?.[field] ?? errorMessage(failure));
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) settleFreshPassword(false);
      }}
    >
      <DialogContent aria-describedby="fresh-password-description">
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription id="fresh-password-description">
              {withCode
                ? 'Enter the 6-digit code your authenticator app shows for MailtoKit to continue.'
                : 'Enter your password to continue.'}{' '}
              You will not be asked again for 10 minutes.
            </DialogDescription>
          </DialogHeader>
          <FormField
            key={field}
            id={withCode ? 'fresh-password-code' : 'fresh-password'}
            label={withCode ? 'Code from your authenticator app' : 'Your current password'}
            error={error}
          >
            {(control) => (
              <Input
                {...control}
                type={withCode ? 'text' : 'password'}
                inputMode={withCode ? 'numeric' : undefined}
                autoComplete={withCode ? 'one-time-code' : 'current-password'}
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(undefined);
                }}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog exists only for this field
                autoFocus
              />
            )}
          </FormField>
          {twoFactor.data?.totp ? (
            <button
              type="button"
              onClick={() => {
                setWithCode(!withCode);
                setValue('');
                setError(undefined);
              }}
              className="justify-self-start rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {withCode ? 'Use your password instead' : 'Use a code from your app instead'}
            </button>
          ) : null}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={pending}
              onClick={() => settleFreshPassword(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              <PendingLabel pending={pending} label="Continue" pendingLabel="Checking..." />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
