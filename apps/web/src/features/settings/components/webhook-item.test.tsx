import type { Webhook, WebhookDelivery } from '@mailtokit/contracts/webhooks';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/lib/toast';
import { queryKeys } from '@/lib/query-keys';
import { json, renderWithProviders, testQueryClient } from '@/test/render';
import { WebhookItem } from './webhook-item';

const AT = '2026-11-29T10:00:00.000Z';

const HOOK: Webhook = {
  id: 4,
  url: 'https://hooks.example.com/mailtokit',
  events: ['link.clicked'],
  mailtoLinkIds: null,
  enabled: true,
  pausedByPlan: false,
  disabledAt: null,
  consecutiveFailures: 0,
  createdAt: AT,
};

const ping = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 31,
  eventId: 'evt_31',
  event: 'ping',
  status: 'pending',
  attempts: 0,
  responseStatus: null,
  error: null,
  createdAt: AT,
  lastAttemptAt: null,
  nextAttemptAt: AT,
  completedAt: null,
  ...over,
});

/** A server whose test ping is queued, and whose delivery log answers `log()` at each read. */
function fakeServer(log: () => WebhookDelivery[], test: () => Response = () => json(ping(), 202)) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === `/api/v1/webhooks/${HOOK.id}/test`) return test();
    if (path === `/api/v1/webhooks/${HOOK.id}/deliveries`) return json(log());
    if (path === '/api/v1/webhooks') return json([{ ...HOOK, enabled: false }]);
    return json({ detail: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** The item as the page shows it, its webhook disabled and enabled as the server reports it. */
function Harness() {
  const [enabled, setEnabled] = useState(true);
  return (
    <>
      <button onClick={() => setEnabled(false)}>Disabled elsewhere</button>
      <button onClick={() => setEnabled(true)}>Enabled elsewhere</button>
      <WebhookItem webhook={{ ...HOOK, enabled, disabledAt: enabled ? null : AT }} />
    </>
  );
}

const sendButton = () => screen.getByRole('button', { name: /Send test event|Sending…/ });

afterEach(() => dismissToast());

describe('webhook: send test event', () => {
  it('ends with "not sent" when the ping is cancelled because the webhook was disabled', async () => {
    let delivery = ping();
    fakeServer(() => [delivery]);
    const user = userEvent.setup();
    const { client } = renderWithProviders(<WebhookItem webhook={HOOK} />);
    await user.click(sendButton());
    await waitFor(() => expect(sendButton().textContent).toBe('Sending…'));

    // Disabled before its attempt: the server cancels the queued ping.
    delivery = ping({ status: 'cancelled', completedAt: AT, nextAttemptAt: null });
    await client.refetchQueries({ queryKey: queryKeys.webhooks.deliveries(HOOK.id) });
    expect(await screen.findByText('Not sent: the webhook is disabled.')).toBeTruthy();
    expect(sendButton().textContent).toBe('Send test event');
    expect(sendButton()).toHaveProperty('disabled', false);
    expect(getToasts()[0]).toMatchObject({ title: 'Test event not sent' });
  });

  it('stops waiting once the webhook shows as disabled, and enabling it does not resume', async () => {
    fakeServer(() => [ping()]);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(sendButton());
    await waitFor(() => expect(sendButton().textContent).toBe('Sending…'));

    await user.click(screen.getByRole('button', { name: 'Disabled elsewhere' }));
    expect(await screen.findByText('Not sent: the webhook is disabled.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(getToasts()[0]).toMatchObject({ title: 'Test event not sent' });

    await user.click(screen.getByRole('button', { name: 'Enabled elsewhere' }));
    expect(sendButton().textContent).toBe('Send test event');
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('shows the server’s refusal of a disabled webhook and reloads the webhooks', async () => {
    const calls = fakeServer(
      () => [],
      () => json({ detail: 'This webhook is disabled. Enable it first.', code: 'CONFLICT' }, 409),
    );
    const user = userEvent.setup();
    const client = testQueryClient();
    client.setQueryData(queryKeys.webhooks.all, [HOOK]);
    renderWithProviders(<WebhookItem webhook={HOOK} />, { client });
    await user.click(sendButton());
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        variant: 'destructive',
        description: 'This webhook is disabled. Enable it first.',
      }),
    );
    expect(sendButton().textContent).toBe('Send test event');
    expect(sendButton()).toHaveProperty('disabled', false);
    expect(screen.queryByText('Not sent: the webhook is disabled.')).toBeNull();
    expect(calls).toEqual([`POST /api/v1/webhooks/${HOOK.id}/test`]);
    expect(client.getQueryState(queryKeys.webhooks.all)?.isInvalidated).toBe(true);
  });
});
