import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedMailtoLink } from '@mailtokit/contracts/links';
import type { Tier, User } from '@mailtokit/contracts/user';
import { publishAuth } from '@/lib/auth/auth-store';
import { LinkCard } from './link-card';
import { json, renderWithProviders } from '@/test/render';

const LINK: ListedMailtoLink = {
  id: 7,
  userId: 1,
  teamId: 3,
  teamName: 'Customer Success and Partnerships Europe',
  name: 'Speaker enquiries for the autumn developer conference in Lisbon',
  to: 'speakers@example.com, programme@example.com',
  cc: null,
  bcc: null,
  subject: 'Proposal',
  body: null,
  isShared: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  mailtoUrl: 'mailto:speakers@example.com,programme@example.com?subject=Proposal',
  canEdit: true,
  archivedAt: null,
  tags: [],
  clicks30d: 12,
  trackingLinkCount: 2,
  trackingUrl: 'http://localhost/t/NeWeStSlUg12',
};

const TRACKING = {
  id: 5,
  slug: 'AbCdEfGhIjKl',
  trackingUrl: 'http://localhost/t/AbCdEfGhIjKl',
  scanUrl: 'http://localhost/t/AbCdEfGhIjKl/q',
  mailtoLinkId: 7,
  label: 'Footer',
  createdAt: '2026-01-02T00:00:00.000Z',
  clicks: 0,
  opens: 'direct',
};

function signedInAs(subscriptionTier: Tier) {
  const user: User = {
    id: 1,
    username: 'erin',
    email: 'erin@example.com',
    firstName: 'Erin',
    lastName: null,
    subscriptionTier,
    subscriptionExpiresAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  publishAuth({ user, isLoading: false });
}

afterEach(() => publishAuth({ user: null, isLoading: false }));

const NEWEST = {
  ...TRACKING,
  id: 6,
  slug: 'NeWeStSlUg12',
  trackingUrl: 'http://localhost/t/NeWeStSlUg12',
  scanUrl: 'http://localhost/t/NeWeStSlUg12/q',
  label: 'Newsletter',
};

function renderCard(
  link: ListedMailtoLink,
  hideTeam = false,
  trackingOpens: 'direct' | 'choose' = 'direct',
) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/v1/settings')
      return json({ trackingOpens, emailNotifications: true });
    if (String(input) === '/api/v1/tracking' && init?.method === 'POST') return json(TRACKING, 201);
    if (String(input) === '/api/v1/mailto-links/7/tracking-links') return json([NEWEST, TRACKING]);
    return json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<LinkCard link={link} hideTeam={hideTeam} />);
  return { user: userEvent.setup({ delay: null }), fetch, card: screen.getByRole('article') };
}

