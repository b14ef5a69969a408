import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon, KeyRoundIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
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
import { api, ApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors, serverDetail } from '@/lib/errors';
import {
  confirmFreshPassword,
  confirmFreshPasswordWithPasskey,
  settleFreshPassword,
} from '@/lib/fresh-password';
import { isPasskeyCancelled, passkeyErrorMessage, passkeysSupported } from '@/lib/passkey';
import { queryKeys } from '@/lib/query-keys';

const PASSWORD_NEEDED = 'Enter your current password';
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app';

/**
 * The one dialog that confirms the password before a sensitive change, then lets the change
 * carry on (see lib/fresh-password.ts). With two-step sign-in on, a code of the app does too;
 * with a passkey on the account (and a browser that can use one), a passkey does too.
 */
export function FreshPasswordDialog() {
  const twoFactor = useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: ({ signal }) =>
      api.get<{ totp: boolean; recoveryCodesLeft: number }>('/api/v1/auth/two-factor', { signal }),
  });
  const passkeys = useQuery({
    queryKey: queryKeys.passkeys,
    queryFn: ({ signal }) =>
      api.get<{ passkeys: Array<{ id: number }> }>('/api/v1/auth/passkeys', { signal }),
    enabled: passkeysSupported(),
  });
  const withPasskey = passkeysSupported() && (passkeys.data?.passkeys.length ?? 0) > 0;
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [passkeyFailure, setPasskeyFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<'typed' | 'passkey' | null>(null);
  const field = withCode ? 'code' : 'currentPassword';

  const confirmWithPasskey = async () => {
    setPending('passkey');
    setError(undefined);
    setPasskeyFailure(null);
    try {
      await confirmFreshPasswordWithPasskey();
      settleFreshPassword(true);
    } catch (failure) {
      setPending(null);
      if (isPasskeyCancelled(failure)) return;
      setPasskeyFailure(
        failure instanceof ApiError ? serverDetail(failure) : passkeyErrorMessage(failure),
      );
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = withCode ? value.replace(/\s/g, '') : value;
    if (!answer) return setError(withCode ? CODE_NEEDED : PASSWORD_NEEDED);
    setPending('typed');
    setError(undefined);
    setPasskeyFailure(null);
    try {
      await confirmFreshPassword(withCode ? { code: answer } : { currentPassword: answer });
      settleFreshPassword(true);
    } catch (failure) {
      setValue('');
      setError(fieldErrors(failure)?.[field] ?? errorMessage(failure));
      setPending(null);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && pending === null) settleFreshPassword(false);
      }}
    >
      <DialogContent aria-describedby="fresh-password-description">
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription id="fresh-password-description">
              {withCode
                ? 'Enter the 6-digit code your authenticator app shows for MailtoKit to continue.'
                : withPasskey
                  ? 'Enter your password or use a passkey to continue.'
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
          {withPasskey ? (
            <div className="grid gap-3">
              <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
                <span className="h-px flex-1 bg-border" />
                or
                <span className="h-px flex-1 bg-border" />
              </div>
              {/* The sign-in forms' FailureAlert, written out: shared with this lazily loaded
                  dialog, it would become a file of its own that the sign-in page loads too. */}
              {passkeyFailure ? (
                <Alert variant="destructive" data-testid="fresh-password-passkey-failure">
                  <CircleAlertIcon aria-hidden="true" />
                  <AlertDescription className="text-foreground">{passkeyFailure}</AlertDescription>
                </Alert>
              ) : null}
              <Button
                type="button"
                variant="outline"
                className="w-full"
                disabled={pending !== null}
                onClick={() => void confirmWithPasskey()}
              >
                {pending === 'passkey' ? null : <KeyRoundIcon aria-hidden="true" />}
                <PendingLabel
                  pending={pending === 'passkey'}
                  label="Use a passkey"
                  pendingLabel="Waiting for your passkey..."
                />
              </Button>
            </div>
          ) : null}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={pending !== null}
              onClick={() => settleFreshPassword(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={pending !== null}>
              <PendingLabel
                pending={pending === 'typed'}
                label="Continue"
                pendingLabel="Checking..."
              />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
