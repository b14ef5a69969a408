import type { APIRequestContext, Page } from '@playwright/test';
import { admin, expect, makeUser, registerViaApi, signedInUser, snap, test } from './fixtures';

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

async function visitAsPerson(request: APIRequestContext, trackingUrl: string) {
  const res = await request.get(trackingUrl, { maxRedirects: 0, headers: BROWSER_HEADERS });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(/^mailto:hello@example\.com/);
}

async function rowMenu(page: Page, name: string, item: string) {
  await page
    .getByRole('article', { name })
    .getByRole('button', { name: `More actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test.describe('archive, and safe deletion', () => {
  for (const size of WIDTHS) {
    test(`an archived link leaves the list, its /t/ address still redirects and counts, and it comes back (${size.width} px)`, async ({
      page,
      consoleErrors,
    }) => {
      await page.setViewportSize(size);
      await signedInUser(page, { tier: 'PREMIUM' });
      const id = await saveLink(page.request, 'Printed poster');
      await saveLink(page.request, 'Website footer');
      const { trackingUrl } = await newTrackingLink(page.request, id, 'Poster QR');
      await page.goto('/dashboard');

      await rowMenu(page, 'Printed poster', 'Archive');
      await expect(page.getByText('Link archived', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Printed poster' })).toHaveCount(0);
      await expect(page.getByRole('article', { name: 'Website footer' })).toBeVisible();

      // The printed QR code still works, and the click counts.
      await visitAsPerson(page.request, trackingUrl);

      await page.getByRole('combobox', { name: 'Show' }).selectOption('archived');
      await expect(page).toHaveURL(/filter=archived/);
      const archived = page.getByRole('article', { name: 'Printed poster' });
      await expect(archived.getByTestId('link-archived-badge')).toBeVisible();
      await expect(
        archived.getByRole('link', { name: '1 click in the last 30 days: view analytics' }),
      ).toHaveCount(1);
      await expect(page.getByRole('article', { name: 'Website footer' })).toHaveCount(0);
      await snap(page, 'dashboard-archived');

      await rowMenu(page, 'Printed poster', 'Restore');
      await expect(page.getByText('Link restored', { exact: true })).toBeVisible();
      await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
      await expect(page.getByRole('article', { name: 'Printed poster' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }

  test('deleting a link with clicks names its tracking links, offers Archive, asks for the name, and can be undone', async ({
    page,
    consoleErrors,
  }) => {
    await page.clock.install();
    await signedInUser(page, { tier: 'PREMIUM' });
    const id = await saveLink(page.request, 'Conference badge');
    const { trackingUrl } = await newTrackingLink(page.request, id, 'Badge QR');
    await visitAsPerson(page.request, trackingUrl);
    await page.goto('/dashboard');

    await rowMenu(page, 'Conference badge', 'Delete');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByTestId('delete-tracking-links')).toContainText('Badge QR');
    await expect(dialog.getByTestId('delete-tracking-links')).toContainText('1 click');
    await expect(dialog.getByRole('button', { name: 'Archive instead' })).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type Conference badge to delete it').fill('Conference');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type Conference badge to delete it').fill('Conference badge');
    await snap(page, 'dashboard-delete-confirm');
    await confirm.click();

    // Gone from the list at once, back with Undo: nothing was deleted.
    await expect(page.getByText('Link deleted', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Conference badge' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('article', { name: 'Conference badge' })).toBeVisible();
    await page.clock.runFor(11_000);
    expect((await page.request.get(`/api/v1/mailto-links/${id}`)).status()).toBe(200);

    // "Archive instead" keeps the tracking link working.
    await rowMenu(page, 'Conference badge', 'Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive instead' }).click();
    await expect(page.getByText('Link archived', { exact: true })).toBeVisible();
    await visitAsPerson(page.request, trackingUrl);

    // Deleted for good once the Undo time has passed. (With every link archived, the empty
    // list leads to them.)
    await page.getByRole('button', { name: 'Show 1 archived link' }).click();
    await rowMenu(page, 'Conference badge', 'Delete');
    await page
      .getByRole('alertdialog')
      .getByLabel('Type Conference badge to delete it')
      .fill('Conference badge');
    await expect(
      page.getByRole('alertdialog').getByRole('button', { name: 'Archive instead' }),
    ).toHaveCount(0);
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText('Link deleted', { exact: true })).toBeVisible();
    await page.clock.runFor(11_000);
    await expect
      .poll(async () => (await page.request.get(`/api/v1/mailto-links/${id}`)).status())
      .toBe(404);
    const gone = await page.request.get(trackingUrl, {
      maxRedirects: 0,
      headers: BROWSER_HEADERS,
    });
    expect(gone.status()).toBe(404);
    expect(consoleErrors).toEqual([]);
  });
});

/** Link rows whose whole box lies inside the window. */
function rowsInView(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Array.from(document.querySelectorAll('[data-testid="link-card"]')).filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

test.describe('links above the fold', () => {
  const cases = [
    { width: 390, height: 844, rows: 4 },
    { width: 1280, height: 800, rows: 7 },
  ] as const;
  for (const { width, height, rows } of cases) {
    test(`a paying account sees at least ${rows} rows at ${width}x${height}, one "New link", CSV in a menu`, async ({
      page,
      consoleErrors,
    }) => {
      await page.setViewportSize({ width, height });
      await signedInUser(page, { tier: 'PREMIUM' });
      for (let i = 1; i <= 10; i++) {
        const id = await saveLink(page.request, `Campaign ${i}`);
        if (i % 3 === 0) await newTrackingLink(page.request, id, `Channel ${i}`);
      }
      await page.goto('/dashboard');
      await expect(page.getByRole('article', { name: 'Campaign 10' })).toBeVisible();
      expect(await rowsInView(page)).toBeGreaterThanOrEqual(rows);
      // The plan lives in Settings for a paying account.
      await expect(page.getByTestId('plan-card')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'New link' })).toHaveCount(1);
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Import or export CSV' }).click();
      await expect(page.getByRole('menuitem', { name: 'Import CSV' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/v1/mailto-links/export.csv',
      );
      await page.keyboard.press('Escape');
      await snap(page, 'dashboard-above-the-fold');

      await page.goto('/dashboard/settings');
      await expect(page.getByTestId('plan-card')).toContainText('Premium');
      expect(consoleErrors).toEqual([]);
    });
  }

  test('the plan card shows on the dashboard for a FREE account and for a plan ending within 14 days', async ({
    page,
  }) => {
    const user = await signedInUser(page, { tier: 'FREE' });
    await expect(page.getByTestId('plan-card')).toContainText('Free');
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString();
    admin('set-tier', user.username, 'PREMIUM', '--until', soon);
    await page.reload();
    await expect(page.getByTestId('plan-card')).toContainText('Ends on');
    const later = new Date(Date.now() + 60 * 86_400_000).toISOString();
    admin('set-tier', user.username, 'PREMIUM', '--until', later);
    await page.reload();
    await expect(page.getByText('No saved links yet')).toBeVisible();
    await expect(page.getByTestId('plan-card')).toHaveCount(0);
  });
});

test.describe('sign in with username or email', () => {
  for (const size of WIDTHS) {
    test(`one field takes the email address; a wrong password gets the same generic error (${size.width} px)`, async ({
      page,
      consoleErrors,
    }) => {
      await page.setViewportSize(size);
      const user = makeUser();
      await registerViaApi(user);
      await page.goto('/auth');
      const field = page.getByLabel('Username or email');
      await expect(field).toBeVisible();

      await field.fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('Invalid username or password').first()).toBeVisible();
      const byEmail = await page.getByRole('alert').allTextContents();

      await field.fill(`nobody-${user.username}@example.org`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // The same message again, once the form has shown the new answer.
      await expect(page.getByRole('alert')).toHaveText(byEmail);
      await snap(page, 'sign-in-by-email');

      await field.fill(user.email.toUpperCase());
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard/);
      await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
      // The failed attempts were errors the test caused on purpose (401 answers).
      expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    });
  }
});

test.describe('nothing typed is lost', () => {
  for (const size of WIDTHS) {
    test(`the link form asks before leaving with unsaved changes (${size.width} px)`, async ({
      page,
      consoleErrors,
    }) => {
      await page.setViewportSize(size);
      await signedInUser(page, { tier: 'PREMIUM' });
      const id = await saveLink(page.request, 'Press enquiries');
      await page.goto(`/dashboard/edit-link/${id}`);
      await page.getByLabel('Subject', { exact: true }).fill('A subject not saved yet');

      // In-app navigation: Cancel asks; staying keeps the text.
      await page.getByRole('link', { name: 'Cancel' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await expect(dialog).toBeVisible();
      await snap(page, 'unsaved-changes-prompt');
      await dialog.getByRole('button', { name: 'Stay on this page' }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/edit-link/${id}$`));
      await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(
        'A subject not saved yet',
      );

      // Leaving on purpose leaves, and nothing was saved.
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page
        .getByRole('alertdialog', { name: 'Leave without saving?' })
        .getByRole('button', { name: 'Leave' })
        .click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const link = await (await page.request.get(`/api/v1/mailto-links/${id}`)).json();
      expect(link.subject).toBe('About Press enquiries');

      // A saved form leaves without a question.
      await page.goto(`/dashboard/edit-link/${id}`);
      await page.getByLabel('Subject', { exact: true }).fill('Saved subject');
      await page.getByRole('button', { name: /update link/i }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(consoleErrors).toEqual([]);

      // Closing the tab with changes typed gets the browser's own question.
      await page.goto(`/dashboard/edit-link/${id}`);
      await page.getByLabel('Subject', { exact: true }).fill('Typed, then the tab closes');
      const question = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const asked = await question;
      expect(asked.type()).toBe('beforeunload');
      await asked.dismiss();
      expect(page.isClosed()).toBe(false);
    });
  }

  test('the profile form asks before leaving with unsaved changes', async ({ page }) => {
    await signedInUser(page, { tier: 'FREE' });
    await page.goto('/dashboard/profile');
    await page.getByLabel('First name').fill('Changed');
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await expect(page.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
    await page.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
  });
});

