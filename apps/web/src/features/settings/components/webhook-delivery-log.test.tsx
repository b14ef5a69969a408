import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '@/test/render';
import { DeliveryLog } from './webhook-delivery-log';

const AT = '2026-03-02T10:15:00.000Z';
const delivery = (id: number, over: Record<string, unknown>) => ({
  id,
  eventId: `evt_${id}`,
  event: 'click',
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

describe('webhook delivery log', () => {
  it('says Sending… for a delivery on its way, Retrying only after a failed attempt', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json([
          // A test ping whose one attempt is out, not answered yet.
          delivery(1, { event: 'ping', attempts: 1, lastAttemptAt: AT }),
          // A click event whose first attempt is out.
          delivery(2, { attempts: 1, lastAttemptAt: AT }),
          delivery(3, { status: 'succeeded', event: 'ping', attempts: 1, responseStatus: 200 }),
          delivery(4, { attempts: 2, responseStatus: 502, lastAttemptAt: AT }),
          delivery(5, {}),
        ]),
      ),
    );
    renderWithProviders(<DeliveryLog webhookId={9} />);
    const rows = await screen.findAllByTestId('delivery-row');
    const status = rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(status).toEqual(['Sending…', 'Sending…', 'Delivered', 'Retrying', 'Sending…']);
  });
});
