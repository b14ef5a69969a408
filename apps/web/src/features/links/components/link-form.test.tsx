import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailtoLink } from '@mailtokit/contracts/links';
import type { Tag } from '@mailtokit/contracts/tags';
import type { Tier, User } from '@mailtokit/contracts/user';
import { LONG_LINK_NOTE, TRACKING_REDIRECT_URL_MAX } from '@mailtokit/contracts/tracking-redirect';
import { publishAuth } from '@/lib/auth/auth-store';
import { dismissToast, getToasts } from '@/lib/toast';
import { LinkForm, SAVE_OFFER_TITLE } from './link-form';
import { json, renderWithProviders } from '@/test/render';

const userOf = (tier: Tier): User => ({
  id: 1,
  username: 'ann',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: null,
  subscriptionTier: tier,
  subscriptionExpiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => {
  publishAuth({ user: null, isLoading: false });
  dismissToast();
});

const SAVED: MailtoLink = {
  id: 7,
  userId: 1,
  teamId: null,
  teamName: null,
  name: 'Support',
  to: 'help@example.com',
  cc: null,
  bcc: null,
  subject: 'Help',
  body: null,
  isShared: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  mailtoUrl: 'mailto:help@example.com?subject=Help',
  canEdit: true,
  archivedAt: null,
  tags: [],
};

/**
 * The form with a server that lists `teams` as the user's teams and accepts any new link.
 * Resolves once the teams call has answered (the selector depends on it).
 */
async function renderForm({
  link,
  teams = [],
  tier = 'PREMIUM',
  tags = [],
}: {
  link?: MailtoLink;
  teams?: { id: number; name: string }[];
  tier?: Tier;
  tags?: Tag[];
} = {}) {
  publishAuth({ user: userOf(tier), isLoading: false });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/v1/teams/') return json(teams);
    if (url === '/api/v1/tags' && init?.method === 'POST') {
      const { name } = JSON.parse(String(init.body)) as { name: string };
      return json({ ...tagOf(99, name), color: 'gray' }, 201);
    }
    if (url === '/api/v1/tags') return json(tags);
    if (url === '/api/v1/mailto-links/' && init?.method === 'POST') return json(SAVED, 201);
    if (url === '/api/v1/mailto-links/7' && init?.method === 'PUT') return json(SAVED);
    return json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<LinkForm link={link} />);
  await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/v1/teams/', expect.anything()));
  return { user: userEvent.setup({ delay: null }), fetch };
}

