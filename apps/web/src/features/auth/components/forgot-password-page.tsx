import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetRequestBody } from '@mailtokit/contracts/auth';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form';
import { toastError } from '@/lib/toast';
import { useRequestPasswordReset } from '../api/password-reset';

type Values = { email: string };

/** /forgot-password: asks for a reset link. Says the same thing whatever the address. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm<Values>({
    resolver: zodResolver(PasswordResetRequestBody),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, ['email'])) toastError(error);
      },
    });
  });

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-16">
      <Card>
        <CardHeader className="items-center pb-4 text-center">
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">
            Forgot your password?
          </h1>
          <CardDescription>
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {request.isSuccess ? (
            <Alert variant="info">
              <MailCheck aria-hidden="true" />
              <AlertTitle>Check your inbox</AlertTitle>
              <AlertDescription>
                <p>{request.data.detail}</p>
                <p className="mt-2">
                  Nothing after a few minutes? Look in your spam folder, or check the address and
                  try again.
                </p>
              </AlertDescription>
            </Alert>
          ) : null}
          <form
            noValidate
            onSubmit={onSubmit}
            className="grid gap-5"
            aria-label="Ask for a reset link"
          >
            <FormField id="reset-email" label="Email" error={errors.email?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('email')}
                  type="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists for this one form: focus starts in it
                  autoFocus
                />
              )}
            </FormField>
            <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
              {request.isPending ? (
                <>
                  <Spinner />
                  Sending...
                </>
              ) : request.isSuccess ? (
                'Send again'
              ) : (
                'Send reset link'
              )}
            </Button>
          </form>
          <p className="text-center text-sm text-muted-foreground">
            Remembered it?{' '}
            <Link
              to="/auth"
              className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
