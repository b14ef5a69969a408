import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { CreateWebhookCard, WEBHOOK_URL_MESSAGE } from './create-webhook-card';
import { GeneralSettings, SETTING_SAVED } from './general-settings';
import { SecuritySettings } from './security-settings';
import { SettingsPage } from './settings-page';
import { filterLinks, WebhookLinkPicker } from './webhook-link-picker';
import { json, renderWithProviders } from '@/test/render';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** `ui` in a router at `path` with a query client, and a server that lists nothing. */
function renderAt(ui: ReactNode, path = '/dashboard/settings') {
  const fetch = vi.fn(async () => json([]));
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(
    <>
      {ui}
      <Location />
    </>,
    { path: path },
  );
  return { user: userEvent.setup({ delay: null }), fetch };
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

afterEach(() => window.localStorage.clear());

describe('settings: the open tab is in the address', () => {
  it('opens the tab named by ?tab=, and a click puts the new one there', async () => {
    const { user } = renderAt(<SettingsPage />, '/dashboard/settings?tab=tokens');
    expect(selectedTab().textContent).toBe('API tokens');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(selectedTab().textContent).toBe('Security');
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/settings?tab=security');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/settings');
  });

  it('an unknown tab opens General', () => {
    renderAt(<SettingsPage />, '/dashboard/settings?tab=nope');
    expect(selectedTab().textContent).toBe('General');
  });
});

/** A device whose light or dark setting the test switches, as matchMedia reports it. */
function fakeDevice(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && state.dark;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return {
    set(next: boolean) {
      state.dark = next;
      for (const l of listeners) l();
    },
  };
}

describe('settings: General', () => {
  afterEach(() => document.documentElement.classList.remove('dark'));

  it('email notifications are an account setting: a switch sends it and says Saved', async () => {
    const calls: Array<{ method: string; body: unknown }> = [];
    let stored = true;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/api/v1/settings')) {
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, body });
        if (method === 'PATCH') stored = body.emailNotifications;
        return json({ trackingOpens: 'direct', emailNotifications: stored });
      }
      return json([]);
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<GeneralSettings />);
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Save history' })).toBeNull();
    expect(screen.getByText(/Security emails always arrive/)).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    // Usable once the account's setting has arrived.
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(screen.getAllByText(SETTING_SAVED)).toHaveLength(1));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(calls.at(-1)).toEqual({ method: 'PATCH', body: { emailNotifications: false } });
    // Nothing of it is kept in the browser.
    expect(window.localStorage.length).toBe(0);
  });

  it('theme: System by default follows the device live; Light and Dark are kept in this browser', async () => {
    const device = fakeDevice(false);
    const { user } = renderAt(<GeneralSettings />);
    const html = document.documentElement;
    const option = (name: string) => screen.getByRole('button', { name });
    expect(option('System').getAttribute('aria-pressed')).toBe('true');

    // The device turns dark, then light again: the page follows without a reload.
    act(() => device.set(true));
    expect(html.classList.contains('dark')).toBe(true);
    act(() => device.set(false));
    expect(html.classList.contains('dark')).toBe(false);

    await user.click(option('Dark'));
    expect(html.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(option('Dark').getAttribute('aria-pressed')).toBe('true');
    // A chosen theme no longer follows the device.
    act(() => device.set(false));
    expect(html.classList.contains('dark')).toBe(true);

    await user.click(option('Light'));
    expect(html.classList.contains('dark')).toBe(false);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    act(() => device.set(true));
    await user.click(option('System'));
    expect(html.classList.contains('dark')).toBe(true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('theme: a device switch made while the page loaded (before the app listened) is caught up', () => {
    // The page was painted dark (the device was dark then); the device turned light before the
    // app started listening for changes.
    document.documentElement.classList.add('dark');
    fakeDevice(false);
    renderAt(<GeneralSettings />);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('settings: Security', () => {
  it('Update password is disabled until something is typed', async () => {
    const { user } = renderAt(<SecuritySettings />);
    const button = screen.getByRole('button', { name: 'Update password' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Current password'), 'x');
    expect(button).toHaveProperty('disabled', false);
    await user.clear(screen.getByLabelText('Current password'));
    expect(button).toHaveProperty('disabled', true);
  });
});

describe('settings: the webhook form', () => {
  it("the address's message goes as soon as the address is right", async () => {
    const { user, fetch } = renderAt(<CreateWebhookCard onCreated={() => {}} />);
    const url = screen.getByLabelText('Endpoint URL');
    await user.type(url, 'example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(screen.getByText(WEBHOOK_URL_MESSAGE)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(url);
    await user.type(url, 'https://example.com/hook');
    expect(screen.queryByText(WEBHOOK_URL_MESSAGE)).toBeNull();
    expect(url.getAttribute('aria-invalid')).toBeNull();
  });

  it("the server's message about the address goes once the address changes", async () => {
    const { user, fetch } = renderAt(<CreateWebhookCard onCreated={() => {}} />);
    fetch.mockImplementation(async () =>
      json(
        {
          detail: 'Invalid input',
          code: 'VALIDATION_ERROR',
          fields: { url: 'This address is private' },
        },
        400,
      ),
    );
    const url = screen.getByLabelText('Endpoint URL');
    await user.type(url, 'https://10.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('This address is private')).toBeTruthy();
    await user.clear(url);
    await user.type(url, 'https://example.com/hook');
    expect(screen.queryByText('This address is private')).toBeNull();
  });
});

describe('settings: the webhook link picker', () => {
  const LINKS = Array.from({ length: 55 }, (_, i) => ({
    id: i + 1,
    name: i === 41 ? 'Speaker enquiries' : `Link ${i + 1}`,
  }));

  it('filters by name, any case', () => {
    expect(filterLinks(LINKS, '  SPEAKER ').map((l) => l.id)).toEqual([42]);
    expect(filterLinks(LINKS, '')).toHaveLength(55);
  });

  it('a filter narrows the 55 boxes; choices made stay chosen when filtered out', async () => {
    let picked: number[] = [];
    const onChange = vi.fn((ids: number[]) => (picked = ids));
    const { rerender } = render(
      <WebhookLinkPicker links={LINKS} loading={false} picked={picked} onChange={onChange} />,
    );
    const user = userEvent.setup({ delay: null });
    expect(screen.getAllByRole('checkbox')).toHaveLength(55);
    await user.type(screen.getByRole('searchbox', { name: 'Filter links by name' }), 'speaker');
    expect(screen.getAllByRole('checkbox').map((box) => box.id)).toEqual(['webhook-link-42']);
    await user.click(screen.getByRole('checkbox', { name: 'Speaker enquiries' }));
    expect(picked).toEqual([42]);
    rerender(
      <WebhookLinkPicker links={LINKS} loading={false} picked={picked} onChange={onChange} />,
    );
    expect(screen.getByText(/1 of 55 links chosen/)).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: 'Filter links by name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter links by name' }), 'zzz');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByText('No link name holds “zzz”.')).toBeTruthy();
    expect(picked).toEqual([42]);
  });

  it('"Choose shown" takes every link the filter shows', async () => {
    let picked: number[] = [];
    const onChange = (ids: number[]) => (picked = ids);
    render(<WebhookLinkPicker links={LINKS} loading={false} picked={[]} onChange={onChange} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Filter links by name' }), 'Link 1');
    await user.click(screen.getByRole('button', { name: 'Choose shown' }));
    await waitFor(() => expect(picked).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]));
  });
});