test.describe('save from the generator', () => {
  test('a signed-in Premium user saves the generated link in one step', async ({
    page,
    consoleErrors,
  }) => {
    await signedInUser(page, { tier: 'PREMIUM' });
    await page.goto('/');
    await page.getByLabel('To', { exact: true }).fill('press@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Interview request');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('link', { name: 'Save link' }).click();
    await expect(page).toHaveURL(/\/dashboard\/create-link\?/);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('press@example.com');
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Interview request');
    await page.getByLabel('Link name').fill('Press');
    await page.getByRole('button', { name: 'Save link' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('article', { name: 'Press' })).toContainText('press@example.com');
    expect(consoleErrors).toEqual([]);
  });

  test('a visitor gets "Sign up to save", and the fields come through registration and sign-in', async ({
    page,
  }) => {
    const user = makeUser();
    await page.goto('/');
    await page.getByLabel('To', { exact: true }).fill('hello@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Hi & welcome');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('link', { name: 'Sign up to save' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register&next=/);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Your account has been created! Please sign in.')).toBeVisible();
    admin('set-tier', user.username, 'PREMIUM');
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/create-link\?/);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('hello@example.com');
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Hi & welcome');
  });
});

test.describe('long names', () => {
  test('a 62-character unbroken team name breaks anywhere, whole in its title, at 360 to 1440 px', async ({
    page,
  }) => {
    await signedInUser(page, { tier: 'TEAM' });
    const name = `Team${'x'.repeat(54)}Ends`;
    expect(name).toHaveLength(62);
    const res = await page.request.post('/api/v1/teams', { data: { name } });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    for (const width of [360, 390, 768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [`/teams/${id}`, '/dashboard?tab=teams']) {
        await page.goto(path);
        const heading = page.getByRole('heading', { name });
        await expect(heading).toBeVisible();
        await expect(heading).toHaveAttribute('title', name);
        const sizes = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          window: window.innerWidth,
        }));
        expect(sizes.page, `${path} at ${width} px`).toBeLessThanOrEqual(sizes.window);
        // At most three lines on phones.
        const lines = await heading.evaluate((el) => {
          const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
          return Math.round(el.getBoundingClientRect().height / lineHeight);
        });
        expect(lines, `${path} at ${width} px`).toBeLessThanOrEqual(3);
      }
      if (width === 1440) await snap(page, 'long-team-name');
    }
  });
});