const tagOf = (id: number, name: string, color: Tag['color'] = 'blue'): Tag => ({
  id,
  name,
  color,
  linkCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The JSON bodies sent to `url` with `method`. */
const sent = (fetch: ReturnType<typeof vi.fn>, url: string, method: string) =>
  fetch.mock.calls
    .filter(
      ([u, init]) => String(u) === url && (init as RequestInit | undefined)?.method === method,
    )
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

const submitButton = () => screen.getByRole('button', { name: / link$/ });
const saveToggle = () => screen.getByRole('checkbox', { name: 'Save link for future use' });

describe('link form: the submit label', () => {
  it("says 'Save link' while the link is to be saved, 'Generate link' when not", async () => {
    const { user } = await renderForm();
    expect(submitButton()).toHaveProperty('textContent', 'Save link');
    await user.click(saveToggle());
    expect(submitButton()).toHaveProperty('textContent', 'Generate link');
    await user.click(saveToggle());
    expect(submitButton()).toHaveProperty('textContent', 'Save link');
  });

  it("says 'Update link' for a saved link, which has no save choice", async () => {
    const { user } = await renderForm({ link: SAVED });
    expect(submitButton()).toHaveProperty('textContent', 'Update link');
    // Nothing changed, nothing to update.
    expect(submitButton()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Subject'), '!');
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(screen.queryByRole('checkbox', { name: 'Save link for future use' })).toBeNull();
    expect(screen.getByLabelText('Link name')).toHaveProperty('value', 'Support');
  });
});

describe('link form: validation', () => {
  it('saving needs a name and a recipient; nothing is sent', async () => {
    const { user, fetch } = await renderForm();
    await user.click(submitButton());
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('To field is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalledWith('/api/v1/mailto-links/', expect.anything());
  });

  it('addresses must be valid email addresses, in every address field', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Link name'), 'Help');
    await user.type(screen.getByLabelText('To'), 'a@b.io, nope');
    await user.type(screen.getByLabelText('CC'), 'bad');
    await user.click(submitButton());
    const messages = await screen.findAllByText(
      'Must contain valid email addresses separated by commas',
    );
    expect(messages).toHaveLength(2);
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('only generating needs no name', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user } = await renderForm();
    await user.click(saveToggle());
    await user.type(screen.getByLabelText('To'), 'help@example.com');
    await user.click(submitButton());
    await waitFor(() => expect(open).toHaveBeenCalledWith('mailto:help@example.com'));
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('a valid link is saved with what was typed', async () => {
    const { user, fetch } = await renderForm();
    await user.type(screen.getByLabelText('Link name'), ' Support ');
    await user.type(screen.getByLabelText('To'), 'help@example.com');
    await user.click(submitButton());
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/v1/mailto-links/',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/v1/mailto-links/')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Support',
      to: 'help@example.com',
    });
  });
});

describe('link form: the team selector', () => {
  it('is absent for a user without teams', async () => {
    await renderForm({ teams: [] });
    expect(screen.queryByLabelText('Share with team (optional)')).toBeNull();
  });

  it("lists the user's teams when the link is saved, and disappears when it is not", async () => {
    const { user } = await renderForm({ teams: [{ id: 3, name: 'Marketing' }] });
    const select = await screen.findByLabelText('Share with team (optional)');
    expect(
      Array.from((select as HTMLSelectElement).options, (option) => option.textContent),
    ).toEqual(['Keep private', 'Marketing']);
    await user.click(saveToggle());
    expect(screen.queryByLabelText('Share with team (optional)')).toBeNull();
  });

  it('shows the team a saved link is shared with', async () => {
    await renderForm({
      link: { ...SAVED, teamId: 3, teamName: 'Marketing', isShared: true },
      teams: [{ id: 3, name: 'Marketing' }],
    });
    const select = await screen.findByLabelText('Share with team (optional)');
    expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Marketing');
  });
});

describe('link form: links too long for a redirect', () => {
  it('says so, from one character over the limit, while the link is to be saved', async () => {
    const prefix = 'mailto:help@example.com?subject=Help&body=';
    const body = (length: number) => 'a'.repeat(length - prefix.length);
    const { user } = await renderForm({
      link: { ...SAVED, body: body(TRACKING_REDIRECT_URL_MAX) },
    });
    expect(screen.getByTestId('link-preview').textContent).toHaveLength(TRACKING_REDIRECT_URL_MAX);
    expect(screen.queryByText(LONG_LINK_NOTE)).toBeNull();
    await user.type(screen.getByLabelText('Body'), 'a');
    expect(screen.getByText(LONG_LINK_NOTE)).toBeDefined();
  });

  it('says nothing when the link is only generated (it gets no tracking link)', async () => {
    const { user } = await renderForm();
    await user.click(saveToggle());
    await user.type(screen.getByLabelText('To'), 'help@example.com');
    await user.click(screen.getByLabelText('Body'));
    await user.paste('a'.repeat(TRACKING_REDIRECT_URL_MAX));
    expect(screen.queryByText(LONG_LINK_NOTE)).toBeNull();
    await user.click(saveToggle());
    expect(screen.getByText(LONG_LINK_NOTE)).toBeDefined();
  });
});

describe('link form: a plan without saved links', () => {
  it('offers Premium before anything is typed, and builds the link without saving', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user, fetch } = await renderForm({ tier: 'FREE' });
    const offer = screen.getByTestId('premium-panel');
    expect(offer.textContent).toContain(SAVE_OFFER_TITLE);
    expect(offer.getAttribute('role')).toBeNull(); // an offer, not an alert
    expect(saveToggle()).toHaveProperty('disabled', true);
    expect(saveToggle().getAttribute('aria-checked')).toBe('false');
    expect(submitButton()).toHaveProperty('textContent', 'Generate link');

    await user.type(screen.getByLabelText('To'), 'help@example.com');
    await user.click(submitButton());
    await waitFor(() => expect(open).toHaveBeenCalledWith('mailto:help@example.com'));
    expect(fetch).not.toHaveBeenCalledWith('/api/v1/mailto-links/', expect.anything());
  });

  it('is not shown to a Premium user', async () => {
    await renderForm({ tier: 'PREMIUM' });
    expect(screen.queryByTestId('premium-panel')).toBeNull();
    expect(saveToggle()).toHaveProperty('disabled', false);
  });
});

