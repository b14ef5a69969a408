import { expect, layoutShifts, recordLayoutShifts, signedInUser, snap, test } from './fixtures';
import type { Page } from '@playwright/test';

/** Holds the app's script back until the returned function is called (the page stays as its HTML made it). */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const PUBLIC_PAGES = ['/', '/auth', '/pricing', '/about', '/contact', '/privacy'];

test('each public page has its own title and meta description, in its HTML', async ({
  page,
  request,
}) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    // What a crawler gets, before any script runs.
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    expect(title, path).toBeTruthy();
    expect(description, path).toBeTruthy();
    titles.add(title ?? '');
    descriptions.add(description ?? '');
    // And what the page keeps once the app runs.
    await page.goto(path);
    await expect(page).toHaveTitle(title ?? '');
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);
  expect(descriptions.size).toBe(PUBLIC_PAGES.length);
});

test('the home page content is in its HTML before JavaScript runs', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('Create perfect mailto links in seconds');
  expect(html).toContain('Mailto link generator');
});

for (const theme of ['light', 'dark'] as const) {
  test(`no layout shift while / and /auth load (${theme} theme)`, async ({ page }) => {
    if (theme === 'dark')
      await page.addInitScript(() => window.localStorage.setItem('mailtokit-theme', 'dark'));
    await recordLayoutShifts(page);
    for (const path of ['/', '/auth']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      // Shifts are reported after the frame that made them: let the last frames be drawn.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
      const shifts = await layoutShifts(page);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, `cumulative layout shift on ${path}: ${JSON.stringify(shifts)}`).toBeLessThan(
        0.01,
      );
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(dark).toBe(theme === 'dark');
    }
  });
}

test('the stored theme applies from the HTML, before the app runs, within the Content-Security-Policy', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('mailtokit-theme', 'dark');
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  // The app's code never arrives: only the page's own inline script can set the theme.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  for (const path of ['/', '/auth', '/dashboard']) {
    await page.goto(path, { waitUntil: 'load' });
    await expect(page.locator('html'), path).toHaveClass(/\bdark\b/);
    if (path !== '/dashboard') {
      // The header's theme switch shows the dark theme's icon (the sun) from the HTML too.
      const toggle = page.getByRole('button', { name: 'Toggle theme' });
      await expect(toggle.locator('svg.lucide-sun'), path).toBeVisible();
      await expect(toggle.locator('svg.lucide-moon'), path).toBeHidden();
    }
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      path,
    ).toEqual([]);
  }
  // No script of its own: the theme comes with the page.
  expect(scripts.filter((p) => !p.startsWith('/assets/'))).toEqual([]);
});

test('what a visitor types before the page is interactive is kept', async ({ page }) => {
  // Hold the app's script back, type into the prerendered form, then let it run.
  const release = await holdAppScript(page);
  // Module scripts hold DOMContentLoaded back: wait for the prerendered field instead.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('#generator-to')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await page.locator('#generator-to').fill('early@example.com');
  await page.locator('#generator-subject').fill('Typed early');
  release();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#generator-to')).toHaveValue('early@example.com');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(
    page.getByText('mailto:early@example.com?subject=Typed%20early').first(),
  ).toBeVisible();
});

test('a visit to /auth?tab=register shows the register form from its HTML, and keeps what is typed early', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/auth?tab=register&next=%2Fpricing')).text();
  expect(html).toContain('Create your account');
  expect(html).toContain('id="register-username"');
  // Hold the app's script back, type into the prerendered form, then let it run.
  const release = await holdAppScript(page);
  await page.goto('/auth?tab=register', { waitUntil: 'commit' });
  await expect(page.locator('#register-username')).toBeVisible();
  await page.locator('#register-username').fill('early_bird');
  await page.locator('#register-email').fill('early@example.com');
  release();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.locator('#register-username')).toHaveValue('early_bird');
  await expect(page.locator('#register-email')).toHaveValue('early@example.com');
});

test('the signed-in dashboard breaks no rule of the Content-Security-Policy', async ({ page }) => {
  // Browsers report a blocked eval or inline script as a `securitypolicyviolation` event, even
  // when the code that tried it catches the error (audits list them as issues).
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await signedInUser(page, { tier: 'PREMIUM' });
  const created = await page.request.post('/api/v1/mailto-links/', {
    data: { name: 'Quarterly report', to: 'finance@example.com', subject: 'Q4 & plans' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('link-card')).toHaveCount(1);
  expect(
    await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  ).toEqual([]);
});

test('the signed-in dashboard shows its heading from its HTML, then the links, without a shift', async ({
  page,
  request,
  consoleErrors,
}) => {
  // What any visitor gets before a script runs: the page's heading and placeholders, no user data.
  const html = await (await request.get('/dashboard')).text();
  expect(html).toContain('<title>Dashboard — MailtoKit</title>');
  expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
  expect(html).toContain('Loading your dashboard…');

  await signedInUser(page, { tier: 'PREMIUM' });
  for (const name of ['Sales enquiry', 'Support request'])
    expect(
      (
        await page.request.post('/api/v1/mailto-links/', { data: { name, to: 'a@example.com' } })
      ).status(),
    ).toBe(201);

  // The prerendered shell, while the app's code is held back.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await snap(page, 'dashboard-loading');
  release();
  await expect(page.getByTestId('link-card')).toHaveCount(2);
  await snap(page, 'dashboard-loaded');
  await page.unroute(/\/assets\/index-[^/]+\.js$/);

  // A load as it comes: nothing that was drawn moves, and React takes the HTML over silently
  // (a hydration mismatch is a console error).
  await recordLayoutShifts(page);
  // Then with the session's answer late, as on a slow phone: the placeholders are drawn first
  // (the header's user menu among them), and whatever replaces them takes their place exactly.
  for (const meDelay of [0, 800])
    for (const width of [390, 1280]) {
      await page.route('**/api/v1/auth/me', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, meDelay));
        await route.continue();
      });
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      await expect(page.getByTestId('link-card')).toHaveCount(2);
      await page.unroute('**/api/v1/auth/me');
      const shifts = await layoutShifts(page);
      expect(shifts, `layout shifts at ${width} px, /auth/me after ${meDelay} ms`).toEqual([]);
    }
  expect(consoleErrors).toEqual([]);
});

test('an anonymous visitor of the dashboard sees its outline, then goes to sign in', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back');
  expect(consoleErrors).toEqual([]);
});
