import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { api, signIn } from '@mailtokit/test-kit/api';
import { baseUrl, createUser, expect, signedInUser, snap, test } from './fixtures';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A saved link with every field, and what compose links must carry through unchanged. */
const FIELDS = {
  name: 'Chooser',
  to: 'anna+sales@example.com, bob@example.org, carl@example.net',
  cc: 'dora@example.com',
  bcc: 'eve@example.com',
  subject: 'Größe & Preis #1 + 1 — 日本',
  body: 'Hallo,\n\nA&B #tag 1+1 = 2\n😀 café',
};

interface SavedLink {
  id: number;
  to: string;
  cc: string | null;
  bcc: string | null;
  subject: string | null;
  body: string | null;
  mailtoUrl: string;
}

/** The web-mail services, their host and the name of their subject parameter. */
const SERVICES = [
  { name: 'Gmail', host: 'mail.google.com', subject: 'su' },
  { name: 'Outlook.com', host: 'outlook.live.com', subject: 'subject' },
  { name: 'Yahoo', host: 'compose.mail.yahoo.com', subject: 'subject' },
] as const;

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .join(',');

/**
 * A PREMIUM author (signed in through the API, not on the page: the visitor is anonymous) with
 * the saved link FIELDS and a tracking link that lets the visitor choose.
 */
async function chooserLink() {
  const author = await createUser({ tier: 'PREMIUM' });
  const { token } = await signIn(baseUrl(), author.username, author.password);
  const link = await api<SavedLink>(baseUrl(), 'POST', '/api/v1/mailto-links/', {
    token,
    body: FIELDS,
    expect: 201,
  });
  const { slug } = await api<{ slug: string }>(baseUrl(), 'POST', '/api/v1/tracking', {
    token,
    body: { mailtoLinkId: link.id, opens: 'choose' },
    expect: 201,
  });
  return { link, path: `/t/${slug}` };
}

/**
 * Nothing leaves the machine: every request to another host is answered here. A web-mail
 * service's compose page is answered with a stub page, and its URL is kept.
 */
async function keepLocal(context: BrowserContext): Promise<string[]> {
  const external: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    async (route) => {
      external.push(route.request().url());
      if (route.request().isNavigationRequest())
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>compose</p>' });
      else await route.abort();
    },
  );
  return external;
}

/** Opens a web-mail option and returns the compose URL it leads to (stubbed, never fetched). */
async function follow(page: Page, external: string[], name: string, host: string) {
  await page.getByRole('link', { name, exact: false }).click();
  await page.waitForURL((url) => url.hostname === host);
  const target = external.find((u) => new URL(u).hostname === host);
  expect(target, `a navigation to ${host}`).toBeDefined();
  return new URL(target ?? '');
}

/** The compose URL's fields equal the saved link's, decoded. */
function expectSameFields(url: URL, link: SavedLink, subjectKey: string) {
  const params = url.searchParams;
  expect(params.get('to')).toBe(list(link.to));
  expect(params.get('cc')).toBe(list(link.cc));
  expect(params.get('bcc')).toBe(list(link.bcc));
  expect(params.get(subjectKey)).toBe(link.subject);
  expect(params.get('body')?.replace(/\r\n/g, '\n')).toBe(link.body?.replace(/\r\n/g, '\n'));
}

