import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signedInUser, snap, test } from './fixtures';

async function saveLink(
  request: APIRequestContext,
  name: string,
  tags: string[] = [],
): Promise<number> {
  const res = await request.post('/api/v1/mailto-links', {
    data: { name, to: 'hello@example.com', subject: `About ${name}`, tags },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A PREMIUM user signed in, the page `width` px wide. */
async function signIn(page: Page, width = 1280) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
  await signedInUser(page, { tier: 'PREMIUM' });
}

/**
 * A page's first load (the list's code, then its rows drawn in slices) on a machine shared with
 * other test runs may take longer than an expectation's usual 10 s.
 */
const FIRST_LOAD = { timeout: 30_000 };

const rowNames = (page: Page) => page.getByTestId('link-card').getByRole('heading', { level: 3 });

/** Chooses rows by keyboard: each row's checkbox focused, then Space. */
async function chooseRows(page: Page, names: string[]) {
  for (const name of names) {
    const box = page.getByRole('checkbox', { name: `Select ${name}` });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
}

const linkCount = async (page: Page) =>
  Number((await page.request.get('/api/v1/mailto-links?limit=1')).headers()['x-total-count']);

test.describe('bulk actions', () => {
  for (const width of [390, 1280]) {
    test(`select 3 rows and archive them: they leave the list and show under Archived (${width} px)`, async ({
      page,
    }) => {
      // Many steps, each a render of the list: room for a loaded machine.
      test.slow();
      await signIn(page, width);
      for (const name of ['Kept A', 'Old one', 'Old two', 'Old three', 'Kept B'])
        await saveLink(page.request, name);
      await page.goto('/dashboard');
      await expect(rowNames(page)).toHaveCount(5, FIRST_LOAD);

      await chooseRows(page, ['Old one', 'Old two', 'Old three']);
      const bar = page.getByRole('region', { name: 'Selected links' });
      await expect(bar).toContainText('3 links selected');
      if (width === 1280) await snap(page, 'links-selection-bar');
      await bar.getByRole('button', { name: 'Archive' }).click();
      await expect(page.getByText('3 links archived').first()).toBeVisible();
      await expect(rowNames(page)).toHaveText(['Kept B', 'Kept A']);
      await expect(bar).toBeHidden();

      // Undo, as for one link: all three come back.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText('3 links restored').first()).toBeVisible();
      await expect(rowNames(page)).toHaveCount(5);

      await chooseRows(page, ['Old one', 'Old two', 'Old three']);
      await bar.getByRole('button', { name: 'Archive' }).click();
      await expect(rowNames(page)).toHaveText(['Kept B', 'Kept A']);
      await page.getByRole('combobox', { name: 'Show' }).selectOption('archived');
      await expect(page).toHaveURL(/filter=archived/);
      await expect(rowNames(page)).toHaveText(['Old three', 'Old two', 'Old one']);
    });
  }

  test('select all on the page, then delete after a confirmation naming how many; Undo within 10 s keeps them', async ({
    page,
  }) => {
    test.slow();
    await page.clock.install();
    await signIn(page);
    for (const name of ['One', 'Two']) await saveLink(page.request, name);
    await page.goto('/dashboard');
    await expect(rowNames(page)).toHaveCount(2, FIRST_LOAD);
    const deleteAll = async () => {
      await page.getByRole('checkbox', { name: 'Select all on page' }).check();
      const bar = page.getByRole('region', { name: 'Selected links' });
      await expect(bar).toContainText('2 links selected');
      await bar.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Delete 2 links?');
      await dialog.getByRole('button', { name: 'Delete 2 links' }).click();
      await expect(page.getByText('2 links deleted').first()).toBeVisible();
      await expect(page.getByText('No saved links yet')).toBeVisible();
    };

    // Gone from the list at once, back with Undo: nothing was deleted.
    await deleteAll();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(rowNames(page)).toHaveText(['Two', 'One']);
    await page.clock.runFor(11_000);
    expect(await linkCount(page)).toBe(2);

    // Deleted for good once the Undo time has passed.
    await deleteAll();
    await page.clock.runFor(11_000);
    await expect.poll(() => linkCount(page)).toBe(0);
    await page.reload();
    await expect(page.getByText('No saved links yet')).toBeVisible(FIRST_LOAD);
  });
});

test.describe('tags', () => {
  test('tag a link from the selection bar, then filter by the tag through the address', async ({
    page,
  }) => {
    test.slow();
    await signIn(page);
    await saveLink(page.request, 'Spring launch');
    await saveLink(page.request, 'Autumn sale', ['Seasonal']);
    await page.goto('/dashboard');
    await expect(rowNames(page)).toHaveCount(2, FIRST_LOAD);
    await page.getByRole('checkbox', { name: 'Select Spring launch' }).check();
    const bar = page.getByRole('region', { name: 'Selected links' });
    await bar.getByRole('button', { name: 'Tag' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Tag name').fill('Press');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText('1 link tagged').first()).toBeVisible();
    const spring = page.getByTestId('link-card').filter({ hasText: 'Spring launch' });
    await expect(spring.getByTestId('tag-chip')).toHaveText(['Press']);

    await page.goto('/dashboard?tag=press');
    await expect(rowNames(page)).toHaveText(['Spring launch'], FIRST_LOAD);
    await expect(page.getByRole('combobox', { name: 'Tag' })).toHaveValue('Press');
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('Seasonal');
    await expect(page).toHaveURL(/tag=Seasonal/);
    await expect(rowNames(page)).toHaveText(['Autumn sale']);
    await snap(page, 'links-tag-filter');

    await page.getByRole('button', { name: 'Manage tags' }).click();
    const manager = page.getByRole('dialog', { name: 'Manage tags' });
    await expect(manager.getByTestId('tag-row')).toHaveCount(2);
    await snap(page, 'links-tag-manager');
  });
});

test('the link form chooses a tag and creates one, by keyboard; the row shows both', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await saveLink(page.request, 'Autumn sale', ['Seasonal']);
  await page.goto('/dashboard/create-link');
  await expect(page.getByLabel('Link name')).toBeVisible(FIRST_LOAD);
  await page.getByLabel('Link name').fill('Newsletter');
  await page.getByLabel('To', { exact: true }).fill('news@example.com');

  const tags = page.getByRole('combobox', { name: 'Tags (optional)' });
  await tags.fill('sea');
  await expect(page.getByRole('option')).toHaveText(['Seasonal', 'Create tag “sea”']);
  await tags.press('ArrowDown');
  await tags.press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen tags' })).toHaveText('Seasonal');
  await tags.pressSequentially('Weekly');
  await expect(page.getByRole('option', { name: 'Create tag “Weekly”' })).toBeVisible();
  await tags.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove tag Weekly' })).toBeVisible();

  await page.getByRole('button', { name: 'Save link' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const row = page.getByTestId('link-card').filter({ hasText: 'Newsletter' });
  await expect(row.getByTestId('tag-chip')).toHaveText(['Seasonal', 'Weekly'], FIRST_LOAD);
});
