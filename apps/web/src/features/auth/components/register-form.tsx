import { useState } from 'react';
import { FailureAlert } from './failure-alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { fieldErrors, serverDetail } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { useRegister } from '../api/register';
import { useLightForm, type FieldErrors } from '@/lib/use-light-form';
import type { RegisterField } from '../lib/schemas';
import { preloadAuthSchemas, validateRegister } from '../lib/validate';

export interface RegisterFormProps {
  onSuccess: (username: string) => void;
  onSwitchToLogin: () => void;
}

const FIELDS: RegisterField[] = ['firstName', 'lastName', 'username', 'email', 'password'];

const optional = <span className="text-xs text-muted-foreground">Optional</span>;

export function RegisterForm({ onSuccess, onSwitchToLogin }: RegisterFormProps) {
  const registerUser = useRegister();
  const form = useLightForm(
    { firstName: '', lastName: '', username: '', email: '', password: '' },
    validateRegister,
  );
  const { errors } = form;
  const hydrated = useHydrated();
  // A refusal that belongs to no field, shown in the form.
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    registerUser.mutate(values, {
      onSuccess: (user) => {
        toast({
          title: 'Registration successful',
          description: 'Your account has been created! Please sign in.',
        });
        onSuccess(user.username);
      },
      onError: (error) => {
        // The server's per-field messages (e.g. a username already taken) go under the fields
        // and nowhere else; any other refusal is said once, above the button.
        const fields = fieldErrors(error);
        const found: FieldErrors<RegisterField> = {};
        for (const name of FIELDS) if (fields?.[name]) found[name] = fields[name];
        if (Object.keys(found).length > 0) form.setErrors(found);
        else setFailure(serverDetail(error));
      },
    });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadAuthSchemas}
      className="grid gap-5"
      aria-label="Register"
    >
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        <FormField
          id="register-first-name"
          label="First name"
          labelAside={optional}
          error={errors.firstName}
        >
          {(control) => (
            <Input
              {...control}
              {...form.field('firstName')}
              autoComplete="given-name"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the sign-up page exists for this form: focus starts in it
              autoFocus
            />
          )}
        </FormField>
        <FormField
          id="register-last-name"
          label="Last name"
          labelAside={optional}
          error={errors.lastName}
        >
          {(control) => (
            <Input {...control} {...form.field('lastName')} autoComplete="family-name" />
          )}
        </FormField>
      </div>
      <FormField id="register-username" label="Username" error={errors.username}>
        {(control) => (
          <Input
            {...control}
            {...form.field('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            {...form.field('email')}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
        )}
      </FormField>
      <FormField
        id="register-password"
        label="Password"
        error={errors.password}
        hint="At least 8 characters."
      >
        {(control) => (
          <Input
            {...control}
            {...form.field('password')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      {failure ? <FailureAlert testId="register-failure">{failure}</FailureAlert> : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={registerUser.isPending || !hydrated}
      >
        {registerUser.isPending ? (
          <>
            <Spinner />
            Creating account...
          </>
        ) : (
          'Create account'
        )}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <button
          type="button"
          onClick={onSwitchToLogin}
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Sign in
        </button>
      </p>
    </form>
  );
}
