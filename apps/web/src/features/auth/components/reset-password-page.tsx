import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetForm } from '@mailtokit/contracts/auth';
import { MESSAGES } from '@mailtokit/contracts/messages';
import { TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '@/components/password-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PendingLabel } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useConfirmPasswordReset } from '../api/password-reset';

type Values = z.input<typeof PasswordResetForm>;

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

/** /reset-password?token=…: the page of the e-mailed link. New password twice, then sign in. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const form = useForm<Values>({
    resolver: zodResolver(PasswordResetForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const invalidLink =
    !token || (confirm.error instanceof ApiError && confirm.error.code === 'INVALID_TOKEN');

  const onSubmit = form.handleSubmit(({ password }) => {
    confirm.mutate(
      { token, password },
      {
        onSuccess: ({ revokedTokens }) => {
          toast({
            title: 'Password changed',
            description: `Sign in with your new password. Every other sign-in has ended${
              revokedTokens.length
                ? `, and these API tokens were revoked: ${revokedTokens.map((t) => t.name).join(', ')}.`
                : '; the account had no API tokens.'
            }`,
          });
          void navigate('/auth', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'INVALID_TOKEN') return;
          const shown = applyServerFieldErrors(error, form.setError, ['password']);
          if (shown) toast({ variant: 'destructive', description: MESSAGES.genericValidation });
          else toastError(error);
        },
      },
    );
  });

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-16">
      <Card>
        <CardHeader className="items-center pb-4 text-center">
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">
            Choose a new password
          </h1>
          <CardDescription>
            Once it is saved, you sign in again everywhere with the new password.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {invalidLink ? (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>This link does not work</AlertTitle>
              <AlertDescription>
                <p>
                  {token
                    ? 'It has expired, was already used, or a newer link was sent since. Links work once, for 60 minutes.'
                    : 'It is incomplete: open the link from the email exactly as it was sent.'}
                </p>
                <p className="mt-2">
                  <Link to="/forgot-password" className={linkClass}>
                    Ask for a new link
                  </Link>
                </p>
              </AlertDescription>
            </Alert>
          ) : (
            <form
              noValidate
              onSubmit={onSubmit}
              className="grid gap-5"
              aria-label="Choose a new password"
            >
              <PasswordField
                id="reset-password"
                label="New password"
                registration={form.register('password')}
                autoComplete="new-password"
                error={errors.password?.message}
                hint="At least 8 characters."
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists for this one form: focus starts in it
                autoFocus
              />
              <PasswordField
                id="reset-confirm-password"
                label="Confirm new password"
                registration={form.register('confirmPassword')}
                autoComplete="new-password"
                error={errors.confirmPassword?.message}
              />
              <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
                <PendingLabel
                  pending={confirm.isPending}
                  label="Save new password"
                  pendingLabel="Saving..."
                />
              </Button>
            </form>
          )}
          <p className="text-center text-sm text-muted-foreground">
            <Link to="/auth" className={linkClass}>
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
