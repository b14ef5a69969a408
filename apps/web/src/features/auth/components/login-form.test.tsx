import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/lib/toast';
import { LoginForm } from './login-form';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LoginForm onSuccess={() => {}} onFailure={onFailure} onSwitchToRegister={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
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
});
