import type { Page } from '@playwright/test';
import { expect, signedInUser, snap, test } from './fixtures';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A PREMIUM user, signed in, with a saved link and a tracking link that lets visitors choose. */
async function chooserLink(page: Page) {
  await signedInUser(page, { tier: 'PREMIUM' });
  const link = await page.request.post('/api/v1/mailto-links/', {
    data: { name: 'Open day', to: 'visits@example.com', subject: 'Open day' },
  });
  expect(link.status(), await link.text()).toBe(201);
  const linkId = ((await link.json()) as { id: number }).id;
  const tracking = await page.request.post('/api/v1/tracking', {
    data: { mailtoLinkId: linkId, label: 'Flyer', opens: 'choose' },
  });
  expect(tracking.status(), await tracking.text()).toBe(201);
  const { trackingUrl, scanUrl } = (await tracking.json()) as {
    trackingUrl: string;
    scanUrl: string;
  };
  return { linkId, trackingUrl, scanUrl };
}

test('a chooser visitor picks Gmail, a phone scans the QR code: the analytics show both', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Two browsers, two analytics pages and four screenshots.
  test.setTimeout(120_000);
  const { linkId, trackingUrl, scanUrl } = await chooserLink(page);

  // A visitor follows the address and chooses Gmail (its compose page is stood in for here).
  await page.route('https://mail.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Gmail</title>' }),
  );
  await page.goto(trackingUrl);
  await page.getByRole('link', { name: 'Gmail' }).click();
  await expect(page).toHaveURL(/^https:\/\/mail\.google\.com\//);

  // A phone scans the QR code (its scan address) and leaves without choosing.
  const phone = await browser.newContext({
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
  });
  try {
    const scan = await phone.newPage();
    await scan.goto(scanUrl);
    await expect(scan.getByRole('heading', { name: 'Write an email' })).toBeVisible();
  } finally {
    await phone.close();
  }

  await page.goto(`/dashboard/analytics/${linkId}`);
  const opened = page.getByTestId('breakdown-openedWith');
  await expect(opened).toContainText('Gmail');
  await expect(opened).toContainText('Left without choosing');
  const sources = page.getByTestId('breakdown-sources');
  await expect(sources.getByRole('row', { name: /QR code 1 50%/ })).toBeVisible();
  await expect(sources.getByRole('row', { name: /Link 1 50%/ })).toBeVisible();
  // The QR code of the tracking link holds its scan address.
  await page.getByRole('button', { name: 'QR code for tracking link Flyer' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR code' });
  await expect(dialog).toContainText(scanUrl);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await sources.scrollIntoViewIfNeeded();
  await snap(page, 'analytics-sources-opened-with');

  // The overview adds them up.
  await page.goto('/dashboard?tab=analytics');
  await expect(page.getByTestId('breakdown-sources')).toContainText('QR code');
  await expect(page.getByTestId('breakdown-openedWith')).toContainText('Gmail');
  await snap(page, 'analytics-overview-sources-opened-with');
  expect(consoleErrors).toEqual([]);
});

test('a scan alone: all QR code, and left without choosing', async ({ page }) => {
  const { linkId, scanUrl } = await chooserLink(page);
  await page.request.get(scanUrl, {
    headers: {
      accept: 'text/html',
      'accept-language': 'en',
      'user-agent': IPHONE,
    },
  });
  await page.goto(`/dashboard/analytics/${linkId}`);
  await expect(
    page.getByTestId('breakdown-sources').getByRole('row', { name: /QR code 1 100%/ }),
  ).toBeVisible();
  await expect(
    page
      .getByTestId('breakdown-openedWith')
      .getByRole('row', { name: /Left without choosing 1 100%/ }),
  ).toBeVisible();
});