const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(17, 19, 24)' } as const;

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280] as const) {
    test.describe(`the chooser page at ${width} px, ${colorScheme}`, () => {
      test.use({
        colorScheme,
        locale: 'de-DE',
        viewport: { width, height: width === 390 ? 844 : 800 },
        // A phone at 390 px: its own mail app comes first.
        ...(width === 390 ? { userAgent: IPHONE, isMobile: true, hasTouch: true } : {}),
        permissions: ['clipboard-read', 'clipboard-write'],
      });

      test('speaks German, passes axe, copies the address and opens each service exactly', async ({
        page,
        context,
        request,
        consoleErrors,
      }) => {
        test.slow();
        const external = await keepLocal(context);
        const { link, path } = await chooserLink();
        await page.goto(path);

        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('E-Mail schreiben');
        await expect(page.getByText('anna+sales@example.com, bob@example.org')).toBeVisible();
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
          BACKGROUND[colorScheme],
        );

        const options = page.getByRole('list').getByRole('link');
        await expect(options).toHaveCount(4);
        const names = await options.allTextContents();
        if (width === 390) expect(names[0]).toBe('Mail-App auf diesem Gerät');
        else
          expect(names).toEqual([
            'Gmail',
            'Outlook.com',
            'Yahoo Mail',
            'Mail-App auf diesem Gerät',
          ]);

        const axe = await new AxeBuilder({ page }).analyze();
        const serious = axe.violations.filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        );
        expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

        const copy = page.getByRole('button', { name: 'Adresse kopieren' });
        await copy.click();
        await expect(page.getByRole('button', { name: 'Kopiert' })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          'anna+sales@example.com, bob@example.org, carl@example.net',
        );
        await page.getByRole('button', { name: 'Nachricht kopieren' }).click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          `${FIELDS.subject}\n\n${FIELDS.body}`,
        );

        // The mail app's door answers with the saved link's own mailto: URL.
        const mailApp = await options.filter({ hasText: 'Mail-App' }).getAttribute('href');
        const door = await request.get(mailApp ?? '', { maxRedirects: 0 });
        expect(door.status()).toBe(302);
        expect(door.headers().location).toBe(link.mailtoUrl);

        for (const service of SERVICES) {
          await page.goto(path);
          const url = await follow(page, external, service.name, service.host);
          expectSameFields(url, link, service.subject);
        }
        expect(consoleErrors).toEqual([]);
      });
    });
  }
}

test.describe('the chooser page in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('speaks Japanese from the browser’s language', async ({ page, context }) => {
    await keepLocal(context);
    const { path } = await chooserLink();
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('メールを書く');
    await expect(page.getByRole('link', { name: 'Yahoo!メール' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'アドレスをコピー' })).toBeVisible();
    await snap(page, 'chooser-ja');
  });
});

test.describe('the chooser page without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'en-US' });

  test('offers plain links that work, and no copy button that could not', async ({
    page,
    context,
  }) => {
    const external = await keepLocal(context);
    const { link, path } = await chooserLink();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Write an email');
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page.getByText('Copy address')).toBeHidden();
    await snap(page, 'chooser-no-javascript');
    const url = await follow(page, external, 'Gmail', 'mail.google.com');
    expectSameFields(url, link, 'su');
    await page.goto(path);
    const outlook = await follow(page, external, 'Outlook.com', 'outlook.live.com');
    expectSameFields(outlook, link, 'subject');
  });
});

test('the account default in Settings, the dialog that starts with it, a link changed later', async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  await signedInUser(page, { tier: 'PREMIUM' });
  await page.goto('/dashboard/settings');
  const card = page.getByRole('group', { name: 'How tracking links open' });
  await expect(card.getByRole('radio', { name: /Open the mail app directly/ })).toBeChecked();
  await card.getByRole('radio', { name: /Let the visitor choose/ }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await snap(page, 'settings-tracking-default');
  expect(await (await page.request.get('/api/v1/settings')).json()).toEqual({
    trackingOpens: 'choose',
    emailNotifications: true,
  });
  await page.reload();
  await expect(
    page
      .getByRole('group', { name: 'How tracking links open' })
      .getByRole('radio', { name: /Let the visitor choose/ }),
  ).toBeChecked();

  const made = await page.request.post('/api/v1/mailto-links/', { data: FIELDS });
  const link = (await made.json()) as SavedLink;
  await page.goto(`/dashboard/analytics/${link.id}`);
  await page.getByRole('button', { name: 'New tracking link' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New tracking link' });
  await expect(dialog.getByRole('radio', { name: /Let the visitor choose/ })).toBeChecked();
  await dialog.getByLabel('Label (optional)').fill('Website');
  await dialog.getByRole('button', { name: 'Create tracking link' }).click();
  await page
    .getByRole('dialog', { name: 'Tracking link created' })
    .getByRole('button', { name: 'Done' })
    .click();

  const opens = page.getByRole('combobox', { name: 'How tracking link Website opens' });
  await expect(opens).toHaveValue('choose');
  await snap(page, 'tracking-links-opens');
  await opens.selectOption('direct');
  await expect(
    page.getByText('Each click now opens the visitor’s mail app with your message.'),
  ).toBeVisible();
  const list = (await (
    await page.request.get(`/api/v1/mailto-links/${link.id}/tracking-links`)
  ).json()) as { opens: string }[];
  expect(list.map((t) => t.opens)).toEqual(['direct']);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'How tracking link Website opens' })).toHaveValue(
    'direct',
  );
  expect(consoleErrors).toEqual([]);
});
