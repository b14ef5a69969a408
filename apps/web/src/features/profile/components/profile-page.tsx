import { useUnsavedChangesPrompt } from '@/components/unsaved-changes-prompt';
import { zodResolver } from '@hookform/resolvers/zod';
import { fullName } from '@/lib/user';
import type { User } from '@mailtokit/contracts/user';
import { MESSAGES } from '@mailtokit/contracts/messages';
import { useForm, useWatch } from 'react-hook-form';
import { PasswordField } from '@/components/password-field';
import { DashboardSubpage } from '@/components/dashboard-subpage';
import { UserAvatar } from '@/components/user-avatar';
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
import { useAuth } from '@/lib/auth/use-auth';
import { applyServerFieldErrors } from '@/lib/form';
import { planOf } from '@/lib/plans';
import { toast, toastError } from '@/lib/toast';
import {
  emailChanges,
  updateProfileInputSchema,
  useUpdateProfile,
  type UpdateProfileFormValues,
  type UpdateProfileInput,
} from '../api/update-profile';

function formValues(user: User): UpdateProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    currentPassword: '',
  };
}

const memberSince = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
};

const resolver = zodResolver(updateProfileInputSchema);

function ProfileForm({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  const form = useForm<UpdateProfileFormValues, unknown, UpdateProfileInput>({
    resolver,
    defaultValues: formValues(user),
  });
  const { errors } = form.formState;
  // Leaving with changes not saved asks first (a save resets the form: nothing to ask then).
  const { prompt: unsavedPrompt } = useUnsavedChangesPrompt(form.formState.isDirty);
  // The password is asked for only while the e-mail field holds another address.
  const askPassword = emailChanges(useWatch({ control: form.control, name: 'email' }), user.email);

  const onSubmit = form.handleSubmit((values) => {
    const input = emailChanges(values.email, user.email)
      ? values
      : { ...values, currentPassword: undefined };
    updateProfile.mutate(input, {
      onSuccess: (updated) => {
        form.reset(formValues(updated));
        toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
      },
      onError: (error) => {
        const shown = applyServerFieldErrors(error, form.setError, [
          'currentPassword',
          'firstName',
          'lastName',
          'email',
        ]);
        if (shown) toast({ variant: 'destructive', description: MESSAGES.genericValidation });
        else toastError(error, 'Update failed');
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <CardContent className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
          <FormField id="profile-first-name" label="First name" error={errors.firstName?.message}>
            {(control) => (
              <Input {...control} {...form.register('firstName')} autoComplete="given-name" />
            )}
          </FormField>
          <FormField id="profile-last-name" label="Last name" error={errors.lastName?.message}>
            {(control) => (
              <Input {...control} {...form.register('lastName')} autoComplete="family-name" />
            )}
          </FormField>
        </div>
        <FormField id="profile-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} {...form.register('email')} type="email" autoComplete="email" />
          )}
        </FormField>
        {askPassword ? (
          <PasswordField
            id="profile-current-password"
            label="Current password"
            registration={form.register('currentPassword')}
            autoComplete="current-password"
            hint="Changing your email needs your password, unless you confirmed it in the last 10 minutes. We will let your current address know."
            error={errors.currentPassword?.message}
          />
        ) : null}
        <FormField id="profile-username" label="Username" hint="Username cannot be changed.">
          {(control) => <Input {...control} value={user.username} readOnly />}
        </FormField>
      </CardContent>
      <CardFooter className="justify-end gap-3 border-t pt-6">
        <Button
          type="button"
          variant="ghost"
          disabled={!form.formState.isDirty || updateProfile.isPending}
          onClick={() => form.reset(formValues(user))}
        >
          Reset
        </Button>
        {/* Nothing to save until a field changes. */}
        <Button type="submit" disabled={!form.formState.isDirty || updateProfile.isPending}>
          {updateProfile.isPending ? (
            <>
              <Spinner />
              Updating...
            </>
          ) : (
            'Save changes'
          )}
        </Button>
      </CardFooter>
      {unsavedPrompt}
    </form>
  );
}

/** /dashboard/profile */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  const name = fullName(user);
  const since = memberSince(user.createdAt);
  return (
    <DashboardSubpage title="Profile" description="Your name and email address.">
      <Card className="flex items-center gap-4 p-5">
        <UserAvatar user={user} className="size-12 text-base" />
        <div className="min-w-0">
          <p className="truncate font-semibold">{name}</p>
          <p className="truncate text-sm text-muted-foreground">
            @{user.username} · {planOf(user.subscriptionTier).name} plan
            {since ? ` · Member since ${since}` : ''}
          </p>
        </div>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Personal information</CardTitle>
          <CardDescription>This is how you appear to your teammates.</CardDescription>
        </CardHeader>
        <ProfileForm key={user.id} user={user} />
      </Card>
    </DashboardSubpage>
  );
}
