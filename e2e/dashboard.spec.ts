import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signedInUser, snap, test } from './fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-GB,en;q=0.9',
};

async function saveLink(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.post('/api/v1/mailto-links', {
    data: { name, to: 'hello@example.com', subject: `About ${name}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function newTrackingLink(
  request: APIRequestContext,
  linkId: number,
  label: string,
): Promise<{ id: number; trackingUrl: string }> {
  const res = await request.post('/api/v1/tracking', { data: { mailtoLinkId: linkId, label } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; trackingUrl: string };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.describe('rows lead with the tracked address', () => {
  for (const size of WIDTHS) {
    test(`Copy copies the newest tracking link; the menu offers the rest (${size.width} px)`, async ({
      page,
      consoleErrors,
    }) => {
      await page.setViewportSize(size);
      await signedInUser(page, { tier: 'PREMIUM' });
      const id = await saveLink(page.request, 'Spring newsletter');
      const older = await newTrackingLink(page.request, id, 'Printed flyer');
      const newest = await newTrackingLink(page.request, id, 'Newsletter footer');
      await page.goto('/dashboard');
      const card = page.getByRole('article', { name: 'Spring newsletter' });
      await expect(card.getByTestId('link-tracking-url')).toContainText(
        newest.trackingUrl.replace(/^https?:\/\//, ''),
      );

      await card.getByRole('button', { name: 'Copy tracking link' }).click();
      await expect(page.getByText('Tracking link copied', { exact: true })).toBeVisible();
      expect(await clipboard(page)).toBe(newest.trackingUrl);

      await card.getByRole('button', { name: 'More actions for Spring newsletter' }).click();
      await page.getByRole('menuitem', { name: 'Copy Printed flyer' }).click();
      expect(await clipboard(page)).toBe(older.trackingUrl);

      await card.getByRole('button', { name: 'More actions for Spring newsletter' }).click();
      await page.getByRole('menuitem', { name: 'Copy mailto (not tracked)' }).click();
      await expect(
        page.getByText('Mailto link copied (not tracked)', { exact: true }),
      ).toBeVisible();
      expect(await clipboard(page)).toMatch(/^mailto:hello@example\.com\?subject=/);
      await snap(page, 'dashboard-tracked-row');
      expect(consoleErrors).toEqual([]);
    });
  }
});
