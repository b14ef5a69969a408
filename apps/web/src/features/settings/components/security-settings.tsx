import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { PendingLabel } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import {
  changePasswordInputSchema,
  useChangePassword,
  type ChangePasswordFormValues,
} from '../api/change-password';
import { DeleteAccountCard } from './delete-account-card';
import { ExportDataCard } from './export-data-card';
import { SecurityLogCard } from './security-log-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';
import { PasskeysCard } from './passkeys-card';

const EMPTY: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export function SecuritySettings() {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          toast({
            title: 'Password updated',
            description: 'Your password has been changed. Your other sessions were signed out.',
          });
        },
        onError: (error) => {
          const shown = applyServerFieldErrors(error, form.setError, [
            'currentPassword',
            'newPassword',
          ]);
          // A message under a field says it all; anything else goes to a toast.
          if (!shown) toastError(error);
        },
      },
    );
  });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Change password</CardTitle>
          <CardDescription>Changing your password signs you out everywhere else.</CardDescription>
        </CardHeader>
        <form noValidate onSubmit={onSubmit}>
          <CardContent className="grid max-w-md gap-5">
            <PasswordField
              id="current-password"
              label="Current password"
              registration={form.register('currentPassword')}
              autoComplete="current-password"
              error={errors.currentPassword?.message}
            />
            <PasswordField
              id="new-password"
              label="New password"
              registration={form.register('newPassword')}
              autoComplete="new-password"
              error={errors.newPassword?.message}
              hint="At least 8 characters."
            />
            <PasswordField
              id="confirm-password"
              label="Confirm new password"
              registration={form.register('confirmPassword')}
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
            />
          </CardContent>
          <CardFooter className="justify-end border-t pt-6">
            <Button type="submit" disabled={!isDirty || changePassword.isPending}>
              <PendingLabel
                pending={changePassword.isPending}
                label="Update password"
                pendingLabel="Updating..."
              />
            </Button>
          </CardFooter>
        </form>
      </Card>
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
      <SecurityLogCard />
      <ExportDataCard />
      <DeleteAccountCard />
    </div>
  );
}
