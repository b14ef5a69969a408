import { TriangleAlert, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/errors';
import { useDeleteAccount } from '../api/delete-account';

/** What goes with the account, as the dialog lists it. */
const DELETED = [
  'your profile and sign-in details',
  'your saved links, including the ones you shared with a team (your teammates lose them too)',
  'your tracking links, their clicks and analytics',
  'teams you own that have no other members',
  'your team memberships, API tokens and webhooks',
  'every sign-in on every device',
];

export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [blocked, setBlocked] = useState<string | undefined>();
  const remove = useDeleteAccount(async () => {
    setOpen(false);
    await navigate('/', { replace: true });
    toast({
      title: 'Account deleted',
      description: 'Your account and everything in it have been deleted.',
    });
  });

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword('');
      setPasswordError(undefined);
      setBlocked(undefined);
    }
  };

  const confirm = async () => {
    setPasswordError(undefined);
    setBlocked(undefined);
    if (!password) {
      setPasswordError('Password is required');
      return;
    }
    try {
      await remove.mutateAsync({ password });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'OWNS_TEAMS') setBlocked(error.detail);
      else if (error instanceof ApiError && error.status === 403) setPasswordError(error.detail);
      else setPasswordError(errorMessage(error));
    }
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2">Delete account</CardTitle>
        <CardDescription>
          Deletes your account and everything in it for good. Download your data first if you want
          to keep a copy.
        </CardDescription>
      </CardHeader>
      <CardFooter className="justify-end border-t pt-6">
        <ConfirmDialog
          open={open}
          onOpenChange={reset}
          trigger={
            <Button variant="destructive">
              <Trash2Icon aria-hidden="true" />
              Delete account
            </Button>
          }
          title="Delete your account?"
          description="This cannot be undone. Deleted with your account:"
          confirmLabel="Delete my account"
          pendingLabel="Deleting..."
          destructive
          onConfirm={confirm}
        >
          <ul className="-mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {DELETED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            If you own a team with other members, transfer its ownership or delete it first.
          </p>
          {blocked ? (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>Your teams need a new owner</AlertTitle>
              <AlertDescription>{blocked}</AlertDescription>
            </Alert>
          ) : null}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <FormField id="delete-account-password" label="Your password" error={passwordError}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    setPasswordError(undefined);
                  }}
                />
              )}
            </FormField>
          </form>
        </ConfirmDialog>
      </CardFooter>
    </Card>
  );
}
