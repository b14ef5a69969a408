import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signedInUser, snap, test } from './fixtures';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

async function saveLink(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.post('/api/v1/mailto-links', {
    data: { name, to: 'hello@example.com', subject: `About ${name}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function createTeam(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.post('/api/v1/teams', { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Opens the command palette with Ctrl-K and types `text`. */
async function paletteSearch(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill(text);
  return palette;
}

for (const size of WIDTHS) {
  test.describe(`keyboard and titles (${size.width} px)`, () => {
    // Each test walks through several pages; a busy machine needs more than a minute.
    test.describe.configure({ timeout: 150_000 });
    test.beforeEach(async ({ page }) => page.setViewportSize(size));

    test('Ctrl-K finds links, teams and pages; each page is titled with its name', async ({
      page,
      consoleErrors,
    }) => {
      await signedInUser(page, { tier: 'TEAM' });
      const linkId = await saveLink(page.request, 'Press enquiries');
      const teamId = await createTeam(page.request, 'Marketing crew');
      await page.reload();
      await expect(page).toHaveTitle('Dashboard — MailtoKit');
      // The list is drawn by the running app (the page's shell comes prerendered).
      await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

      // A link, searched on the server as the name is typed; Enter opens it.
      const palette = await paletteSearch(page, 'press enq');
      const option = palette.getByRole('option', { name: /Press enquiries/ });
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await snap(page, 'command-palette');
      await page.keyboard.press('Enter');
      await expect(palette).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/dashboard/edit-link/${linkId}$`));
      await expect(page).toHaveTitle('Press enquiries · edit — MailtoKit');

      // A team, with the arrows.
      await paletteSearch(page, 'crew');
      await expect(page.getByRole('option', { name: 'Marketing crew' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/teams/${teamId}$`));
      await expect(page).toHaveTitle('Marketing crew — MailtoKit');

      // A page of the dashboard; Escape closes without going anywhere.
      await paletteSearch(page, 'webhooks');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Go to' })).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/teams/${teamId}$`));
      await paletteSearch(page, 'webhooks');
      await expect(page.getByRole('option', { name: 'Webhooks' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/dashboard\/settings\?tab=webhooks$/);
      await expect(page).toHaveTitle('Settings — MailtoKit');

      await page.goto(`/dashboard/analytics/${linkId}`);
      await expect(page).toHaveTitle('Press enquiries · analytics — MailtoKit');
      expect(consoleErrors).toEqual([]);
    });

    test("the browser's Back button asks before dropping a typed link", async ({
      page,
      consoleErrors,
    }) => {
      await signedInUser(page, { tier: 'PREMIUM' });
      await saveLink(page.request, 'Press enquiries');
      await page.reload();
      await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
      // `c` opens a new link's form inside the app.
      await page.keyboard.press('c');
      await expect(page).toHaveURL(/\/dashboard\/create-link$/);
      await page.getByLabel('Subject', { exact: true }).fill('Typed, not saved');

      await page.evaluate(() => history.back());
      const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Stay on this page' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard\/create-link$/);
      await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Typed, not saved');

      await page.evaluate(() => history.back());
      await page
        .getByRole('alertdialog', { name: 'Leave without saving?' })
        .getByRole('button', { name: 'Leave' })
        .click();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(consoleErrors).toEqual([]);
    });

    test('Create team shows the Team plan offer first to a user without the plan', async ({
      page,
      consoleErrors,
    }) => {
      await signedInUser(page);
      await page.goto('/dashboard?tab=teams');
      await expect(page.getByText('No teams yet')).toBeVisible();
      const create = page.getByRole('button', { name: 'Create team Team plan' });
      await expect(create).toBeVisible();
      await create.click();
      const offer = page.getByRole('alertdialog', { name: 'Upgrade to Team' });
      await expect(offer).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Create team' })).toHaveCount(0);
      await expect(page.getByLabel('Team name')).toHaveCount(0);
      await offer.getByRole('button', { name: 'Yes, view plans' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      expect(consoleErrors).toEqual([]);
    });

    test('closing Create team with a name typed asks first', async ({ page }) => {
      await signedInUser(page, { tier: 'TEAM' });
      await page.goto('/dashboard?tab=teams');
      await page.getByRole('button', { name: 'Create team', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Create team' });
      await dialog.getByLabel('Team name').fill('Half typed');
      await page.keyboard.press('Escape');
      const ask = page.getByRole('alertdialog', { name: 'Discard this team?' });
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await expect(dialog.getByLabel('Team name')).toHaveValue('Half typed');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await ask.getByRole('button', { name: 'Discard' }).click();
      await expect(dialog).toBeHidden();
    });
  });
}
