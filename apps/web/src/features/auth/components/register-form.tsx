import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverDetail } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import {
  registerInputSchema,
  useRegister,
  type RegisterFormValues,
  type RegisterInput,
} from '../api/register';

export interface RegisterFormProps {
  onSuccess: (username: string) => void;
  onSwitchToLogin: () => void;
}

const optional = <span className="text-xs text-muted-foreground">Optional</span>;

export function RegisterForm({ onSuccess, onSwitchToLogin }: RegisterFormProps) {
  const registerUser = useRegister();
  const form = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { username: '', email: '', password: '', firstName: '', lastName: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    registerUser.mutate(values, {
      onSuccess: (user) => {
        toast({
          title: 'Registration successful',
          description: 'Your account has been created! Please log in.',
        });
        onSuccess(user.username);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, [
          'username',
          'email',
          'password',
          'firstName',
          'lastName',
        ]);
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: serverDetail(error),
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Register">
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        <FormField
          id="register-first-name"
          label="First Name"
          labelAside={optional}
          error={errors.firstName?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('firstName')}
              autoComplete="given-name"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the sign-up page exists for this form: focus starts in it
              autoFocus
            />
          )}
        </FormField>
        <FormField
          id="register-last-name"
          label="Last Name"
          labelAside={optional}
          error={errors.lastName?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('lastName')} autoComplete="family-name" />
          )}
        </FormField>
      </div>
      <FormField id="register-username" label="Username" error={errors.username?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
        )}
      </FormField>
      <FormField
        id="register-password"
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters."
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('password')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={registerUser.isPending}>
        {registerUser.isPending ? (
          <>
            <Spinner />
            Creating account...
          </>
        ) : (
          'Create Account'
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
