import { useState } from 'react';
import { PASSKEY_NAME_MAX, type Passkey } from '@mailtokit/contracts/auth';
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
import { PendingLabel } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { isFreshPasswordCancelled } from '@/lib/fresh-password';
import { passkeyBrowserReason, passkeyErrorMessage, passkeysSupported } from '@/lib/passkey';
import { toast, toastError } from '@/lib/toast';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { formatWhen } from '../lib/format';

/** The field error the server gave, if any. */
function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields?.[field] : undefined;
}

/**
 * A failure that belongs to no field: the server's, or the browser's passkey prompt's. The
 * browser's own reason is shown, a closed prompt included: the browser gives the same answer
 * (NotAllowedError) to a prompt closed and to one that could not open.
 */
function reportError(error: unknown) {
  if (isFreshPasswordCancelled(error)) return;
  if (error instanceof ApiError) {
    if (!error.fields) toastError(error);
    return;
  }
  toast({
    title: passkeyErrorMessage(error),
    description: passkeyBrowserReason(error),
    variant: 'destructive',
  });
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);

  if (editing)
    return (
      <li className="grid gap-3 py-3">
        <form
          noValidate
          className="flex flex-wrap items-end gap-2"
          aria-label={`Rename ${passkey.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate(
              { id: passkey.id, name },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast({ title: 'Passkey renamed' });
                },
                onError: reportError,
              },
            );
          }}
        >
          <FormField
            id={`passkey-name-${passkey.id}`}
            label="Name"
            error={fieldError(rename.error, 'name')}
            className="min-w-48 flex-1"
          >
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={PASSKEY_NAME_MAX}
                onChange={(e) => setName(e.target.value)}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the field the Rename button opened
                autoFocus
              />
            )}
          </FormField>
          <Button type="submit" disabled={rename.isPending || !name.trim()}>
            <PendingLabel pending={rename.isPending} label="Save" pendingLabel="Saving..." />
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setEditing(false);
              setName(passkey.name);
              rename.reset();
            }}
          >
            Cancel
          </Button>
        </form>
      </li>
    );

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="passkey">
      <div className="min-w-0">
        <p className="font-medium break-words">{passkey.name}</p>
        <p className="text-sm text-muted-foreground">
          Added {formatWhen(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `last used ${formatWhen(passkey.lastUsedAt)}` : 'never used'}
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
          Rename
        </Button>
        <Button
          type="button"
          variant="destructive"
          size="sm"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { id: passkey.id },
              { onSuccess: () => toast({ title: 'Passkey removed' }), onError: reportError },
            )
          }
        >
          <PendingLabel pending={remove.isPending} label="Remove" pendingLabel="Removing..." />
        </Button>
      </div>
    </li>
  );
}

/** Settings > Security: the account's passkeys (add, rename, remove). */
export function PasskeysCard() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const supported = passkeysSupported();

  let listed: React.ReactNode;
  if (list.isPending) listed = <p className="text-sm text-muted-foreground">Loading passkeys...</p>;
  else if (list.isError)
    listed = (
      <p className="text-sm text-destructive" role="alert">
        Your passkeys could not be loaded.{' '}
        <button type="button" className="underline" onClick={() => void list.refetch()}>
          Try again
        </button>
      </p>
    );
  else if (list.data.passkeys.length === 0)
    listed = (
      <p className="text-sm text-muted-foreground" data-testid="no-passkeys">
        No passkeys yet.
      </p>
    );
  else
    listed = (
      <ul className="divide-y" aria-label="Your passkeys">
        {list.data.passkeys.map((p) => (
          <PasskeyRow key={p.id} passkey={p} />
        ))}
      </ul>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock, with no password typed. After your
          password, a passkey also works as the second step.
        </CardDescription>
      </CardHeader>
      <form
        noValidate
        aria-label="Add a passkey"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(
            { name: name.trim() },
            {
              onSuccess: () => {
                setName('');
                toast({ title: 'Passkey added' });
              },
              onError: reportError,
            },
          );
        }}
      >
        <CardContent className="grid gap-5">
          {listed}
          {supported ? (
            <div className="grid max-w-md gap-4">
              <FormField
                id="passkey-name"
                label="Name of the new passkey"
                hint="For example the device or the password manager that keeps it."
                error={fieldError(add.error, 'name')}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={name}
                    maxLength={PASSKEY_NAME_MAX}
                    onChange={(e) => setName(e.target.value)}
                  />
                )}
              </FormField>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">This browser cannot use passkeys.</p>
          )}
        </CardContent>
        {supported ? (
          <CardFooter className="justify-end border-t pt-6">
            <Button type="submit" disabled={add.isPending || !name.trim()}>
              <PendingLabel
                pending={add.isPending}
                label="Add a passkey"
                pendingLabel="Adding..."
              />
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
