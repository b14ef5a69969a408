import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedMailtoLink } from '@mailtokit/contracts/links';
import { getToasts } from '@/lib/toast';
import { json, renderWithProviders } from '@/test/render';
import { UNDO_DELETE_MS } from '../api/delete-link';
import { bulkSummary } from '../lib/bulk';
import { SelectionBar } from './selection-bar';

const link = (id: number, name: string, trackingLinkCount = 0): ListedMailtoLink => ({
  id,
  userId: 1,
  teamId: null,
  teamName: null,
  name,
  to: 'a@example.com',
  cc: null,
  bcc: null,
  subject: null,
  body: null,
  isShared: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  mailtoUrl: 'mailto:a@example.com',
  canEdit: true,
  archivedAt: null,
  tags: [],
  clicks30d: 0,
  trackingLinkCount,
  trackingUrl: null,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The toast on screen: its title, and its Undo when it has one. */
function lastToast() {
  const [toast] = getToasts();
  if (!toast) throw new Error('no toast');
  return toast;
}

function renderBar(selected: ListedMailtoLink[], archivedView = false) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/v1/mailto-links/bulk') {
      const body = JSON.parse(String(init?.body)) as { ids: number[]; action: string };
      return json({
        action: body.action,
        succeeded: body.ids.length,
        failed: 0,
        results: body.ids.map((id) => ({ id, ok: true, status: 200 })),
      });
    }
    if (String(input) === '/api/v1/tags') return json([]);
    return json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const onClear = vi.fn();
  renderWithProviders(
    <SelectionBar
      selected={selected}
      archivedView={archivedView}
      teams={[{ id: 4, name: 'Marketing' }]}
      onClear={onClear}
    />,
  );
  const bulkCalls = () =>
    fetch.mock.calls
      .filter(([url]) => String(url) === '/api/v1/mailto-links/bulk')
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
  return {
    user: userEvent.setup({
      delay: null,
      advanceTimers: vi.advanceTimersByTime.bind(vi),
      // Radix gives an opening dialog's layer its pointer events back a render after the
      // body loses them; a click in between is what a person's click would be a moment later.
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    }),
    bar: screen.getByRole('region', { name: 'Selected links' }),
    bulkCalls,
    onClear,
  };
}

describe('the selection bar', () => {
  it('says how many links are chosen and archives them all in one call', async () => {
    const { user, bar, bulkCalls, onClear } = renderBar([link(1, 'A'), link(2, 'B'), link(3, 'C')]);
    expect(bar.textContent).toContain('3 links selected');
    expect(within(bar).queryByRole('button', { name: 'Restore' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(onClear).toHaveBeenCalled());
    expect(bulkCalls()).toEqual([{ ids: [1, 2, 3], action: 'archive' }]);

    // Undo, as for one link: the same links come back.
    expect(lastToast().title).toBe('3 links archived');
    const undo = lastToast().action;
    expect(undo?.label).toBe('Undo');
    act(() => undo?.onClick());
    await waitFor(() => expect(bulkCalls()).toHaveLength(2));
    expect(bulkCalls()[1]).toEqual({ ids: [1, 2, 3], action: 'restore' });
    await waitFor(() => expect(lastToast().title).toBe('3 links restored'));
  });

  it('offers Restore in the archived view', async () => {
    const { user, bar, bulkCalls } = renderBar([link(5, 'Old'), link(6, 'Older')], true);
    expect(bar.textContent).toContain('2 links selected');
    await user.click(within(bar).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(bulkCalls()).toEqual([{ ids: [5, 6], action: 'restore' }]));
  });

  it('exports the chosen links by id', () => {
    const { bar } = renderBar([link(1, 'A'), link(9, 'B')]);
    expect(within(bar).getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/mailto-links/export.csv?ids=1,9',
    );
  });

  it('deletes only after a confirmation naming how many and warning about tracking links', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, bar, bulkCalls } = renderBar([link(1, 'A', 2), link(2, 'B')]);
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete 2 links?');
    expect(dialog.textContent).toContain('1 link of them has tracking links');
    expect(bulkCalls()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 links' }));

    // Held back for the Undo time, then sent in one call.
    expect(lastToast().title).toBe('2 links deleted');
    expect(lastToast().action?.label).toBe('Undo');
    act(() => vi.advanceTimersByTime(UNDO_DELETE_MS - 1000));
    expect(bulkCalls()).toEqual([]);
    act(() => vi.advanceTimersByTime(1000));
    await vi.waitFor(() => expect(bulkCalls()).toEqual([{ ids: [1, 2], action: 'delete' }]));
  });

  it('sends nothing when the deletion is undone within its time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, bar, bulkCalls, onClear } = renderBar([link(1, 'A'), link(2, 'B')]);
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 links' }));
    expect(onClear).toHaveBeenCalled();
    act(() => lastToast().action?.onClick());
    act(() => vi.advanceTimersByTime(UNDO_DELETE_MS * 2));
    expect(bulkCalls()).toEqual([]);
  });

  it('shares with a team and makes private from its menu', async () => {
    const { user, bar, bulkCalls } = renderBar([link(1, 'A')]);
    await user.click(within(bar).getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Marketing' }));
    await waitFor(() => expect(bulkCalls()).toEqual([{ ids: [1], action: 'share', teamId: 4 }]));
    await user.click(within(bar).getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make private' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(2));
    expect(bulkCalls()[1]).toEqual({ ids: [1], action: 'unshare' });
  });

  it('adds a tag typed in its dialog', async () => {
    const { user, bar, bulkCalls } = renderBar([link(1, 'A'), link(2, 'B')]);
    await user.click(within(bar).getByRole('button', { name: 'Tag' }));
    const dialog = await screen.findByRole('alertdialog');
    const add = within(dialog).getByRole('button', { name: 'Add tag' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Tag name'), ' Launch ');
    await user.click(add);
    await waitFor(() =>
      expect(bulkCalls()).toEqual([{ ids: [1, 2], action: 'tag', tag: 'Launch' }]),
    );
  });
});

describe('bulkSummary', () => {
  it('counts the links done and names the first failure', () => {
    expect(
      bulkSummary({
        action: 'archive',
        succeeded: 2,
        failed: 1,
        results: [
          { id: 1, ok: true, status: 200 },
          {
            id: 2,
            ok: false,
            status: 409,
            code: 'CONFLICT',
            detail: 'This link is archived already',
          },
          { id: 3, ok: true, status: 200 },
        ],
      }),
    ).toEqual({
      title: '2 links archived',
      description: '1 link could not be archived: This link is archived already.',
    });
  });
});
