import type { Page } from '@playwright/test';
import { expect, signedInUser, snap, test } from './fixtures';

// Where clicks come from: the server reads places from the tests' fixture database
// (scripts/e2e-server.mjs), and clicks name their address in X-Forwarded-For as a proxy
// would (TRUST_PROXY=1). The world map and the Countries table show the same countries.

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

/** Germany three times (one over IPv6), France once, the United States once (fixture networks). */
const FROM = ['81.0.1.1', '81.0.1.2', '2a01:4f8::7', '82.1.2.3', '2400:cb00::1'];

async function linkWithClicks(page: Page): Promise<number> {
  await signedInUser(page, { tier: 'PREMIUM' });
  const created = await page.request.post('/api/v1/mailto-links/', {
    data: { name: 'Places', to: 'news@example.com' },
  });
  expect(created.status()).toBe(201);
  const link = (await created.json()) as { id: number };
  const tracking = await page.request.post('/api/v1/tracking', {
    data: { mailtoLinkId: link.id },
  });
  expect(tracking.status()).toBe(201);
  const { trackingUrl } = (await tracking.json()) as { trackingUrl: string };
  let version = 120;
  for (const address of FROM) {
    const res = await page.request.get(trackingUrl, {
      headers: {
        ...NAVIGATION,
        'user-agent': CHROME.replace('131.0', `${version++}.0`),
        'x-forwarded-for': address,
      },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
  }
  return link.id;
}

test('the world map and the Countries table show where clicks came from', async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  const linkId = await linkWithClicks(page);
  const mapRequests: string[] = [];
  page.on('request', (r) => {
    if (/world-map/.test(r.url())) mapRequests.push(r.url());
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`/dashboard/analytics/${linkId}`);
    const table = page.getByRole('table', { name: 'Countries' });
    await expect(table.getByRole('row')).toHaveCount(4); // header + 3 countries
    await expect(table.getByRole('button', { name: 'Germany' })).toBeVisible();
    await expect(table.getByRole('row', { name: /France/ })).toContainText('1');
    await expect(table.getByRole('row', { name: /United States/ })).toContainText('1');
    await expect(table.getByRole('row', { name: /Germany/ })).toContainText('3');

    await page.getByTestId('world-map-area').scrollIntoViewIfNeeded();
    const map = page.getByTestId('world-map');
    await expect(map).toBeVisible();
    for (const [code, clicks] of [
      ['DE', '3'],
      ['FR', '1'],
      ['US', '1'],
      ['JP', '0'],
    ] as const)
      await expect(map.locator(`path[data-country="${code}"]`)).toHaveAttribute(
        'data-clicks',
        clicks,
      );
  }
  // The map's code and boundaries came in a chunk of their own, after the page.
  expect(mapRequests.length).toBeGreaterThan(0);
  await snap(page, 'geo-map-light');

  // A country in the table filters the whole page, in its URL; the chip clears it.
  await page
    .getByRole('table', { name: 'Countries' })
    .getByRole('button', { name: 'Germany' })
    .click();
  await expect(page).toHaveURL(/[?&]country=DE\b/);
  const chip = page.getByTestId('country-filter');
  await expect(chip).toContainText('Germany');
  await expect(page.getByRole('table', { name: 'Countries' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Cities' })).toContainText('Munich');
  await snap(page, 'geo-filtered-light');
  // Both themes: the same page in the dark one.
  await page.evaluate(() => window.localStorage.setItem('mailtokit-theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByTestId('world-map-area').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('world-map')).toBeVisible();
  await snap(page, 'geo-filtered-dark');
  await chip.getByRole('button', { name: /Clear the country filter/ }).click();
  await expect(page).not.toHaveURL(/country=/);
  await expect(page.getByRole('table', { name: 'Countries' }).getByRole('row')).toHaveCount(4);
  await page.getByTestId('world-map-area').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('world-map').locator('path[data-country="FR"]')).toHaveAttribute(
    'data-clicks',
    '1',
  );
  await snap(page, 'geo-map-dark');
  expect(consoleErrors).toEqual([]);
});
