import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@mailtokit/contracts/messages';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import {
  changePasswordInputSchema,
  useChangePassword,
  type ChangePasswordFormValues,
} from '../api/change-password';
import { DeleteAccountCard } from './delete-account-card';
import { ExportDataCard } from './export-data-card';

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
  const { errors } = form.formState;

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
          if (shown) toast({ variant: 'destructive', description: MESSAGES.genericValidation });
          else toastError(error);
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
            <FormField
              id="current-password"
              label="Current Password"
              error={errors.currentPassword?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register('currentPassword')}
                  type="password"
                  autoComplete="current-password"
                />
              )}
            </FormField>
            <FormField
              id="new-password"
              label="New Password"
              error={errors.newPassword?.message}
              hint="At least 8 characters."
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register('newPassword')}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </FormField>
            <FormField
              id="confirm-password"
              label="Confirm New Password"
              error={errors.confirmPassword?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register('confirmPassword')}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </FormField>
          </CardContent>
          <CardFooter className="justify-end border-t pt-6">
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? (
                <>
                  <Spinner />
                  Updating...
                </>
              ) : (
                'Update Password'
              )}
            </Button>
          </CardFooter>
        </form>
      </Card>
      <ExportDataCard />
      <DeleteAccountCard />
    </div>
  );
}
