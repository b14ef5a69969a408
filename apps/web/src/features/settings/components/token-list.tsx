import type { ApiToken } from '@mailtokit/contracts/tokens';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { normalizeError } from '@/lib/errors';
import { toast, toastError } from '@/lib/toast';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { formatWhen } from '../lib/format';

/** The user's API tokens, each with its scopes, dates and a Revoke button. */
export function TokenList() {
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
