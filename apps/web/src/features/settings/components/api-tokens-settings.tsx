import type { CreatedApiToken } from '@mailtokit/contracts/tokens';
import { SecretOnceFlow, SecretOnceNotice } from '@/components/secret-once-notice';
import { CreateTokenCard } from './create-token-card';
import { TokenList } from './token-list';

/** Settings > API tokens: create (shown once), list and revoke personal API tokens. */
export function ApiTokensSettings() {
  return (
    <SecretOnceFlow<CreatedApiToken>
      form={(onCreated) => <CreateTokenCard onCreated={onCreated} />}
      notice={(token, onDone) => <NewTokenNotice token={token} onDone={onDone} />}
    >
      <TokenList />
    </SecretOnceFlow>
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
