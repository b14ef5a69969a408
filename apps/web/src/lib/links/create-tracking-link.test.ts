import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTrackingLink } from './create-tracking-link';

const created = {
  id: 1,
  slug: 'abc123',
  trackingUrl: 'http://localhost/t/abc123',
  scanUrl: 'http://localhost/t/abc123/q',
  mailtoLinkId: 7,
  label: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  clicks: 0,
  opens: 'direct',
};

function mockFetch() {
  const fn = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(created), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('createTrackingLink', () => {
  it('posts the saved link id and the trimmed label (none when blank)', async () => {
    const fetch = mockFetch();
    await expect(createTrackingLink({ mailtoLinkId: 7, label: '  Newsletter ' })).resolves.toEqual(
      created,
    );
    await createTrackingLink({ mailtoLinkId: 7, label: '   ' });
    await createTrackingLink({ mailtoLinkId: 7 });
    await createTrackingLink({ mailtoLinkId: 7, opens: 'choose' });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/v1/tracking',
      '/api/v1/tracking',
      '/api/v1/tracking',
      '/api/v1/tracking',
    ]);
    expect(fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { mailtoLinkId: 7, label: 'Newsletter' },
      { mailtoLinkId: 7, label: null },
      { mailtoLinkId: 7, label: null },
      { mailtoLinkId: 7, label: null, opens: 'choose' },
    ]);
  });
});
