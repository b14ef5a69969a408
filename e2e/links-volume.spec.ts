import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { expect, signedInUser, snap, test } from './fixtures';

/** Creates links through the CSV import API (the fastest way to hold many). */
async function importCsv(page: Page, csv: string) {
  const res = await page.request.post('/api/v1/mailto-links/import', {
    headers: { 'content-type': 'text/csv' },
    data: csv,
  });
  expect(res.status(), await res.text()).toBe(201);
}

const showing = (page: Page) => page.getByTestId('links-showing');
const names = (page: Page) => page.getByTestId('link-card').locator('h3').allTextContents();

test('search and page through 250 links', async ({ page, consoleErrors }) => {
  // A long walk through the pages on a machine that other work shares.
  test.setTimeout(180_000);
  await signedInUser(page, { tier: 'PREMIUM' });
  const rows = Array.from({ length: 250 }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return `Campaign ${n},c${n}@example.com,${i % 50 === 0 ? 'Spring sale' : 'Update'}`;
  });
  await importCsv(page, `name,to,subject\r\n${rows.join('\r\n')}\r\n`);
  await page.goto('/dashboard');
  // The first load on a busy machine may take a while.
  await expect(showing(page)).toHaveText('Showing 1–50 of 250', { timeout: 30_000 });
  await expect(page.getByTestId('link-card')).toHaveCount(50);

  // Every link, exactly once, page by page (oldest first).
  await page.getByLabel('Sort').selectOption('oldest');
  await expect(page).toHaveURL(/order=oldest/);
  const seen: string[] = [];
  for (let p = 1; p <= 5; p += 1) {
    const from = (p - 1) * 50 + 1;
    await expect(showing(page)).toHaveText(`Showing ${from}–${from + 49} of 250`);
    await expect(page.getByText(`Page ${p} of 5`)).toBeVisible();
    await expect(page.getByTestId('link-card').first().locator('h3')).toHaveText(
      `Campaign ${String(from).padStart(3, '0')}`,
    );
    seen.push(...(await names(page)));
    if (p < 5) await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(new Set(seen).size).toBe(250);
  expect(seen).toHaveLength(250);
  await snap(page, 'links-paging');

  // A search (debounced) goes into the address, narrows the list and counts the matches.
  await page.getByLabel('Search links').fill('campaign 12');
  await expect(page).toHaveURL(/[?&]q=campaign\+12(&|$)/);
  await expect(showing(page)).toHaveText('Showing 1–10 of 10');
  expect((await names(page)).sort()).toEqual(
    ['120', '121', '122', '123', '124', '125', '126', '127', '128', '129'].map(
      (n) => `Campaign ${n}`,
    ),
  );
  // Subjects are searched too; the address survives a reload.
  await page.getByLabel('Search links').fill('SPRING SALE');
  await expect(showing(page)).toHaveText('Showing 1–5 of 5');
  await page.reload();
  await expect(page.getByLabel('Search links')).toHaveValue('SPRING SALE');
  await expect(showing(page)).toHaveText('Showing 1–5 of 5');
  await snap(page, 'links-search');

  // Nothing matches: say so, and offer the way back.
  await page.getByLabel('Search links').fill('no such link');
  await expect(page.getByText('No links match')).toBeVisible();
  await snap(page, 'links-no-match');
  await page.getByRole('button', { name: 'Clear search and filter' }).click();
  await expect(showing(page)).toHaveText('Showing 1–50 of 250');
  await expect(page.getByLabel('Search links')).toHaveValue('');
  expect(consoleErrors).toEqual([]);
});

test('phone: secondary actions of a row are in its menu', async ({ page }) => {
  await signedInUser(page, { tier: 'PREMIUM' });
  await importCsv(page, 'name,to\r\nFlyer,flyer@example.com\r\n');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const row = page.getByRole('article', { name: 'Flyer' });
  await expect(row.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete link' })).toBeHidden();
  await row.getByRole('button', { name: 'More actions for Flyer' }).click();
  await expect(page.getByRole('menuitem', { name: 'New tracking link' })).toBeVisible();
  await snap(page, 'links-row-menu');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved links yet')).toBeVisible();
});

test('import a CSV: see the bad row, fix it, import, see the links', async ({ page }) => {
  await signedInUser(page, { tier: 'PREMIUM' });
  await page.goto('/dashboard');
  await expect(page.getByText('No saved links yet')).toBeVisible();

  const bad = [
    'name,to,cc,subject,body',
    'Sales,sales@example.com,,Hello,"Dear team,\nthanks"',
    'Broken,not-an-address,,Oops,',
    '=Totals,totals@example.com,boss@example.com,+1,',
  ].join('\r\n');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import links from CSV' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const errors = dialog.getByTestId('import-errors');
  // The good rows can go in now; the bad one is named, with a CSV of the errors to download.
  await expect(errors).toContainText('2 links ready to import, 1 row will be skipped');
  await expect(errors).toContainText(
    'Row 3: to: Must contain valid email addresses separated by commas',
  );
  await expect(errors.getByRole('button', { name: 'Download errors (CSV)' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 links' })).toBeEnabled();
  await snap(page, 'links-import-errors');

  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'links-fixed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad.replace('not-an-address', 'broken@example.com')),
  });
  await expect(dialog.getByText('3 links ready to import')).toBeVisible();
  await snap(page, 'links-import-ready');
  await dialog.getByRole('button', { name: 'Import 3 links' }).click();
  await expect(page.getByText('3 links added to your list.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(showing(page)).toHaveText('Showing 1–3 of 3');
  for (const name of ['Sales', 'Broken', '=Totals'])
    await expect(page.getByRole('article', { name })).toBeVisible();
});

test("a tracking link's QR code decodes to its scan address", async ({ page }) => {
  await signedInUser(page, { tier: 'PREMIUM' });
  const created = await page.request.post('/api/v1/mailto-links/', {
    data: { name: 'Flyer', to: 'flyer@example.com', subject: 'From the flyer' },
  });
  const link = (await created.json()) as { id: number };
  const tracking = await page.request.post('/api/v1/tracking', {
    data: { mailtoLinkId: link.id, label: 'Poster' },
  });
  expect(tracking.status(), await tracking.text()).toBe(201);
  const { trackingUrl, scanUrl } = (await tracking.json()) as {
    trackingUrl: string;
    scanUrl: string;
  };
  // The code holds the scan address, so that its hits count as QR code scans.
  expect(scanUrl).toBe(`${trackingUrl}/q`);

  await page.goto(`/dashboard/analytics/${link.id}`);
  await page.getByRole('button', { name: 'QR code for tracking link Poster' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR code' });
  await expect(dialog.getByRole('img', { name: 'QR code of tracking link Poster' })).toBeVisible();
  await snap(page, 'tracking-qr');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tracking-[A-Za-z0-9]+\.png$/);
  const png = PNG.sync.read(await readFile(await download.path()));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(scanUrl);

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/\.svg$/);
  expect(await readFile(await svg.path(), 'utf8')).toMatch(/^<svg[^>]+viewBox/);
});
