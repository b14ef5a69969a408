import {
  TOKEN_NAME_MAX,
  TOKEN_SCOPE_DESCRIPTIONS,
  TOKEN_SCOPES,
  type CreatedApiToken,
  type TokenScope,
} from '@mailtokit/contracts/tokens';
import { useState, type FormEvent } from 'react';
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
import { PendingLabel } from '@/components/ui/spinner';
import { fieldErrors } from '@/lib/errors';
import { useFormChecks } from '@/lib/use-form-checks';
import { toastError } from '@/lib/toast';
import { useCreateToken } from '../api/create-token';

const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '7', label: '7 days' },
  { value: '', label: 'Never' },
];

interface TokenErrors {
  name?: string;
  scopes?: string;
}

/** The form that creates an API token (its secret is shown once, by the caller). */
export function CreateTokenCard({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['links:read']);
  const [expiry, setExpiry] = useState('30');
  const checks = useFormChecks<keyof TokenErrors>({
    name: name.trim() ? undefined : 'Give the token a name',
    scopes: scopes.length ? undefined : 'Choose at least one scope',
  });
  const { errors } = checks;

  const toggle = (scope: TokenScope, on: boolean) => {
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
    checks.changed('scopes');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.submit()) return;
    create.mutate(
      {
        name: name.trim(),
        scopes,
        expiresInDays: expiry ? Number(expiry) : null,
      },
      {
        onSuccess: (token) => {
          setName('');
          checks.reset();
          onCreated(token);
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          if (fields?.name || fields?.scopes)
            checks.setServerErrors({ name: fields.name, scopes: fields.scopes });
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
                  onChange={(e) => {
                    setName(e.target.value);
                    checks.changed('name');
                  }}
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
