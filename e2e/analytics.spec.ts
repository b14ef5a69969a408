import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { LONG_LINK_NOTE } from '@mailtokit/contracts/tracking-redirect';
import { admin, expect, signedInUser, snap, test } from './fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const MIMECAST = 'Mimecast URL Protect/1.0';

/** What a browser's top-level navigation sends besides its agent. */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-GB,en;q=0.9',
};

/** A PREMIUM user, signed in, with one saved link (created through the API). */
async function premiumUserWithLink(page: Page, request: APIRequestContext, name: string) {
  const user = await signedInUser(page, { tier: 'PREMIUM' });
  const res = await page.request.post('/api/v1/mailto-links/', {
    data: {
      name,
      to: 'news@example.com',
      subject: 'Spring news & offers #1',
      body: 'Hello,\nwelcome!',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const link = (await res.json()) as { id: number; mailtoUrl: string };
  await page.reload();
  return { user, link };
}

/** Opens a tracking URL like a mail client or browser would, without following the 302. */
async function click(
  request: APIRequestContext,
  url: string,
  userAgent: string,
  referer?: string,
): Promise<string> {
  const res = await request.get(url, {
    headers: { ...NAVIGATION, 'user-agent': userAgent, ...(referer ? { referer } : {}) },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(res.headers()['cache-control']).toBe('no-store');
  return res.headers().location ?? '';
}

test('create a tracking link from the dashboard, click it, read the analytics', async ({
  page,
  request,
  consoleErrors,
}) => {
  // Two pages, four clicks, an accessibility scan and four screenshots.
  test.slow();
  const { link } = await premiumUserWithLink(page, request, 'Spring newsletter');

  // The row's menu opens the tracking-link dialog: nothing is made until it is confirmed,
  // then the new address is shown (and copied), with a QR code.
  const card = page.getByRole('article', { name: 'Spring newsletter' });
  await card.getByRole('button', { name: 'More actions for Spring newsletter' }).click();
  await page.getByRole('menuitem', { name: 'New tracking link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tracking link' });
  await dialog.getByLabel('Label (optional)').fill('Newsletter');
  expect(
    (await (
      await page.request.get(`/api/v1/mailto-links/${link.id}/tracking-links`)
    ).json()) as unknown[],
  ).toEqual([]);
  await snap(page, 'tracking-dialog-label');
  await dialog.getByRole('button', { name: 'Create tracking link' }).click();
  const created = page.getByRole('dialog', { name: 'Tracking link created' });
  await expect(page.getByText('The tracking link has been copied to your clipboard')).toBeVisible();
  const trackingUrl = await created.getByRole('textbox', { name: 'Tracking link' }).inputValue();
  expect(trackingUrl).toMatch(/\/t\/[A-Za-z0-9]{12}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trackingUrl);
  await expect(
    created.getByRole('button', { name: 'QR code for tracking link Newsletter' }),
  ).toBeVisible();
  await snap(page, 'tracking-dialog-created');
  await created.getByRole('button', { name: 'Done' }).click();
  // The row now says it has a tracking link.
  await expect(card.getByTestId('link-tracking-badge')).toContainText('1 tracking link');

  // Two people's clicks (two visitors), the first one's repeat within seconds, a link preview
  // and an e-mail security scanner: all redirected, two counted.
  const target = await click(request, trackingUrl, IPHONE, 'https://news.example.com/issue/12');
  expect(target).toBe(link.mailtoUrl);
  await click(request, trackingUrl, IPHONE);
  await click(request, trackingUrl, WINDOWS_CHROME, 'https://www.linkedin.com/feed/');
  await click(request, trackingUrl, SLACKBOT);
  await click(request, trackingUrl, MIMECAST);

  await page.reload();
  await card.getByRole('link', { name: '2 clicks in the last 30 days: view analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/analytics/${link.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Spring newsletter' })).toBeVisible();
  await expect(page.getByTestId('total-clicks')).toContainText('2');
  await expect(page.getByTestId('total-visitors')).toContainText('2');
  await expect(page.getByTestId('total-bots')).toContainText('3');
  // What was left out, by reason, with what it means.
  const filtered = page.getByTestId('filtered-breakdown');
  await expect(filtered).toContainText('Not counted: 1 email scanner, 1 preview, 1 repeat');
  await expect(filtered).toContainText('still get the redirect');

  // Breakdowns: the hits left out are left out of them.
  const browsers = page.getByTestId('breakdown-browsers');
  await expect(browsers.getByRole('row').filter({ hasText: 'Safari' })).toContainText(/1\s*50%/);
  await expect(browsers.getByRole('row').filter({ hasText: 'Chrome' })).toContainText(/1\s*50%/);
  await expect(page.getByTestId('breakdown-referrers')).toContainText('news.example.com');
  await expect(page.getByTestId('breakdown-referrers')).toContainText('www.linkedin.com');
  // The only hit without a referrer was the repeat: left out.
  await expect(page.getByTestId('breakdown-referrers')).not.toContainText('Direct (no referrer)');
  await expect(page.getByTestId('breakdown-devices')).toContainText('Mobile');
  await expect(page.getByTestId('breakdown-devices')).not.toContainText('Bot');
  // Countries: the clicks came from loopback, which lies in no country.
  await expect(
    page.getByTestId('breakdown-countries').getByRole('row').filter({ hasText: 'Unknown' }),
  ).toContainText(/2\s*100%/);

  // The chart has a text alternative, and its numbers are in a table on demand.
  await expect(
    page.getByRole('img', { name: /Clicks per day .*: 2 clicks in total/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Show data table' }).click();
  await expect(
    page.getByRole('table', { name: /Clicks and unique visitors per day/ }),
  ).toBeVisible();

  // The tracking link is listed with its clicks.
  const row = page.getByTestId('tracking-link');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(trackingUrl);
  await expect(row).toContainText('2 clicks');
  await snap(page, 'analytics-link');
  // The tracking links a user shares come first, above the range and the figures.
  const trackingTop = (await page.getByTestId('tracking-links').boundingBox())!.y;
  expect(trackingTop).toBeLessThan((await page.getByTestId('total-clicks').boundingBox())!.y);
  // Nothing wider than a phone's screen.
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.getByTestId('tracking-links')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // CSV of the range: a header and the five stored hits, each with its classification.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toContain('occurred_at');
  expect(lines).toHaveLength(6);
  expect(lines[0]).toMatch(/,classification,country,city,source,opened_with$/);
  // The classification, country and city (empty: loopback lies in no country), the source (its
  // address, not a QR code's) and the chooser's choice (none: this link opens the mail app).
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',').slice(-5).join(','))
      .sort(),
  ).toEqual([
    'human,,,link,',
    'human,,,link,',
    'preview,,,link,',
    'repeat,,,link,',
    'scanner,,,link,',
  ]);

  // The range lives in the URL; hours are offered for 7 days.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await page.getByRole('button', { name: 'Hourly' }).click();
  await expect(page).toHaveURL(/range=7&interval=hour/);
  await expect(page.getByRole('img', { name: /Clicks per hour/ })).toBeVisible();
  await expect(page.getByTestId('total-clicks')).toContainText('2');

  // A reversed custom range is refused before any request.
  await page.getByRole('button', { name: 'Custom range' }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-11-20');
  await page.getByLabel('To', { exact: true }).fill('2026-11-10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The start date must not be after the end date.')).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // The dashboard's analytics tab lists the link with its figures; a link without clicks
  // waits behind 'Show links without clicks'; the table filters by name.
  const quiet = await page.request.post('/api/v1/mailto-links/', {
    data: { name: 'Quiet link', to: 'quiet@example.com' },
  });
  expect(quiet.status()).toBe(201);
  await page.goto('/dashboard?tab=analytics');
  const overview = page.getByTestId('analytics-links');
  await expect(overview.getByRole('row').filter({ hasText: 'Spring newsletter' })).toContainText(
    '2',
  );
  await expect(page.getByTestId('total-clicks')).toContainText('2');
  await expect(overview).not.toContainText('Quiet link');
  await expect(page.getByTestId('analytics-links-showing')).toHaveText(
    '1 link with clicks (1 link without clicks hidden)',
  );
  await snap(page, 'analytics-overview');
  await page.getByRole('switch', { name: 'Show links without clicks' }).click();
  await expect(overview.getByRole('row').filter({ hasText: 'Quiet link' })).toContainText('0');
  await page.getByRole('searchbox', { name: 'Filter links by name' }).fill('spring');
  await expect(overview.getByRole('row')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Filter links by name' }).fill('nothing like it');
  await expect(page.getByTestId('analytics-links-empty')).toContainText(
    'No link’s name contains “nothing like it”',
  );

  expect(consoleErrors).toEqual([]);
});

test('new tracking link with a label; empty state before any click; retire', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { link } = await premiumUserWithLink(page, request, 'Support request');
  await page.goto(`/dashboard/analytics/${link.id}`);
  await expect(page.getByText('No clicks yet')).toBeVisible();
  await expect(page.getByText('No tracking links yet.')).toBeVisible();
  await snap(page, 'analytics-empty');

  await page.getByRole('button', { name: 'New tracking link' }).first().click();
  await page.getByLabel('Label (optional)').fill('Website footer');
  await page.getByRole('button', { name: 'Create tracking link' }).click();
  const field = page.getByRole('textbox', { name: 'Tracking link' });
  await expect(field).toHaveValue(/\/t\/[A-Za-z0-9]{12}$/);
  const url = await field.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByTestId('tracking-link');
  await expect(row).toContainText('Website footer');
  await expect(row).toContainText('0 clicks');

  await row.getByRole('button', { name: 'Delete tracking link Website footer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tracking link deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  const gone = await request.get(url, { maxRedirects: 0 });
  expect(gone.status()).toBe(404);

  expect(consoleErrors).toEqual([]);
});

test('FREE users see the premium panel; unknown links are not found', async ({ page }) => {
  const user = await signedInUser(page);

  await page.goto('/dashboard?tab=analytics');
  await expect(page.getByTestId('premium-panel')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View premium plans' })).toHaveAttribute(
    'href',
    '/pricing',
  );

  await page.goto('/dashboard/analytics/1');
  await expect(page.getByTestId('premium-panel')).toBeVisible();
  await snap(page, 'analytics-premium');

  admin('set-tier', user.username, 'PREMIUM');
  await page.goto('/dashboard/analytics/2147483647');
  await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await page.goto('/dashboard/analytics/abc');
  await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
});

test('a link too long for a redirect: the dialog says so, its tracking link opens a page with a button', async ({
  page,
  consoleErrors,
}) => {
  await signedInUser(page, { tier: 'PREMIUM' });
  const body = 'Dear team,\nplease find our long proposal below & reply with questions.\n'.repeat(
    60,
  );
  const res = await page.request.post('/api/v1/mailto-links/', {
    data: { name: 'Long proposal', to: 'offers@example.com', subject: 'Proposal', body },
  });
  expect(res.status(), await res.text()).toBe(201);
  const link = (await res.json()) as { id: number; mailtoUrl: string };

  await page.goto(`/dashboard/analytics/${link.id}`);
  await page.getByRole('button', { name: 'New tracking link' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(LONG_LINK_NOTE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create tracking link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Tracking link' });
  await expect(field).toHaveValue(/\/t\/[A-Za-z0-9]{12}$/);
  await expect(dialog.getByText(LONG_LINK_NOTE)).toBeVisible();
  const url = await field.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(consoleErrors).toEqual([]);

  // Chromium opens the tracking link: a page, not a redirect, whose script its CSP allows.
  const tab = await page.context().newPage();
  // What the page's script asks the browser to open (Chromium reports it before handing a
  // mailto: link to the system, which this headless browser then does not do).
  const cdp = await page.context().newCDPSession(tab);
  await cdp.send('Page.enable');
  const requested: string[] = [];
  cdp.on('Page.frameRequestedNavigation', (event) => requested.push(event.url));
  await tab.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
  });
  const opened = await tab.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(tab.getByRole('heading', { level: 1, name: 'Write the email' })).toBeVisible();
  const button = tab.getByRole('link', { name: 'Open in your email app' });
  await expect(button).toBeVisible();
  expect(await button.getAttribute('href')).toBe(link.mailtoUrl);
  expect(
    await tab.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  ).toEqual([]);
  await expect.poll(() => requested).toEqual([link.mailtoUrl]);
  await snap(tab, 'tracking-long-link');
  await tab.close();

  // The visit counted once.
  await page.reload();
  await expect(page.getByTestId('tracking-link')).toContainText('1 click');
});
