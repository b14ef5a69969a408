import AxeBuilder from '@axe-core/playwright';
import { expect, signedInUser, snap, test } from './fixtures';

test('landing page: hero buttons scroll to the generator; footer links; screenshots', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await snap(page, 'landing');
  await page.getByRole('button', { name: 'Try the generator' }).click();
  await expect(page.locator('#generator')).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Get started free' }).click();
  await expect(page.locator('#generator')).toBeInViewport();
  await expect(page.getByText(/Perfect links/i).first()).toBeVisible();

  // Signed out, dashboard links in the footer lead to /auth, then on to the page.
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Link management' })).toHaveAttribute(
    'href',
    '/auth?next=%2Fdashboard%3Ftab%3Dlinks',
  );
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  expect(consoleErrors).toEqual([]);
});

test('signed-out visit to /dashboard lands on /auth', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
  await page.goto('/teams/1');
  await expect(page).toHaveURL(/\/auth/);
});

test('unknown paths answer 404 and show Page not found', async ({ page }) => {
  const res = await page.goto('/this/does/not/exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await snap(page, 'not-found');
  expect((await page.goto('/pricing'))?.status()).toBe(200);
});

test('an unknown dashboard path answers 404 and says so inside the app', async ({ page }) => {
  await signedInUser(page);
  const res = await page.goto('/dashboard/no-such-page?x=1');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('static pages render', async ({ page, consoleErrors }) => {
  await page.goto('/privacy');
  // The date the policy's text last changed (not the day the page is viewed), never a future one.
  const updated = page.getByText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(updated).toBeVisible();
  const date = new Date(((await updated.textContent()) ?? '').replace('Last updated: ', ''));
  expect(date.getTime()).toBeLessThanOrEqual(Date.now());
  await page.goto('/about');
  await expect(page.locator('main')).toContainText(/story/i);
  await page.goto('/pricing');
  for (const tier of ['Free', 'Premium', 'Team'])
    await expect(page.getByRole('heading', { name: tier, exact: true })).toBeVisible();
  // What differs between the plans, as the server enforces it.
  const compare = page.getByRole('region', { name: 'Compare plans' });
  await expect(compare.getByRole('row', { name: /Webhooks on clicks/ })).toContainText('Up to 20');
  await expect(compare.getByRole('row', { name: /Create teams/ })).toContainText(
    'Up to 50 teams of 200 people',
  );
  await snap(page, 'pricing');
  // A paid plan is requested from the administrator, not signed up for.
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Request Premium' }).click();
  await expect(page).toHaveURL(/\/contact\?plan=premium$/);
  await expect(page.getByLabel('Subject')).toHaveValue('Premium plan');
  await expect(page.getByLabel('Message')).toHaveValue(/on the Premium plan/);
  expect(consoleErrors).toEqual([]);
});

test('contact form validates and sends', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Name must be at least 2 characters long')).toBeVisible();
  await expect(page.getByText('Subject must be at least 5 characters long')).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters long')).toBeVisible();
  await page.getByLabel('Name').fill('Jo Bloggs');
  await page.getByLabel('Email').fill('jo@example.com');
  await page.getByLabel('Subject').fill('Hello there team');
  await page.getByLabel('Message').fill('Just saying that the generator is great.');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await snap(page, 'contact');
});

test('the theme follows the device by default; Dark is chosen and remembered', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard/settings');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('button', { name: 'System' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // System: the device's dark setting applies at once, and before first paint on a reload.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/dark/);
  await theme.getByRole('button', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/dark/);
  await snap(page, 'settings-dark');
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.goto('/');
  await expect(html).toHaveClass(/dark/);
  // The header's switch offers the way back: the sun, and the light theme in its hint.
  const toggle = page.getByRole('button', { name: 'Toggle theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle.locator('svg.lucide-sun')).toBeVisible();
  await expect(toggle.locator('svg.lucide-moon')).toBeHidden();
  await expect(page.getByRole('tooltip', { includeHidden: true })).toHaveText('Use light theme');
  await snap(page, 'landing-dark');
  await page.goto('/dashboard/settings');
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Light' }).click();
  await expect(html).not.toHaveClass(/dark/);
});

test('dashboard tabs are kept in ?tab=', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard?tab=teams');
  await expect(page.getByRole('tab', { name: /Teams/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /Analytics/ }).click();
  await expect(page).toHaveURL(/tab=analytics/);
  await page.reload();
  await expect(page.getByRole('tab', { name: /Analytics/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

for (const path of ['/', '/auth', '/auth?tab=register']) {
  test(`accessibility: no serious violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu leads to the public pages and to sign in', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Site' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Generator', 'Pricing', 'About', 'Contact', 'Sign in'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('header').analyze();
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);

    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // A choice navigates and closes it.
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the signed-in app has no links to the public pages in its header', async ({ page }) => {
    await signedInUser(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Site' })).toHaveCount(0);
  });
});
