import { useState } from 'react';
import { Link } from 'react-router';
import { FailureAlert } from './failure-alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverDetail } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { useLogin } from '../api/login';
import { useLightForm } from '@/lib/use-light-form';
import { preloadAuthSchemas, validateLogin } from '../lib/validate';
import { isPasskeyCancelled, passkeyErrorMessage } from '@/lib/passkey';
import { ApiError } from '@/lib/api-client';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { SecondFactorForm, type SecondFactorMethod } from './second-factor-form';

export interface LoginFormProps {
  defaultUsername?: string;
  /** Called before the sign-in request starts (the user lands in the cache before onSuccess). */
  onAttempt?: () => void;
  onSuccess: () => void;
  onFailure?: () => void;
  onSwitchToRegister: () => void;
}

export function LoginForm({
  defaultUsername = '',
  onAttempt,
  onSuccess,
  onFailure,
  onSwitchToRegister,
}: LoginFormProps) {
  const login = useLogin();
  const form = useLightForm({ username: defaultUsername, password: '' }, validateLogin);
  const { errors } = form;
  const hydrated = useHydrated();
  // Why the last sign-in was refused, shown in the form (by the button the user just pressed).
  const [failure, setFailure] = useState<string | null>(null);
  // The right password of an account with two-step sign-in: the challenge the code completes.
  const [challenge, setChallenge] = useState<{
    token: string;
    methods: SecondFactorMethod[];
  } | null>(null);
  const passkey = usePasskeySignIn();

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    onAttempt?.();
    login.mutate(values, {
      onSuccess: (result) => {
        if ('challengeToken' in result)
          return setChallenge({ token: result.challengeToken, methods: result.methods });
        toast({ title: 'Signed in', description: 'Welcome back!' });
        onSuccess();
      },
      onError: (error) => {
        onFailure?.();
        setFailure(serverDetail(error));
      },
    });
  });

  if (challenge)
    return (
      <SecondFactorForm
        challengeToken={challenge.token}
        methods={challenge.methods}
        onSuccess={() => {
          toast({ title: 'Signed in', description: 'Welcome back!' });
          onSuccess();
        }}
        onRestart={(why) => {
          setChallenge(null);
          setFailure(why);
        }}
      />
    );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadAuthSchemas}
      className="grid gap-5"
      aria-label="Sign in"
    >
      <FormField id="login-username" label="Username or email" error={errors.username}>
        {(control) => (
          <Input
            {...control}
            {...form.field('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the sign-in page exists for this form: focus starts in it
            autoFocus={!defaultUsername}
          />
        )}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password}>
        {(control) => (
          <Input
            {...control}
            {...form.field('password')}
            type="password"
            autoComplete="current-password"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the sign-in page exists for this form: focus starts in it
            autoFocus={!!defaultUsername}
          />
        )}
      </FormField>
      <p className="-mt-3 text-right text-sm">
        <Link
          to="/forgot-password"
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Forgot password?
        </Link>
      </p>
      {failure ? <FailureAlert testId="login-failure">{failure}</FailureAlert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending || !hydrated}>
        {login.isPending ? (
          <>
            <Spinner />
            Signing in...
          </>
        ) : (
          'Sign in'
        )}
      </Button>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={passkey.isPending || !hydrated}
        onClick={() => {
          setFailure(null);
          onAttempt?.();
          passkey.mutate(undefined, {
            onSuccess: () => {
              toast({ title: 'Signed in', description: 'Welcome back!' });
              onSuccess();
            },
            onError: (error) => {
              onFailure?.();
              if (isPasskeyCancelled(error)) return;
              setFailure(
                error instanceof ApiError ? serverDetail(error) : passkeyErrorMessage(error),
              );
            },
          });
        }}
      >
        {passkey.isPending ? (
          <>
            <Spinner />
            Waiting for your passkey...
          </>
        ) : (
          'Sign in with a passkey'
        )}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <button
          type="button"
          onClick={onSwitchToRegister}
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Register
        </button>
      </p>
    </form>
  );
}
