import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@mailtokit/contracts/user';
import { publishAuth } from '@/lib/auth/auth-store';
import { ProfilePage } from './profile-page';
import { json, renderWithProviders } from '@/test/render';

const USER: User = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  subscriptionTier: 'FREE',
  subscriptionExpiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderProfile() {
  publishAuth({ user: USER, isLoading: false });
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Partial<User>;
    return json({ ...USER, ...body, updatedAt: '2026-01-02T00:00:00.000Z' });
  });
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<ProfilePage />, { path: '/dashboard/profile' });
  return { user: userEvent.setup({ delay: null }), fetch };
}

afterEach(() => publishAuth({ user: null, isLoading: false }));

describe('profile: Save changes', () => {
  it('is disabled until a field changes, and again once the change is undone', async () => {
    const { user, fetch } = renderProfile();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);

    const firstName = screen.getByLabelText('First name');
    await user.type(firstName, 'x');
    expect(save).toHaveProperty('disabled', false);
    await user.type(firstName, '{Backspace}');
    expect(save).toHaveProperty('disabled', true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('saves a change, then is disabled again until the next one', async () => {
    const { user, fetch } = renderProfile();
    const save = screen.getByRole('button', { name: 'Save changes' });
    const firstName = screen.getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(save);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/profile');
    expect(JSON.parse(String(init?.body))).toMatchObject({ firstName: 'Augusta' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Augusta');
  });
});

describe('profile: a new email address', () => {
  it('goes without the password field when the session confirmed it lately (the server decides)', async () => {
    const { user, fetch } = renderProfile();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@lovelace.example');
    // The field is offered, not required: the server accepts a password confirmed in the session.
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetch.mock.calls[0]![1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ email: 'ada@lovelace.example' });
    expect(body.currentPassword).toBeUndefined();
  });

  it('sends a typed password with the change, and shows a wrong one under its field', async () => {
    const { user, fetch } = renderProfile();
    fetch.mockImplementation(async () =>
      json(
        {
          detail: 'Invalid input',
          code: 'VALIDATION_ERROR',
          fields: { currentPassword: 'Current password is incorrect' },
        },
        400,
      ),
    );
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@lovelace.example');
    await user.type(screen.getByLabelText('Current password'), 'a guess');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    // A typed password that is wrong is the form's to show: the request is not repeated.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({
      currentPassword: 'a guess',
    });
  });
});
