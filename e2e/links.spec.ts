import type { Page } from '@playwright/test';
import { expect, signedInUser, snap, test } from './fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Everything a user may type that a naive encoder gets wrong. */
const NASTY = {
  to: 'josé+news@bücher.de, q&a@example.com',
  cc: 'c+c@example.org',
  bcc: 'hash#tag@example.net, pct%x@example.net',
  subject: 'Ça va? 100% & more #1 + plus = égal 😀 %20',
  body: 'Hi there,\n\nLiteral %20 and + and & and ? and # and =.\n\tÉmoji 🎉 — done.\n',
};

/**
 * Decodes a mailto: URL in the page with the browser's own decoder, independently of
 * packages/mailto: path = to, then each query field. `+` must stay `+`.
 */
function decodeInPage(page: Page, href: string) {
  return page.evaluate((url) => {
    const rest = url.slice('mailto:'.length);
    const q = rest.indexOf('?');
    const path = q < 0 ? rest : rest.slice(0, q);
    const query = q < 0 ? '' : rest.slice(q + 1);
    const split = (list: string) =>
      decodeURIComponent(list)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const out: Record<string, string | string[]> = { to: split(path) };
    for (const pair of query.split('&').filter(Boolean)) {
      const eq = pair.indexOf('=');
      const key = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      out[key] = key === 'cc' || key === 'bcc' ? split(value) : decodeURIComponent(value);
    }
    return out;
  }, href);
}

const addresses = (list: string) => list.split(',').map((s) => s.trim());

/** Records window.open calls instead of opening mail apps. */
async function stubWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { __opened: string[] }).__opened = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return null;
    };
  });
}
const openedUrls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);

async function fillGenerator(page: Page, values: typeof NASTY) {
  await page.getByLabel('To', { exact: true }).fill(values.to);
  await page.getByLabel('CC', { exact: true }).fill(values.cc);
  await page.getByLabel('BCC', { exact: true }).fill(values.bcc);
  await page.getByLabel('Subject', { exact: true }).fill(values.subject);
  await page.getByLabel('Body', { exact: true }).fill(values.body);
}

