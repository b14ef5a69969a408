import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '@/test/render';
import { useCommandPalette } from './palette-host';

const AT = '2026-01-01T00:00:00.000Z';
const team = (id: number, name: string) => ({
  id,
  name,
  description: null,
  ownerId: 1,
  owner_id: 1,
  owner: { id: 1, username: 'ada' },
  createdAt: AT,
  created_at: AT,
  updatedAt: AT,
  currentUserId: 1,
  currentUserRole: 'OWNER',
  planActive: true,
  requireTwoFactor: false,
  memberCount: 1,
  members: [],
});
const link = (id: number, name: string) => ({ id, name, to: `${id}@example.com` });
const LINKS = [link(1, 'Press enquiries'), link(2, 'Speaker requests'), link(3, 'Support')];

function Page() {
  const { palette, button } = useCommandPalette();
  const location = useLocation();
  return (
    <>
      <p>At {`${location.pathname}${location.search}`}</p>
      {button()}
      {palette}
    </>
  );
}

function renderPalette() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.startsWith('/api/v1/teams'))
      return json([team(7, 'Marketing'), team(8, 'Sales')]);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = LINKS.filter((l) => l.name.toLowerCase().includes(q));
    const response = json(found);
    response.headers.set('X-Total-Count', String(found.length));
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<Page />, { path: '/dashboard' });
  return { user: userEvent.setup({ delay: null }), fetch };
}

const linkSearches = (fetch: ReturnType<typeof renderPalette>['fetch']) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/api/v1/mailto-links'))
    .map((url) => url.searchParams.get('q'));

describe('command palette', () => {
  it('opens with Ctrl-K as a dialog with a combobox and a listbox of links, teams and pages', async () => {
    const { user } = renderPalette();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Go to' }, { timeout: 5000 });
    const input = within(dialog).getByRole('combobox');
    expect(document.activeElement).toBe(input);
    const list = within(dialog).getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(await within(list).findByRole('option', { name: /Press enquiries/ })).toBeTruthy();
    expect(await within(list).findByRole('option', { name: 'Marketing' })).toBeTruthy();
    expect(within(list).getByRole('option', { name: 'Settings' })).toBeTruthy();
  });

  it('filters as you type, searching links on the server once typing pauses', async () => {
    const { user, fetch } = renderPalette();
    await user.click(screen.getByRole('button', { name: /Go to/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Go to' }, { timeout: 5000 });
    await within(dialog).findByRole('option', { name: 'Marketing' });
    await user.type(within(dialog).getByRole('combobox'), 'spe');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Speaker requests2@example.com']),
    );
    // One search for the whole word, none per key.
    expect(linkSearches(fetch)).toEqual([null, 'spe']);

    await user.clear(within(dialog).getByRole('combobox'));
    await user.type(within(dialog).getByRole('combobox'), 'sales');
    expect(await within(dialog).findByRole('option', { name: 'Sales' })).toBeTruthy();
    expect(within(dialog).queryByRole('option', { name: 'Marketing' })).toBeNull();

    await user.clear(within(dialog).getByRole('combobox'));
    await user.type(within(dialog).getByRole('combobox'), 'zzz');
    expect(await within(dialog).findByText('Nothing matches “zzz”.')).toBeTruthy();
  });

  it('arrows and Enter go to the chosen item and close; Escape closes without going', async () => {
    const { user } = renderPalette();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Go to' }, { timeout: 5000 });
    await user.type(within(dialog).getByRole('combobox'), 'team');
    await within(dialog).findByRole('option', { name: 'Teams' });
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('At /dashboard?tab=teams')).toBeTruthy();

    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Go to' }, { timeout: 5000 });
    expect(within(again).getByRole('combobox')).toHaveProperty('value', '');
    await within(again).findByRole('option', { name: 'Sales' });
    await within(again).findByRole('option', { name: /Press enquiries/ });
    await user.keyboard('{ArrowDown}');
    expect(within(again).getByRole('option', { selected: true }).textContent).toMatch(
      /^Speaker requests/,
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('At /dashboard/edit-link/2')).toBeTruthy();

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Go to' }, { timeout: 5000 });
    const before = screen.getByText(/^At /).textContent;
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/^At /).textContent).toBe(before);
  });
});
