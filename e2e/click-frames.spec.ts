import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, signedInUser, test } from './fixtures';

/**
 * Someone else's web pages, on a site of their own: a small server of this test, at another
 * origin (`pages.localhost`, the loopback). Loopback origins are secure contexts, so Chromium
 * sends its Fetch Metadata (`Sec-Fetch-*`) to the tracking link as it does to any HTTPS site.
 */
function pagesServer(trackingUrl: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      req.url === '/framed.html'
        ? `<!doctype html><title>Blog</title><p>A post.</p><iframe src="${trackingUrl}" hidden></iframe>`
        : `<!doctype html><title>Newsletter</title><p><a href="${trackingUrl}">Write to us</a></p>`,
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        origin: `http://pages.localhost:${(server.address() as AddressInfo).port}`,
      }),
    ),
  );
}

async function trackedLink(page: Page): Promise<{ linkId: number; trackingUrl: string }> {
  await signedInUser(page, { tier: 'PREMIUM' });
  const link = await page.request.post('/api/v1/mailto-links/', {
    data: { name: 'Frames', to: 'hello@example.com', subject: 'Hello' },
  });
  expect(link.status(), await link.text()).toBe(201);
  const linkId = ((await link.json()) as { id: number }).id;
  const tracking = await page.request.post('/api/v1/tracking', { data: { mailtoLinkId: linkId } });
  expect(tracking.status(), await tracking.text()).toBe(201);
  return { linkId, trackingUrl: ((await tracking.json()) as { trackingUrl: string }).trackingUrl };
}

/** The link's totals of today, as its analytics report them. */
async function totals(page: Page, linkId: number) {
  const res = await page.request.get(`/api/v1/mailto-links/${linkId}/analytics`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { totals: Totals }).totals;
}

interface Totals {
  clicks: number;
  uniqueVisitors: number;
  filtered: { embedded: number };
}

test('a hidden frame of the tracking link is no click; a clicked link is one', async ({ page }) => {
  const { linkId, trackingUrl } = await trackedLink(page);
  const { server, origin: ELSEWHERE } = await pagesServer(trackingUrl);
  try {
    await framesAndALink(page, linkId, trackingUrl, ELSEWHERE);
  } finally {
    server.close();
  }
});

async function framesAndALink(page: Page, linkId: number, trackingUrl: string, ELSEWHERE: string) {
  // Three views of a page that holds the tracking link in a hidden frame: each view makes
  // the browser load it (the hit is stored, as `embedded`), none is a click.
  for (let view = 1; view <= 3; view++) {
    const framed = page.waitForRequest((r) => r.url() === trackingUrl);
    await page.goto(`${ELSEWHERE}/framed.html`);
    await framed;
    await expect
      .poll(async () => (await totals(page, linkId)).filtered.embedded, {
        message: JSON.stringify(await totals(page, linkId)),
      })
      .toBe(view);
  }
  expect(await totals(page, linkId)).toMatchObject({ clicks: 0, uniqueVisitors: 0 });

  // A person clicks the link on a page: a top-level navigation, counted.
  await page.goto(`${ELSEWHERE}/newsletter.html`);
  const clicked = page.waitForRequest((r) => r.url() === trackingUrl);
  await page.getByRole('link', { name: 'Write to us' }).click({ noWaitAfter: true });
  await clicked;
  await expect.poll(async () => (await totals(page, linkId)).clicks).toBe(1);
  expect(await totals(page, linkId)).toMatchObject({
    clicks: 1,
    uniqueVisitors: 1,
    filtered: { embedded: 3 },
  });

  // The analytics page says what was left out.
  await page.goto(`/dashboard/analytics/${linkId}`);
  await expect(page.getByTestId('filtered-breakdown')).toContainText(
    'Not counted: 3 hits from inside pages',
  );
}
