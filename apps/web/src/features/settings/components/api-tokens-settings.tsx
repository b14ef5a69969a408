import { KeyRoundIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  TOKEN_NAME_MAX,
  TOKEN_SCOPE_DESCRIPTIONS,
  TOKEN_SCOPES,
  type ApiToken,
  type CreatedApiToken,
  type TokenScope,
} from '@mailtokit/contracts/tokens';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SecretOnceNotice } from '@/components/secret-once-notice';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { PendingLabel } from '@/components/ui/spinner';
import { fieldErrors, normalizeError } from '@/lib/errors';
import { toast, toastError } from '@/lib/toast';
import { useCreateToken } from '../api/create-token';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { formatWhen } from '../lib/format';

const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '7', label: '7 days' },
  { value: '', label: 'Never' },
];

/** Settings > API tokens: create (shown once), list and revoke personal API tokens. */
export function ApiTokensSettings() {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div className="grid gap-6">
      {created ? (
        <NewTokenNotice token={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenCard onCreated={setCreated} />
      )}
      <TokenList />
    </div>
  );
}

function CreateTokenCard({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['links:read']);
  const [expiry, setExpiry] = useState('30');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = {
      name: name.trim() ? undefined : 'Give the token a name',
      scopes: scopes.length ? undefined : 'Choose at least one scope',
    };
    setErrors(local);
    if (local.name || local.scopes) return;
    create.mutate(
      { name: name.trim(), scopes, expiresInDays: expiry ? Number(expiry) : null },
      {
        onSuccess: (token) => {
          setName('');
          onCreated(token);
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (fields?.name || fields?.scopes)
            setErrors({ name: fields.name, scopes: fields.scopes });
          else toastError(error);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create an API token</CardTitle>
        <CardDescription>
          Scripts and other systems use a token as <code>Authorization: Bearer mtk_…</code>. It can
          only do what its scopes allow, and never changes your password or your tokens.
        </CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit}>
        <CardContent className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_12rem]">
            <FormField id="token-name" label="Token name" error={errors.name}>
              {(control) => (
                <Input
                  {...control}
                  value={name}
                  maxLength={TOKEN_NAME_MAX}
                  placeholder="CRM sync"
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </FormField>
            <FormField id="token-expiry" label="Expires after">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={expiry}
                  onChange={(e) => setExpiry(e.target.value)}
                >
                  {EXPIRY_CHOICES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <fieldset
            className="grid gap-3"
            aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Scopes</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {TOKEN_SCOPES.map((scope) => (
                <div key={scope} className="flex items-start gap-3">
                  <Checkbox
                    id={`scope-${scope}`}
                    checked={scopes.includes(scope)}
                    onCheckedChange={(on) => toggle(scope, on === true)}
                    className="mt-0.5"
                  />
                  <Label htmlFor={`scope-${scope}`} className="grid gap-0.5 font-normal">
                    <span className="font-mono text-sm font-medium">{scope}</span>
                    <span className="text-xs text-muted-foreground">
                      {TOKEN_SCOPE_DESCRIPTIONS[scope]}
                    </span>
                  </Label>
                </div>
              ))}
            </div>
            {errors.scopes ? (
              <p id="token-scopes-error" className="text-sm text-destructive">
                {errors.scopes}
              </p>
            ) : null}
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={create.isPending}>
            <PendingLabel
              pending={create.isPending}
              label="Create token"
              pendingLabel="Creating..."
            />
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function NewTokenNotice({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <SecretOnceNotice
      title="Copy your new token now"
      value={token.token}
      label="New API token"
      copiedMessage={{ title: 'Token copied', description: 'Store it somewhere safe.' }}
      onDone={onDone}
      data-testid="new-token"
    >
      This is the only time <strong>{token.name}</strong> is shown. We keep only a fingerprint of
      it: if you lose it, revoke it and create another.
    </SecretOnceNotice>
  );
}

function TokenList() {
  const tokens = useTokens();
  if (tokens.isPending)
    return (
      <div className="grid gap-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  if (tokens.isError)
    return (
      <LoadErrorAlert
        title="Could not load your tokens"
        message={normalizeError(tokens.error).message}
        onRetry={() => void tokens.refetch()}
        retrying={tokens.isFetching}
      />
    );
  if (tokens.data.length === 0)
    return (
      <EmptyState
        icon={KeyRoundIcon}
        title="No API tokens yet"
        description="Create one above to call the API from your own scripts."
      />
    );
  return (
    <section aria-labelledby="tokens-heading" className="grid gap-3">
      <h2 id="tokens-heading" className="text-base font-semibold">
        Your tokens
      </h2>
      <ul className="grid gap-3">
        {tokens.data.map((t) => (
          <TokenRow key={t.id} token={t} />
        ))}
      </ul>
    </section>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeToken();
  const [open, setOpen] = useState(false);
  const expired = token.expiresAt !== null && token.expiresAt <= new Date().toISOString();
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="token-row"
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{token.name}</span>
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          {token.scopes.map((s) => (
            <Badge key={s} variant="soft" className="font-mono">
              {s}
            </Badge>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          Created {formatWhen(token.createdAt)} · Last used{' '}
          {token.lastUsedAt ? formatWhen(token.lastUsedAt) : 'never'} ·{' '}
          {token.expiresAt
            ? `${expired ? 'Expired' : 'Expires'} ${formatWhen(token.expiresAt)}`
            : 'Never expires'}
        </p>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="outline" size="sm" className="shrink-0">
            Revoke
          </Button>
        }
        title={`Revoke “${token.name}”?`}
        description="Anything still using this token stops working at once. This cannot be undone."
        confirmLabel="Revoke token"
        pendingLabel="Revoking..."
        destructive
        onConfirm={() =>
          revoke.mutateAsync(token.id).then(
            () => {
              setOpen(false);
              toast({ title: 'Token revoked', description: `${token.name} no longer works.` });
            },
            (error: unknown) => {
              toastError(error);
            },
          )
        }
      />
    </li>
  );
}
