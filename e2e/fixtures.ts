import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Page } from '@playwright/test';
import { signUp } from '@mailtokit/test-kit/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface TestUser {
  username: string;
  email: string;
  password: string;
  firstName: string;
}

/** A unique user (not yet registered). */
export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    username: `e2e_${id}`,
    email: `e2e_${id}@example.com`,
    password: 'correct horse battery',
    firstName: 'Erin',
    ...overrides,
  };
}

/** The e2e server's origin (the project's `baseURL`), for the test kit's calls. */
export function baseUrl(): string {
  const url = base.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts sets no baseURL');
  return url;
}

/** Registers through the API (fast set-up for tests that are not about registration). */
export async function registerViaApi(user: TestUser): Promise<void> {
  await signUp(baseUrl(), user);
}

/** Signs in through the UI and waits for the dashboard (for specs about the sign-in form). */
export async function signInViaUi(
  page: Page,
  user: Pick<TestUser, 'username' | 'password'>,
): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

export type Tier = 'FREE' | 'PREMIUM' | 'TEAM';

export interface CreateUserOptions extends Partial<TestUser> {
  /** Plan set with the admin CLI after registration; FREE (the default) needs no call. */
  tier?: Tier;
}

/** Registers a unique user through the API and gives them a plan. */
export async function createUser({
  tier = 'FREE',
  ...overrides
}: CreateUserOptions = {}): Promise<TestUser> {
  const user = makeUser(overrides);
  await registerViaApi(user);
  if (tier !== 'FREE') admin('set-tier', user.username, tier);
  return user;
}

/**
 * Signs in through the API and opens the dashboard, leaving the page where a sign-in through
 * the form would. The login call goes through the page's context, so the session cookie it
 * sets lands in the browser context; the dashboard's first load confirms the session.
 */
export async function signInViaApi(
  page: Page,
  user: Pick<TestUser, 'username' | 'password'>,
): Promise<void> {
  const res = await page.context().request.post('/api/v1/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/dashboard');
  // The user menu's code loads after the dashboard's first paint: on a machine shared with
  // other test runs that can take longer than a single expectation's usual 10 s.
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 });
}

/** A new user of the given plan, signed in on `page` (see createUser and signInViaApi). */
export async function signedInUser(page: Page, options: CreateUserOptions = {}): Promise<TestUser> {
  const user = await createUser(options);
  await signInViaApi(page, user);
  return user;
}

/**
 * The admin CLI, on the e2e server's database (what an operator runs). E2E_DATA_DIR points it
 * at another server's data when a spec runs against a server started by hand.
 */
export function admin(...args: string[]): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'scripts/admin.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '.e2e-data', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/**
 * Saves a full-page screenshot at phone (390 px) and desktop (1280 px) widths into
 * test-results/screenshots, for people to look at. CI takes none (about 2 s each, some 90 in
 * the suite) unless E2E_SCREENSHOTS=1.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(150);
    await page.screenshot({
      path: path.join(ROOT, 'test-results/screenshots', `${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(original);
}

/** A layout shift a page made without input (what counts towards CLS), with what moved. */
export interface LayoutShift {
  value: number;
  /** Each moved element as `<tag class="..."> its text (x,y wxh -> x,y wxh)`, for failure messages. */
  moved: string[];
}

/**
 * Records the layout shifts of every page the test opens from now on (from before the page's
 * first paint); `layoutShifts(page)` reads those of the current page.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Source = {
      node?: Node | null;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    };
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
    const shifts: { value: number; moved: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const describe = ({ node, previousRect, currentRect }: Source) =>
      `${
        node instanceof Element
          ? `<${node.tagName.toLowerCase()} class="${node.className}"> ${node.textContent?.slice(0, 40) ?? ''}`
          : String(node?.nodeName)
      } (${rect(previousRect)} -> ${rect(currentRect)})`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[])
        if (!entry.hadRecentInput)
          shifts.push({ value: entry.value, moved: (entry.sources ?? []).map(describe) });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts the current page made so far (`recordLayoutShifts` must come first). */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts);
}

/** Collects console errors (CSP violations included) so a test can assert there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      // Chrome logs every 4xx a test provokes on purpose (wrong password...); those are answers,
      // not errors of the page.
      if (
        msg.type() === 'error' &&
        !/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())
      )
        errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
});

export { expect };