test.describe('generator', () => {
  test('nasty values round-trip through the generated link', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const generate = page.getByRole('button', { name: 'Generate', exact: true });

    // The link form's validation messages.
    await generate.click();
    await expect(page.getByText('Recipient email is required')).toBeVisible();
    await expect(page.getByLabel('To', { exact: true })).toBeFocused();
    await page.getByLabel('To', { exact: true }).fill('a@example.com, not-an-address');
    await page.getByLabel('CC', { exact: true }).fill('nope');
    await expect(
      page.getByText('Please enter valid email addresses separated by commas'),
    ).toHaveCount(2);
    await snap(page, 'generator-validation');

    await fillGenerator(page, NASTY);
    await generate.click();
    const result = page.locator('#generator-result');
    await expect(result).toBeVisible();
    // Scrolled to (and focused) shortly after.
    await expect(result).toBeFocused();
    await expect(result).toBeInViewport();

    const href = (await page.getByTestId('generated-link').textContent()) ?? '';
    expect(href).toMatch(/^mailto:/);
    // Printable ASCII only, no raw space or +, line breaks as CRLF.
    expect(href).toMatch(/^[\x21-\x7e]+$/);
    expect(href).not.toContain('+');
    expect(href).toContain('%0D%0A');
    await expect(page.getByTestId('open-in-mail-app')).toHaveAttribute('href', href);

    const decoded = await decodeInPage(page, href);
    expect(decoded).toEqual({
      to: addresses(NASTY.to),
      cc: addresses(NASTY.cc),
      bcc: addresses(NASTY.bcc),
      subject: NASTY.subject,
      body: NASTY.body.replace(/\n/g, '\r\n'),
    });

    // The preview is decoded from the link: exactly what the mail app gets.
    await expect(page.getByTestId('preview-subject')).toHaveText(NASTY.subject);
    expect(await page.getByTestId('preview-body').evaluate((el) => el.textContent)).toBe(
      NASTY.body,
    );
    await snap(page, 'generator-result');
    expect(consoleErrors).toEqual([]);
  });

  test('the generator never shows or copies a link that differs from its fields', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/');
    const shown = page.getByTestId('generated-link');
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    // The link appears as soon as the fields make one, and follows each edit.
    await page.getByLabel('To', { exact: true }).fill('ann@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('First');
    await expect(shown).toHaveText('mailto:ann@example.com?subject=First');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await copy.click();
    expect(await clipboard()).toBe('mailto:ann@example.com?subject=First');

    await page.getByLabel('Subject', { exact: true }).fill('Second');
    await expect(shown).toHaveText('mailto:ann@example.com?subject=Second');
    await expect(page.getByTestId('open-in-mail-app')).toHaveAttribute(
      'href',
      'mailto:ann@example.com?subject=Second',
    );
    await expect(copy).toBeVisible({ timeout: 4000 });
    await copy.click();
    expect(await clipboard()).toBe('mailto:ann@example.com?subject=Second');

    // An invalid field: no link and nothing to copy, with Generate or without.
    await page.getByLabel('To', { exact: true }).fill('ann@example');
    await expect(shown).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Cop/ })).toHaveCount(0);
    await expect(page.getByTestId('generator-no-link')).toBeVisible();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(
      page.getByText('Please enter valid email addresses separated by commas'),
    ).toBeVisible();
    await expect(shown).toHaveCount(0);
    await snap(page, 'generator-invalid');

    // Fixed: the link of the fields as they are now.
    await page.getByLabel('To', { exact: true }).fill('bob@example.com');
    await expect(
      page.getByText('Please enter valid email addresses separated by commas'),
    ).toHaveCount(0);
    await expect(shown).toHaveText('mailto:bob@example.com?subject=Second');
    await copy.click();
    expect(await clipboard()).toBe('mailto:bob@example.com?subject=Second');
    expect(consoleErrors).toEqual([]);
  });

  test('"Copy" turning into "Copied!" moves nothing beside it', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('To', { exact: true }).fill('ann@example.com');
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    const html = page.getByRole('button', { name: 'Copy HTML' });
    // Across, not down: the page may scroll as the button is clicked.
    const across = async (button: typeof copy) => {
      const box = await button.boundingBox();
      return box && { x: box.x, width: box.width };
    };
    const before = { copy: await across(copy), html: await across(html) };
    await copy.click();
    const copied = page.getByRole('button', { name: 'Copied!' });
    await expect(copied).toBeVisible();
    expect(await across(copied)).toEqual(before.copy);
    expect(await across(html)).toEqual(before.html);
  });

  test('copy, copy HTML, QR code and web mail', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await fillGenerator(page, NASTY);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const href = (await page.getByTestId('generated-link').textContent()) ?? '';

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(page.getByText('Link copied!')).toBeVisible();
    await expect(page.getByText('The mailto link has been copied to your clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
    // 'Copied!' for 2 seconds, then back to 'Copy'.
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({
      timeout: 4000,
    });

    await page.getByRole('button', { name: 'Copy HTML' }).click();
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toBe(`<a href="${href.replace(/&/g, '&amp;')}">josé+news@bücher.de</a>`);

    // QR code: loaded on demand, rendered, downloadable as PNG and SVG.
    const qr = page.getByTestId('qr-code');
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    const png = page.waitForEvent('download');
    await page.getByRole('link', { name: /^PNG/ }).click();
    expect((await png).suggestedFilename()).toBe('mailto-qr.png');
    const svg = page.waitForEvent('download');
    await page.getByRole('link', { name: /^SVG/ }).click();
    expect((await svg).suggestedFilename()).toBe('mailto-qr.svg');

    // Web compose links open in a new tab, without an opener.
    const gmail = page.getByRole('link', { name: /^Gmail/ });
    await expect(gmail).toHaveAttribute('target', '_blank');
    await expect(gmail).toHaveAttribute('rel', 'noopener noreferrer');
    const gmailUrl = new URL((await gmail.getAttribute('href')) ?? '');
    expect(gmailUrl.hostname).toBe('mail.google.com');
    expect(gmailUrl.searchParams.get('su')).toBe(NASTY.subject);
    expect(gmailUrl.searchParams.get('body')).toBe(NASTY.body);
    const outlook = new URL(
      (await page.getByRole('link', { name: /^Outlook/ }).getAttribute('href')) ?? '',
    );
    expect(outlook.searchParams.get('to')).toBe(addresses(NASTY.to).join(','));
    expect(consoleErrors).toEqual([]);
  });

  test('import a mailto link; long links warn', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Import a mailto link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a mailto link' });
    await dialog.getByLabel('Link to import').fill('https://example.com/not-mail');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText(/Not a mailto link/)).toBeVisible();
    await snap(page, 'generator-import');

    await dialog
      .getByLabel('Link to import')
      .fill(
        'MAILTO:joe@example.com,ann@example.com?CC=bob@example.com&subject=50%25%20off%20%26%20more&body=Line%201%0D%0ALine%202+plus',
      );
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(
      'joe@example.com, ann@example.com',
    );
    await expect(page.getByLabel('CC', { exact: true })).toHaveValue('bob@example.com');
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('50% off & more');
    await expect(page.getByLabel('Body', { exact: true })).toHaveValue('Line 1\nLine 2+plus');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByTestId('generated-link')).toHaveText(
      'mailto:joe@example.com,ann@example.com?cc=bob@example.com&subject=50%25%20off%20%26%20more&body=Line%201%0D%0ALine%202%2Bplus',
    );
    await expect(page.getByTestId('length-warning')).toHaveCount(0);

    // Past 2,000 characters the link is flagged.
    await page.getByLabel('Body', { exact: true }).fill('é'.repeat(400));
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByTestId('length-warning')).toContainText('characters long');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('saved links', () => {
  test('a FREE user is offered Premium before filling the link form; generating without saving works', async ({
    page,
    consoleErrors,
  }) => {
    await stubWindowOpen(page);
    await signedInUser(page);

    // Links tab: the blue premium panel.
    const panel = page.getByTestId('premium-panel');
    await expect(panel).toContainText('Premium feature');
    await expect(panel).toContainText(
      'This feature requires a premium subscription to access saved links, tracking, and analytics.',
    );
    await expect(panel.getByRole('link', { name: 'View premium plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await snap(page, 'links-premium-panel');

    // Link form: client validation with the API's messages.
    await page.goto('/dashboard/create-link');
    await page.getByRole('button', { name: 'Generate link' }).click();
    await expect(page.getByText('To field is required')).toBeVisible();
    await page.getByLabel('Link name').fill('Sales');
    await page.getByLabel('To', { exact: true }).fill('sales@example.com');
    await page.getByLabel('CC', { exact: true }).fill('not an address');
    await page.getByRole('button', { name: 'Generate link' }).click();
    await expect(
      page.getByText('Must contain valid email addresses separated by commas'),
    ).toBeVisible();
    await page.getByLabel('CC', { exact: true }).fill('');

    // Saving is premium, and the form says so before anything is typed: an offer above it,
    // the save choice locked; the link is built and opened without saving (no error, no modal).
    const offer = page.getByTestId('premium-panel');
    await expect(offer).toContainText('Saving links comes with Premium');
    await expect(page.getByRole('checkbox', { name: 'Save link for future use' })).toBeDisabled();
    await expect(
      page.getByRole('checkbox', { name: 'Save link for future use' }),
    ).not.toBeChecked();
    await page.getByLabel('Subject', { exact: true }).fill('Hello & welcome');
    await snap(page, 'link-form-premium');
    await page.getByRole('button', { name: 'Generate link' }).click();
    await expect(page.getByText('Mailto link created')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await openedUrls(page)).toEqual([
      'mailto:sales@example.com?subject=Hello%20%26%20welcome',
    ]);

    // What was typed is not saved: leaving asks first.
    await offer.getByRole('link', { name: 'View premium plans' }).click();
    await page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page).toHaveURL(/\/pricing/);
    expect(consoleErrors).toEqual([]);
  });

  test('a PREMIUM user creates, edits, tests and deletes a link', async ({
    page,
    consoleErrors,
  }) => {
    // Create, edit, delete and six screenshots.
    test.slow();
    await stubWindowOpen(page);
    await signedInUser(page, { tier: 'PREMIUM' });

    await expect(page.getByText('No saved links yet')).toBeVisible();
    await snap(page, 'links-empty');
    await page.getByRole('link', { name: 'Create new link' }).click();
    await expect(page).toHaveURL(/\/dashboard\/create-link/);

    await page.getByLabel('Link name').fill('Support request');
    await page.getByLabel('To', { exact: true }).fill(' help+desk@example.com ;ops@example.com ');
    await page.getByLabel('BCC', { exact: true }).fill('audit@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Ticket #42: 100% & more?');
    await page.getByLabel('Body', { exact: true }).fill('Hello,\n\nCafé ☕ + croissant');
    const expected =
      'mailto:help%2Bdesk@example.com,ops@example.com?bcc=audit@example.com&subject=Ticket%20%2342:%20100%25%20%26%20more%3F&body=Hello,%0D%0A%0D%0ACaf%C3%A9%20%E2%98%95%20%2B%20croissant';
    await expect(page.getByTestId('link-preview')).toHaveText(expected);
    await snap(page, 'link-form-create');
    await page.getByRole('button', { name: 'Save link' }).click();
    await expect(page.getByText('Link created')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const card = page.getByRole('article', { name: 'Support request' });
    await expect(page.getByRole('heading', { name: 'Your links' })).toBeVisible();
    await expect(card).toContainText('help+desk@example.com, ops@example.com');
    await expect(card).toContainText(/Created: \w{3} \d{1,2}, \d{4}/);
    // Two actions in view (copy, edit); the click count leads to the analytics; no tracking
    // link yet, so no tracking badge.
    await expect(card.getByRole('button')).toHaveCount(2);
    await expect(card.getByRole('link', { name: 'Edit link' })).toBeVisible();
    await expect(
      card.getByRole('link', { name: '0 clicks in the last 30 days: view analytics' }),
    ).toHaveAttribute('href', /\/dashboard\/analytics\/\d+$/);
    await expect(card.getByTestId('link-tracking-badge')).toHaveCount(0);
    await snap(page, 'links-list');

    // Copy and test use the link built by packages/mailto.
    await card.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await card.getByRole('button', { name: 'More actions for Support request' }).click();
    await page.getByRole('menuitem', { name: 'Test link' }).click();
    expect(await openedUrls(page)).toEqual([expected]);

    // Edit: the form is filled from the stored link.
    await card.getByRole('link', { name: 'Edit link' }).click();
    await expect(page).toHaveURL(/\/dashboard\/edit-link\/\d+$/);
    await expect(page.getByLabel('Link name')).toHaveValue('Support request');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(
      'help+desk@example.com, ops@example.com',
    );
    await expect(page.getByLabel('Body', { exact: true })).toHaveValue(
      'Hello,\n\nCafé ☕ + croissant',
    );
    await snap(page, 'link-form-edit');
    await page.getByLabel('Link name').fill('Support (EU)');
    await page.getByLabel('BCC', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Update link' }).click();
    await expect(page.getByText('Link updated')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const edited = page.getByRole('article', { name: 'Support (EU)' });
    await expect(edited).toBeVisible();
    await expect(edited).not.toContainText('audit@example.com');

    // Ids that are not numbers, or not links, show 'Link not found'.
    await page.goto('/dashboard/edit-link/abc');
    await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
    await page.goto('/dashboard/edit-link/2147483000');
    await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();

    // Delete after confirming; the list refreshes.
    await page.goto('/dashboard');
    await page
      .getByRole('article', { name: 'Support (EU)' })
      .getByRole('button', { name: 'More actions for Support (EU)' })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Support (EU)');
    await snap(page, 'links-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Link deleted')).toBeVisible();
    await expect(page.getByText('“Support (EU)” was deleted.')).toBeVisible();
    await expect(page.getByText('No saved links yet')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test('a TEAM user shares a saved link with a team, then makes it private again', async ({
  page,
  consoleErrors,
}) => {
  await signedInUser(page, { tier: 'TEAM' });
  const team = await page.request.post('/api/v1/teams/', { data: { name: 'Marketing crew' } });
  expect(team.status(), await team.text()).toBe(201);

  await page.goto('/dashboard/create-link');
  const share = page.getByLabel('Share with team (optional)');
  await expect(share.locator('option')).toHaveText(['Keep private', 'Marketing crew']);
  // Only offered when the link is saved.
  await page.getByRole('checkbox', { name: 'Save link for future use' }).click();
  await expect(share).toBeHidden();
  await page.getByRole('checkbox', { name: 'Save link for future use' }).click();

  await page.getByLabel('Link name').fill('Campaign reply');
  await page.getByLabel('To', { exact: true }).fill('campaign@example.com');
  await share.selectOption({ label: 'Marketing crew' });
  await page.getByRole('button', { name: 'Save link' }).click();
  await expect(page.getByText('Link created')).toBeVisible();
  const card = page.getByRole('article', { name: 'Campaign reply' });
  await expect(card).toContainText('Marketing crew');
  await expect(card.getByTitle('Shared with Marketing crew')).toBeVisible();
  await snap(page, 'links-team-badge');
  // Filtered to that team, every row would carry the same badge: none does.
  await page
    .getByRole('combobox', { name: 'Show' })
    .selectOption({ label: 'Team: Marketing crew' });
  await expect(page.getByTestId('links-showing')).toHaveText('Showing 1–1 of 1');
  await expect(card.getByTitle('Shared with Marketing crew')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'All links' });
  await expect(card.getByTitle('Shared with Marketing crew')).toBeVisible();

  await card.getByRole('link', { name: 'Edit link' }).click();
  await expect(share.locator('option:checked')).toHaveText('Marketing crew');
  await share.selectOption({ label: 'Keep private' });
  await page.getByRole('button', { name: 'Update link' }).click();
  await expect(page.getByText('Link updated')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Campaign reply' }).getByTitle('Shared with Marketing crew'),
  ).toHaveCount(0);
  const links = (await (await page.request.get('/api/v1/mailto-links/')).json()) as {
    teamId: number | null;
    isShared: boolean;
  }[];
  expect(links.map((l) => [l.teamId, l.isShared])).toEqual([[null, false]]);
  expect(consoleErrors).toEqual([]);
});

test('link rows: a long name shows whole at 1280 px, clicks and tracking are on the row, no page is wider than the screen', async ({
  page,
  consoleErrors,
}) => {
  await signedInUser(page, { tier: 'PREMIUM' });
  const longName =
    'Speaker enquiries for the autumn developer conference in Lisbon (keynotes and workshops)';
  const create = await page.request.post('/api/v1/mailto-links', {
    data: {
      name: longName,
      to: 'speakers@example.com, programme@example.com',
      subject: 'Proposal: a talk about accessible email links for everyone',
    },
  });
  expect(create.status(), await create.text()).toBe(201);
  const { id } = (await create.json()) as { id: number };
  const tracking = await page.request.post('/api/v1/tracking', { data: { mailtoLinkId: id } });
  expect(tracking.status(), await tracking.text()).toBe(201);
  const { trackingUrl } = (await tracking.json()) as { trackingUrl: string };
  // Two people (two browsers) open it: two clicks.
  for (const agent of [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ]) {
    const res = await page.request.get(trackingUrl, {
      maxRedirects: 0,
      headers: {
        'user-agent': agent,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'accept-language': 'en-GB,en;q=0.9',
      },
    });
    expect(res.status()).toBe(302);
  }
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: longName });
  const name = card.getByRole('heading', { name: longName });
  await expect(name).toBeVisible();
  // Whole: no line clamp, nothing hidden, every line of the name inside the row.
  expect(
    await name.evaluate((el) => {
      const box = el.parentElement!;
      const card = el.closest('[data-testid="link-card"]')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = Array.from(range.getClientRects());
      return {
        clamped: getComputedStyle(el).webkitLineClamp !== 'none',
        cut: box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth,
        outside: lines.some(
          (r) => r.left < card.left || r.right > card.right || r.bottom > card.bottom,
        ),
        lines: lines.length > 0,
      };
    }),
  ).toEqual({ clamped: false, cut: false, outside: false, lines: true });
  await expect(name).toHaveAttribute('title', longName);
  await expect(card).toContainText('Proposal: a talk about accessible email links for everyone');
  await expect(card.getByTestId('link-tracking-badge')).toContainText('1 tracking link');
  await expect(
    card.getByRole('link', { name: '2 clicks in the last 30 days: view analytics' }),
  ).toBeVisible();
  await snap(page, 'links-row-long-name');

  for (const width of [360, 390, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(card).toBeVisible();
    // The list, its toolbar and every row end inside the screen and overflow nothing.
    const list = page.locator('section[aria-labelledby="your-links-title"]');
    const box = (await list.boundingBox())!;
    expect(box.x + box.width, `list's right edge at ${width} px`).toBeLessThanOrEqual(width);
    expect(
      await list.evaluate(
        (el) =>
          [el, ...Array.from(el.querySelectorAll('*'))].filter(
            (e) =>
              e.scrollWidth > e.clientWidth + 1 &&
              getComputedStyle(e).overflowX === 'visible' &&
              e.clientWidth > 0,
          ).length,
      ),
      `overflowing boxes at ${width} px`,
    ).toBe(0);
    const search = (await page.getByLabel('Search links').boundingBox())!;
    expect(search.width, `search box at ${width} px`).toBeGreaterThan(150);
  }
  expect(consoleErrors).toEqual([]);
});