describe('link form: server refusals', () => {
  it("a field's message from the server shows under that field only, with no toast", async () => {
    const { user, fetch } = await renderForm();
    fetch.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/v1/teams/') return json([]);
      return json(
        {
          detail: 'Invalid input',
          code: 'VALIDATION_ERROR',
          fields: { name: 'That name is taken by another link' },
        },
        400,
      );
    });
    await user.type(screen.getByLabelText('Link name'), 'Support');
    await user.type(screen.getByLabelText('To'), 'help@example.com');
    await user.click(submitButton());
    expect(await screen.findByText('That name is taken by another link')).toBeTruthy();
    expect(getToasts().filter((t) => t.open && t.variant === 'destructive')).toEqual([]);
  });
});

describe('link form: tags', () => {
  const tags = [tagOf(1, 'Launch'), tagOf(2, 'Support', 'green'), tagOf(3, 'Sales', 'red')];

  it('chooses an existing tag and creates a new one, by keyboard alone; the link is saved with both', async () => {
    const { user, fetch } = await renderForm({ tags });
    await user.type(screen.getByLabelText('Link name'), 'Help');
    await user.type(screen.getByLabelText('To'), 'help@example.com');

    const box = screen.getByRole('combobox', { name: 'Tags (optional)' });
    await user.click(box);
    await user.keyboard('su');
    // Tags whose name contains what is typed, then a way to create it.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Support', 'Create tag “su”']);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('list', { name: 'Chosen tags' }).textContent).toBe('Support');

    // A new name: Enter creates the tag, which joins the chosen ones.
    await user.keyboard('Press{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Chosen tags' }).textContent).toBe('SupportPress'),
    );
    expect(sent(fetch, '/api/v1/tags', 'POST')).toEqual([{ name: 'Press' }]);

    // Backspace in the empty box takes the last tag off; its button takes any off.
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('list', { name: 'Chosen tags' }).textContent).toBe('Support');
    await user.keyboard('Press{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove tag Press' })).toBeTruthy(),
    );

    await user.click(submitButton());
    await waitFor(() => expect(sent(fetch, '/api/v1/mailto-links/', 'POST')).toHaveLength(1));
    expect(sent(fetch, '/api/v1/mailto-links/', 'POST')[0]).toMatchObject({
      name: 'Help',
      tags: ['Support', 'Press'],
    });
  });

  it("an edit shows the link's tags and sends the changed list", async () => {
    const link = { ...SAVED, tags: [{ id: 1, name: 'Launch', color: 'blue' as const }] };
    const { user, fetch } = await renderForm({ link, tags });
    expect(screen.getByRole('list', { name: 'Chosen tags' }).textContent).toBe('Launch');
    expect(submitButton()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Remove tag Launch' }));
    expect(submitButton()).toHaveProperty('disabled', false);
    await user.click(submitButton());
    await waitFor(() => expect(sent(fetch, '/api/v1/mailto-links/7', 'PUT')).toHaveLength(1));
    expect(sent(fetch, '/api/v1/mailto-links/7', 'PUT')[0]).toMatchObject({ tags: [] });
  });

  it("someone else's link shows its tags read-only and leaves them out of the update", async () => {
    const link = {
      ...SAVED,
      userId: 2,
      teamId: 4,
      teamName: 'Ops',
      tags: [{ id: 8, name: 'Theirs', color: 'teal' as const }],
    };
    const { user, fetch } = await renderForm({ link, tags });
    expect(screen.queryByRole('combobox', { name: 'Tags (optional)' })).toBeNull();
    expect(screen.getByText('Only the link’s author can change its tags.')).toBeTruthy();
    expect(screen.getByText('Theirs')).toBeTruthy();
    await user.type(screen.getByLabelText('Subject'), '!');
    await user.click(submitButton());
    await waitFor(() => expect(sent(fetch, '/api/v1/mailto-links/7', 'PUT')).toHaveLength(1));
    expect(sent(fetch, '/api/v1/mailto-links/7', 'PUT')[0]).not.toHaveProperty('tags');
  });
});
