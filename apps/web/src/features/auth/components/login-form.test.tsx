import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as passkeyModule from '@/lib/passkey';
import { dismissToast, getToasts } from '@/lib/toast';
import { LoginForm } from './login-form';
import { json, renderWithProviders } from '@/test/render';

// The browser's passkey prompt: answers at once with a made-up assertion.
vi.mock('@/lib/passkey', async (importActual) => ({
  ...(await importActual<typeof passkeyModule>()),
  signWithPasskey: vi.fn(async () => ({ id: 'credential', type: 'public-key' })),
}));

afterEach(() => dismissToast());

describe('sign-in form', () => {
  it('a wrong password is said in the form, by the button, not in a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ detail: 'Invalid username or password', code: 'INVALID_CREDENTIALS' }, 401),
      ),
    );
    const onFailure = vi.fn();
    renderWithProviders(
      <LoginForm onSuccess={() => {}} onFailure={onFailure} onSwitchToRegister={() => {}} />,
      { client: new QueryClient() },
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Username or email'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'not it');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const failure = await screen.findByTestId('login-failure');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.textContent).toBe('Invalid username or password');
    expect(screen.getByRole('form', { name: 'Sign in' }).contains(failure)).toBe(true);
    expect(onFailure).toHaveBeenCalledOnce();
    expect(getToasts().filter((t) => t.open)).toEqual([]);
  });

  it('with two-step sign-in on, asks for a code after the password, then signs in', async () => {
    const user = {
      id: 1,
      username: 'ann',
      email: 'ann@example.com',
      firstName: null,
      lastName: null,
      subscriptionTier: 'FREE',
      subscriptionExpiresAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/v1/auth/login'))
        return json(
          {
            secondFactor: 'required',
            challengeToken: 'challenge-token-of-the-test',
            expiresAt: '2026-01-01T00:05:00.000Z',
            methods: ['totp', 'recovery_code'],
          },
          202,
        );
      if (url.endsWith('/api/v1/auth/login/second-factor')) {
        const body = JSON.parse(String(init?.body)) as { code?: string };
        if (body.code !== '123456')
          return json({ detail: 'Invalid input', code: 'VALIDATION_ERROR' }, 400);
        return json({ access_token: 'a-session-token', user });
      }
      return json(user);
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} onSwitchToRegister={() => {}} />, {
      client: new QueryClient(),
    });
    const ev = userEvent.setup({ delay: null });
    await ev.type(screen.getByLabelText('Username or email'), 'ann');
    await ev.type(screen.getByLabelText('Password'), 'right one');
    await ev.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(onSuccess).not.toHaveBeenCalled();
    await ev.type(code, '000000');
    await ev.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByTestId('second-factor-failure');
    expect(onSuccess).not.toHaveBeenCalled();
    await ev.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await ev.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    // Not remembered unless asked.
    const sent = secondSteps(fetchMock);
    expect(sent.map((b) => b.rememberBrowser)).toEqual([undefined, undefined]);
  });

  it('"Remember this browser for 30 days" sends rememberBrowser with the code', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/api/v1/auth/login'))
        return json(
          {
            secondFactor: 'required',
            challengeToken: 'challenge-token-of-the-test',
            expiresAt: '2026-01-01T00:05:00.000Z',
            methods: ['totp', 'recovery_code'],
          },
          202,
        );
      return json({ detail: 'Invalid input', code: 'VALIDATION_ERROR' }, 400);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginForm onSuccess={() => {}} onSwitchToRegister={() => {}} />, {
      client: new QueryClient(),
    });
    const ev = userEvent.setup({ delay: null });
    await ev.type(screen.getByLabelText('Username or email'), 'ann');
    await ev.type(screen.getByLabelText('Password'), 'right one');
    await ev.click(screen.getByRole('button', { name: 'Sign in' }));
    await ev.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    const remember = screen.getByRole('checkbox', { name: 'Remember this browser for 30 days' });
    expect(remember).toHaveProperty('checked', false);
    await ev.click(remember);
    await ev.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByTestId('second-factor-failure');
    expect(secondSteps(fetchMock)).toEqual([
      { challengeToken: 'challenge-token-of-the-test', code: '123456', rememberBrowser: true },
    ]);
  });

  it('a passkey second step offers "Remember this browser" and sends it with the passkey', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/api/v1/auth/login'))
        return json(
          {
            secondFactor: 'required',
            challengeToken: 'challenge-token-of-the-test',
            expiresAt: '2026-01-01T00:05:00.000Z',
            methods: ['passkey'],
          },
          202,
        );
      if (url.endsWith('/api/v1/auth/passkeys/authentication/options'))
        return json({ challenge: 'the-challenge' });
      return json({ detail: 'This passkey could not be verified.', code: 'PASSKEY_REJECTED' }, 401);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginForm onSuccess={() => {}} onSwitchToRegister={() => {}} />, {
      client: new QueryClient(),
    });
    const ev = userEvent.setup({ delay: null });
    await ev.type(screen.getByLabelText('Username or email'), 'ann');
    await ev.type(screen.getByLabelText('Password'), 'right one');
    await ev.click(screen.getByRole('button', { name: 'Sign in' }));
    const remember = await screen.findByRole('checkbox', {
      name: 'Remember this browser for 30 days',
    });
    expect(remember).toHaveProperty('checked', false);
    await ev.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await screen.findByTestId('second-factor-failure');
    await ev.click(remember);
    await ev.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await vi.waitFor(() => expect(passkeyVerifications(fetchMock)).toHaveLength(2));
    expect(passkeyVerifications(fetchMock)).toEqual([
      { challengeToken: 'challenge-token-of-the-test', response: expect.anything() },
      {
        challengeToken: 'challenge-token-of-the-test',
        response: expect.anything(),
        rememberBrowser: true,
      },
    ]);
  });
});

/** The bodies sent to finish a passkey sign-in. */
function passkeyVerifications(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/v1/auth/passkeys/authentication/verify'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

/** The bodies sent to the second step of the sign-in. */
function secondSteps(fetchMock: ReturnType<typeof vi.fn>): Array<Record<string, unknown>> {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/v1/auth/login/second-factor'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}
