import { useState } from 'react';
import { FailureAlert } from './failure-alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { PendingLabel } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { serverDetail } from '@/lib/errors';
import { isPasskeyCancelled, passkeyErrorMessage } from '@/lib/passkey';
import { useCompleteSignIn } from '../api/complete-sign-in';
import { usePasskeySignIn } from '../api/passkey-sign-in';

export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey';

/** The second step of a sign-in: a passkey, a code of the authenticator app, or a recovery code. */
export function SecondFactorForm({
  challengeToken,
  methods = ['totp', 'recovery_code'],
  onSuccess,
  onRestart,
}: {
  challengeToken: string;
  /** What the account can answer with (the password step's answer says). */
  methods?: SecondFactorMethod[];
  onSuccess: () => void;
  /** The challenge expired or was used: back to the password, with why. */
  onRestart: (why: string) => void;
}) {
  const complete = useCompleteSignIn();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [remember, setRemember] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const passkey = usePasskeySignIn();
  const codes = methods.includes('totp');
  const withPasskey = methods.includes('passkey');

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'INVALID_CHALLENGE')
      return onRestart(serverDetail(error));
    if (isPasskeyCancelled(error)) return;
    setFailure(error instanceof ApiError ? serverDetail(error) : passkeyErrorMessage(error));
  };

  const passkeyButton = withPasskey ? (
    <Button
      type="button"
      size="lg"
      variant={codes ? 'outline' : 'default'}
      className="w-full"
      disabled={passkey.isPending}
      onClick={() => {
        setFailure(null);
        passkey.mutate(
          { challengeToken, ...(remember ? { rememberBrowser: true } : {}) },
          { onSuccess, onError: failed },
        );
      }}
    >
      <PendingLabel
        pending={passkey.isPending}
        label="Use a passkey"
        pendingLabel="Waiting for your passkey..."
      />
    </Button>
  ) : null;

  const rememberBrowser = (
    <div className="flex items-start gap-3">
      <NativeCheckbox
        id="login-remember-browser"
        checked={remember}
        onCheckedChange={setRemember}
        className="mt-0.5"
        aria-describedby="login-remember-browser-hint"
      />
      <div className="grid gap-1">
        <Label htmlFor="login-remember-browser" className="font-normal">
          Remember this browser for 30 days
        </Label>
        <p id="login-remember-browser-hint" className="text-xs text-muted-foreground">
          Your password alone signs you in here until then. Not on a shared computer.
        </p>
      </div>
    </div>
  );

  const failureAlert = failure ? (
    <FailureAlert testId="second-factor-failure">{failure}</FailureAlert>
  ) : null;

  if (!codes)
    return (
      <div className="grid gap-5" role="group" aria-label="Two-step sign-in">
        <p className="text-sm text-muted-foreground">
          Confirm it is you with one of the passkeys of your account.
        </p>
        {rememberBrowser}
        {failureAlert}
        {passkeyButton}
      </div>
    );

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const answer = useRecovery ? { recoveryCode: value } : { code: value.replace(/\s/g, '') };
    complete.mutate(
      { challengeToken, ...answer, ...(remember ? { rememberBrowser: true } : {}) },
      {
        onSuccess,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_CHALLENGE')
            return onRestart(serverDetail(error));
          setValue('');
          setFailure(serverDetail(error));
        },
      },
    );
  };

  const label = useRecovery ? 'Recovery code' : 'Code from your authenticator app';
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Two-step sign-in">
      <p className="text-sm text-muted-foreground">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for MailtoKit.'}
      </p>
      <FormField id={useRecovery ? 'login-recovery-code' : 'login-code'} label={label}>
        {(control) => (
          <Input
            {...control}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="one-time-code"
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the step exists only for this field
            autoFocus
          />
        )}
      </FormField>
      {rememberBrowser}
      {failureAlert}
      <Button type="submit" size="lg" className="w-full" disabled={complete.isPending || !value}>
        <PendingLabel pending={complete.isPending} label="Verify" pendingLabel="Verifying..." />
      </Button>
      <button
        type="button"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setValue('');
          setFailure(null);
        }}
        className="rounded-sm text-center text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        {useRecovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
      </button>
      {passkeyButton}
    </form>
  );
}