const posts = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('a link row', () => {
  it('shows the whole name, its clicks, its tracking links and its team', () => {
    const { card } = renderCard(LINK);
    expect(within(card).getByRole('heading', { name: LINK.name })).toHaveProperty(
      'title',
      LINK.name,
    );
    const clicks = within(card).getAllByRole('link', {
      name: '12 clicks in the last 30 days: view analytics',
    });
    expect(clicks.map((a) => a.getAttribute('href'))).toContain('/dashboard/analytics/7');
    expect(within(card).getByTestId('link-tracking-badge').textContent).toContain(
      '2 tracking links',
    );
    expect(within(card).getByTitle(`Shared with ${LINK.teamName}`)).toBeTruthy();
    // Two actions in view, the rest in the menu.
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Copy tracking link', `More actions for ${LINK.name}`]);
    expect(within(card).getByRole('link', { name: 'Edit link' })).toBeTruthy();
  });

  it('leads with the newest tracking link: shown, and what Copy copies', async () => {
    const { user, card } = renderCard(LINK);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    expect(within(card).getByTestId('link-tracking-url').textContent).toContain(
      'localhost/t/NeWeStSlUg12',
    );
    await user.click(within(card).getByRole('button', { name: 'Copy tracking link' }));
    expect(writeText).toHaveBeenLastCalledWith(LINK.trackingUrl);
  });

  it("offers the other tracking links and the untracked mailto link in the row's menu", async () => {
    const { user, card } = renderCard(LINK);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(card).getByRole('button', { name: `More actions for ${LINK.name}` }));
    // The newest is the row's Copy: the menu offers the others only, once they are read (the
    // menu's code and the list load on first use).
    await user.click(
      await screen.findByRole('menuitem', { name: 'Copy Footer' }, { timeout: 10_000 }),
    );
    expect(writeText).toHaveBeenLastCalledWith(TRACKING.trackingUrl);
    expect(screen.queryByRole('menuitem', { name: 'Copy Newsletter' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: `More actions for ${LINK.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy mailto (not tracked)' }));
    expect(writeText).toHaveBeenLastCalledWith(LINK.mailtoUrl);
  });

  it('copies the mailto link of a link without tracking links', async () => {
    const { user, card } = renderCard({ ...LINK, trackingLinkCount: 0, trackingUrl: null });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    expect(within(card).queryByTestId('link-tracking-url')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(LINK.mailtoUrl);
  });

  it('leaves out the team badge on a list of that team, and the tracking badge without any', () => {
    const { card } = renderCard(
      { ...LINK, trackingLinkCount: 0, trackingUrl: null, clicks30d: 1 },
      true,
    );
    expect(within(card).queryByTitle(`Shared with ${LINK.teamName}`)).toBeNull();
    expect(within(card).queryByTestId('link-tracking-badge')).toBeNull();
    expect(
      within(card).getAllByRole('link', { name: '1 click in the last 30 days: view analytics' }),
    ).not.toHaveLength(0);
  });

  it("'New tracking link' asks for a label first, then shows the new address", async () => {
    signedInAs('PREMIUM');
    const { user, fetch, card } = renderCard(LINK);
    await user.click(within(card).getByRole('button', { name: `More actions for ${LINK.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'New tracking link' }));
    // The dialog's code loads on first use.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'New tracking link' },
      { timeout: 10_000 },
    );
    expect(posts(fetch)).toEqual([]);
    // The menu that opened it has gone: the dialog takes pointer input.
    await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).not.toBe('none'));
    await user.type(within(dialog).getByLabelText('Label (optional)'), 'Footer');
    await user.click(within(dialog).getByRole('button', { name: 'Create tracking link' }));
    const created = await screen.findByRole('dialog', { name: 'Tracking link created' });
    expect(
      (within(created).getByRole('textbox', { name: 'Tracking link' }) as HTMLInputElement).value,
    ).toBe(TRACKING.trackingUrl);
    expect(
      within(created).getByRole('button', { name: 'QR code for tracking link Footer' }),
    ).toBeTruthy();
    // `opens` is the account's default: sent once read, else left to the server.
    const sent = posts(fetch).map(([, init]) => JSON.parse(String(init?.body)) as object);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ mailtoLinkId: 7, label: 'Footer' });
    expect(['direct', undefined]).toContain((sent[0] as { opens?: string }).opens);
  });

  it("'New tracking link' can let the visitor choose how to write", async () => {
    signedInAs('PREMIUM');
    const { user, fetch, card } = renderCard(LINK);
    await user.click(within(card).getByRole('button', { name: `More actions for ${LINK.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'New tracking link' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'New tracking link' },
      { timeout: 10_000 },
    );
    const group = within(dialog).getByRole('group', { name: 'How it opens' });
    expect(
      (within(group).getByRole('radio', { name: /Open the mail app directly/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(within(group).getByRole('radio', { name: /Let the visitor choose/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create tracking link' }));
    await screen.findByRole('dialog', { name: 'Tracking link created' });
    expect(posts(fetch).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { mailtoLinkId: 7, label: null, opens: 'choose' },
    ]);
  });

  it("'New tracking link' starts with the account's default from Settings", async () => {
    signedInAs('PREMIUM');
    const { user, fetch, card } = renderCard(LINK, false, 'choose');
    await user.click(within(card).getByRole('button', { name: `More actions for ${LINK.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'New tracking link' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'New tracking link' },
      { timeout: 10_000 },
    );
    const group = within(dialog).getByRole('group', { name: 'How it opens' });
    const choose = within(group).getByRole('radio', { name: /Let the visitor choose/ });
    await waitFor(() => expect((choose as HTMLInputElement).checked).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Create tracking link' }));
    await screen.findByRole('dialog', { name: 'Tracking link created' });
    expect(posts(fetch).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { mailtoLinkId: 7, label: null, opens: 'choose' },
    ]);
  });

  it('without a plan of their own, a member the team covers makes tracking links of a link they may edit', async () => {
    // The server says the FREE member may edit this team link: the team's plan covers them.
    signedInAs('FREE');
    const { user, card } = renderCard(LINK);
    await user.click(within(card).getByRole('button', { name: `More actions for ${LINK.name}` }));
    const item = await screen.findByRole('menuitem', { name: /New tracking link/ });
    expect(item.textContent).not.toContain('Premium');
    await user.click(item);
    expect(await screen.findByRole('dialog', { name: 'New tracking link' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
