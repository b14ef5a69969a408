import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as passkeyModule from '@/lib/passkey';
import { FreshPasswordHost } from '@/components/fresh-password-host';
import { settleFreshPassword } from '@/lib/fresh-password';
import { useToasts } from '@/lib/toast';
import { CreateTokenCard } from './create-token-card';
import { TwoFactorCard } from './two-factor-card';
import { json, renderWithProviders } from '@/test/render';

// The browser's passkey prompt: answers at once with a made-up assertion.
vi.mock('@/lib/passkey', async (importActual) => ({
  ...(await importActual<typeof passkeyModule>()),
  signWithPasskey: vi.fn(async () => ({ id: 'credential', type: 'public-key' })),
}));

const FRESH_PASSWORD_NEEDED = json(
  {
    detail: 'Invalid input',
    code: 'VALIDATION_ERROR',
    fields: { currentPassword: 'Enter your current password to continue' },
  },
  400,
);

const TOKEN = {
  id: 7,
  name: 'CRM sync',
  scopes: ['links:read'],
  createdAt: '2026-11-29T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  token: 'mtk_abcdefghijklmnopqrstuvwxyz',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A server whose session has no fresh password until `confirm-password` gets `password` (or
 * the code `123456`, or a passkey's answer): until then every sensitive call answers 400 on
 * `currentPassword`. The account has `passkeys` passkeys.
 */
function fakeServer({ totp = false, password = 'right password', passkeys = 0 } = {}) {
  const calls: Call[] = [];
  let fresh = false;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (path === '/api/v1/auth/two-factor') return json({ totp, recoveryCodesLeft: 10 });
    if (path === '/api/v1/auth/passkeys')
      return json({ passkeys: Array.from({ length: passkeys }, (_, i) => ({ id: i + 1 })) });
    if (path === '/api/v1/auth/confirm-password/passkey/options')
      return json({ challenge: 'the-challenge' });
    if (path === '/api/v1/auth/confirm-password') {
      const answer = body as { currentPassword?: string; code?: string; passkey?: object };
      if (
        answer.code === '123456' ||
        answer.currentPassword === password ||
        (passkeys > 0 && answer.passkey)
      ) {
        fresh = true;
        return json({ confirmedUntil: '2026-11-29T10:10:00.000Z' });
      }
      return json(
        {
          detail: 'Invalid input',
          code: 'VALIDATION_ERROR',
          fields: answer.code
            ? { code: 'This code is not right' }
            : { currentPassword: 'Current password is incorrect' },
        },
        400,
      );
    }
    if (!fresh) return FRESH_PASSWORD_NEEDED.clone();
    if (path === '/api/v1/tokens') return json(TOKEN, 201);
    if (path === '/api/v1/auth/two-factor/totp/disable') return json({ ok: true });
    return json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const sent = (path: string) => calls.filter((c) => c.path === path && c.method !== 'GET');
  return { calls, sent };
}

function Toasts() {
  const toasts = useToasts();
  return <output data-testid="toasts">{toasts.map((t) => t.description).join('|')}</output>;
}

function renderWithDialog(ui: React.ReactNode) {
  renderWithProviders(
    <>
      {ui}
      <FreshPasswordHost />
      <Toasts />
    </>,
  );
  return userEvent.setup({ delay: null });
}

async function createToken(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Token name'), 'CRM sync');
  await user.click(screen.getByRole('button', { name: 'Create token' }));
  return await screen.findByRole('dialog', { name: 'Confirm it is you' });
}

afterEach(() => settleFreshPassword(false));

describe('a sensitive change asks for the password, then carries on', () => {
  it('creating a token: the dialog confirms the password and the token is made without a second click', async () => {
    const server = fakeServer();
    const onCreated = vi.fn();
    const user = renderWithDialog(<CreateTokenCard onCreated={onCreated} />);
    // The form itself no longer asks for the password.
    expect(screen.queryByLabelText(/password/i)).toBeNull();

    const dialog = await createToken(user);
    expect(onCreated).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Your current password'), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(TOKEN));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent('/api/v1/auth/confirm-password').map((c) => c.body)).toEqual([
      { currentPassword: 'right password' },
    ]);
    // The same request, twice: refused, then accepted once the password was confirmed.
    const tokenCalls = server.sent('/api/v1/tokens');
    expect(tokenCalls).toHaveLength(2);
    expect(tokenCalls[1]!.body).toEqual(tokenCalls[0]!.body);
    expect(tokenCalls[1]!.body).toMatchObject({ name: 'CRM sync', scopes: ['links:read'] });
  });

  it('a wrong password stays in the dialog with its message; nothing is created', async () => {
    const server = fakeServer();
    const onCreated = vi.fn();
    const user = renderWithDialog(<CreateTokenCard onCreated={onCreated} />);
    const dialog = await createToken(user);
    await user.type(within(dialog).getByLabelText('Your current password'), 'a guess');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeTruthy();
    expect(server.sent('/api/v1/tokens')).toHaveLength(1);
    expect(onCreated).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Your current password'), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
  });

  it('Cancel drops the change quietly: no second call, no error toast', async () => {
    const server = fakeServer();
    const onCreated = vi.fn();
    const user = renderWithDialog(<CreateTokenCard onCreated={onCreated} />);
    const dialog = await createToken(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('/api/v1/tokens')).toHaveLength(1);
    expect(server.sent('/api/v1/auth/confirm-password')).toHaveLength(0);
    expect(screen.getByTestId('toasts').textContent).toBe('');
    expect(onCreated).not.toHaveBeenCalled();
    // The form is ready for another try.
    expect(screen.getByRole('button', { name: 'Create token' })).toHaveProperty('disabled', false);
  });

  it('with two-step sign-in on, a code of the app confirms instead; turning it off carries on', async () => {
    const server = fakeServer({ totp: true });
    const user = renderWithDialog(<TwoFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Use a code from your app instead' }),
    );
    await user.type(within(dialog).getByLabelText('Code from your authenticator app'), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await waitFor(() =>
      expect(server.sent('/api/v1/auth/two-factor/totp/disable')).toHaveLength(2),
    );
    expect(server.sent('/api/v1/auth/confirm-password').map((c) => c.body)).toEqual([
      { code: '123456' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('without two-step sign-in or a passkey the dialog offers the password only', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const server = fakeServer({ totp: false });
    const user = renderWithDialog(<CreateTokenCard onCreated={() => {}} />);
    const dialog = await createToken(user);
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/api/v1/auth/two-factor')).toBe(true),
    );
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/api/v1/auth/passkeys')).toBe(true),
    );
    expect(within(dialog).queryByRole('button', { name: /code from your app/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('with a passkey on the account, the passkey confirms instead and the token is made', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const server = fakeServer({ passkeys: 1 });
    const onCreated = vi.fn();
    const user = renderWithDialog(<CreateTokenCard onCreated={onCreated} />);
    const dialog = await createToken(user);
    expect(
      within(dialog).getByText(/Enter your password or use a passkey to continue/),
    ).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'Use a passkey' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(TOKEN));
    expect(server.sent('/api/v1/auth/confirm-password').map((c) => c.body)).toEqual([
      { passkey: { id: 'credential', type: 'public-key' } },
    ]);
    expect(server.sent('/api/v1/tokens')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a browser that cannot use passkeys is not offered one', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    fakeServer({ passkeys: 1 });
    const user = renderWithDialog(<CreateTokenCard onCreated={() => {}} />);
    const dialog = await createToken(user);
    expect(within(dialog).getByLabelText('Your current password')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});