test('"New link" on a team page chooses that team and comes back there', async ({
  page,
  consoleErrors,
}) => {
  await signedInUser(page, { tier: 'TEAM' });
  const res = await page.request.post('/api/v1/teams', { data: { name: 'Field sales' } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await page.goto(`/teams/${id}`);
  await page.getByRole('link', { name: 'New link' }).click();
  await expect(page).toHaveURL(/\/dashboard\/create-link\?teamId=/);
  const team = page.getByLabel('Share with team (optional)');
  await expect(team).toHaveValue(String(id));
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${id}$`));

  await page.getByRole('link', { name: 'New link' }).click();
  await page.getByLabel('Link name').fill('Visit report');
  await page.getByLabel('To', { exact: true }).fill('sales@example.com');
  await page.getByRole('button', { name: 'Save link' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${id}$`));
  await expect(page.getByTestId('team-link-row')).toContainText('Visit report');
  expect(consoleErrors).toEqual([]);
});

test('keyboard: "/" focuses the search, "c" opens a new link', async ({ page }) => {
  await signedInUser(page, { tier: 'PREMIUM' });
  await saveLink(page.request, 'Keyboard');
  await page.goto('/dashboard');
  await expect(page.getByRole('article', { name: 'Keyboard' })).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Search links')).toBeFocused();
  // Typed into the search, "c" is a letter like any other.
  await page.keyboard.type('c');
  await expect(page.getByLabel('Search links')).toHaveValue('c');
  await expect(page).toHaveURL(/\/dashboard\?q=c$/);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  // Out of the field, "c" is the shortcut.
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).click();
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/dashboard\/create-link$/);
});
