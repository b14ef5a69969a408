// `npm run screenshots`: pictures of the main screens for docs/screenshots/. Builds what is
// stale, starts the built server on a fresh data directory, seeds a realistic account through
// the API (e2e/seed.ts) and photographs each screen at 390 and 1280 px in both themes.
//   SCREENSHOTS_PORT (default 3480)  CHROMIUM_PATH (default /usr/bin/chromium)
//   npm run screenshots -- --only chooser,chooser-ja   # these screens only; the others stay
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { api, signIn, signUp } from '@mailtokit/test-kit/api';
import { waitForHealth } from '@mailtokit/test-kit/process';
import * as prettier from 'prettier';
import { seedAccount, type SeededAccount, type SeedUser } from '../e2e/seed';
import { addVirtualAuthenticator } from '../e2e/webauthn';
import { buildIfStale, ROOT } from './build-if-stale.mjs';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3480);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = path.join(ROOT, 'docs', 'screenshots');
const WIDTHS = [390, 1280] as const;
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 390: 844, 1280: 800 };
const THEMES = ['light', 'dark'] as const;
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? (process.argv[i + 1] ?? '').split(',').filter(Boolean) : [];
})();
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * The seeded account, the slug of its tracking link that lets the visitor choose, and a user on
 * the FREE plan (new accounts here get TEAM).
 */
type Seeded = SeededAccount & { chooserSlug: string; free: SeedUser };

interface Screen {
  name: string;
  title: string;
  path: (account: Seeded) => string;
  /** Request headers of the visit (the visitor's language, a phone's agent), by width. */
  headers?: (width: number) => Record<string, string>;
  signedIn: boolean;
  /** Who is signed in: the seeded account's owner (TEAM plan) unless `free`. */
  as?: 'owner' | 'free';
  /** Clicked before the picture (a settings tab), by its role and name. */
  tab?: string;
  /** What a person does before the picture (choose rows, open a dialog). */
  act?: (page: Page) => Promise<void>;
  /** The screen as a person sees it (a dialog, a bar stuck to its foot), not the whole page. */
  viewportOnly?: boolean;
  /** Done once the page is up, before the screen's data is waited for (a shortcut pressed). */
  setUp?: (page: Page, account: Seeded) => Promise<void>;
  /** Shown once the screen has its data. */
  ready: (account: Seeded) => string;
}

/** A chooser page's visitor: a phone at 390 px (the mail app first), a laptop at 1280. */
const chooserVisitor =
  (language: string) =>
  (width: number): Record<string, string> => ({
    'accept-language': language,
    ...(width === 390 ? { 'user-agent': IPHONE } : {}),
  });

const SCREENS: Screen[] = [
  {
    name: 'home',
    title: 'Home and generator',
    path: () => '/',
    signedIn: false,
    ready: () => 'h1',
  },
  { name: 'pricing', title: 'Pricing', path: () => '/pricing', signedIn: false, ready: () => 'h1' },
  { name: 'auth', title: 'Sign in', path: () => '/auth', signedIn: false, ready: () => 'form' },
  {
    name: 'dashboard-links',
    title: 'Dashboard: links',
    path: () => '/dashboard?tab=links',
    signedIn: true,
    ready: (a) => `text=${a.trackedLinkName}`,
  },
  {
    name: 'command-palette',
    viewportOnly: true,
    title: 'Command palette (Ctrl-K)',
    path: () => '/dashboard?tab=links',
    signedIn: true,
    setUp: async (page, a) => {
      // Once the app has drawn the list, the shortcut is listened to. The query finds links and
      // the team (its long name), cut short inside the dialog.
      await page.locator(`text=${a.trackedLinkName}`).first().waitFor({ timeout: 20_000 });
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog', { name: 'Go to' }).getByRole('combobox').fill('Part');
    },
    ready: () => '[cmdk-item]',
  },
  {
    name: 'analytics-overview',
    title: 'Dashboard: analytics overview',
    path: () => '/dashboard?tab=analytics',
    signedIn: true,
    ready: (a) => `text=${a.trackedLinkName}`,
  },
  {
    name: 'link-analytics',
    title: "A link's analytics",
    path: (a) => `/dashboard/analytics/${a.trackedLinkId}`,
    signedIn: true,
    ready: () => 'h1',
  },
  {
    name: 'teams',
    title: 'Dashboard: teams',
    path: () => '/dashboard?tab=teams',
    signedIn: true,
    ready: () => '[data-testid="team-card"]',
  },
  {
    name: 'create-team-free',
    viewportOnly: true,
    title: 'Create team on the FREE plan: the Team plan offer first',
    path: () => '/dashboard?tab=teams',
    signedIn: true,
    as: 'free',
    ready: () => 'text=No teams yet',
    act: async (page) => {
      await page.getByRole('button', { name: 'Create team Team plan' }).click();
      await page.getByRole('alertdialog', { name: 'Upgrade to Team' }).waitFor();
    },
  },
  {
    name: 'team-detail',
    title: 'Team page',
    path: (a) => `/teams/${a.teamId}`,
    signedIn: true,
    ready: () => '[data-testid="team-member-row"]',
  },
  {
    name: 'chooser',
    title: 'Tracking link: the chooser page',
    path: (a) => `/t/${a.chooserSlug}`,
    signedIn: false,
    headers: chooserVisitor('en-GB,en;q=0.9'),
    ready: () => 'h1',
  },
  {
    name: 'chooser-ja',
    title: 'Tracking link: the chooser page in Japanese',
    path: (a) => `/t/${a.chooserSlug}`,
    signedIn: false,
    headers: chooserVisitor('ja,en;q=0.5'),
    ready: () => 'h1',
  },
  {
    name: 'links-selection',
    viewportOnly: true,
    title: 'Dashboard: links with tags, three chosen',
    path: () => '/dashboard?tab=links',
    signedIn: true,
    ready: (a) => `text=${a.trackedLinkName}`,
    act: async (page) => {
      const boxes = page.getByRole('checkbox', { name: /^Select (?!all on page)/ });
      for (const i of [1, 2, 3]) await boxes.nth(i).check();
      await page.getByRole('region', { name: 'Selected links' }).waitFor();
    },
  },
  {
    name: 'links-tag-manager',
    viewportOnly: true,
    title: 'Dashboard: the tag manager',
    path: () => '/dashboard?tab=links',
    signedIn: true,
    ready: (a) => `text=${a.trackedLinkName}`,
    act: async (page) => {
      await page.getByRole('button', { name: 'Manage tags' }).click();
      await page.getByRole('list', { name: 'Your tags' }).waitFor();
    },
  },
  {
    name: 'links-import-csv',
    viewportOnly: true,
    title: 'Dashboard: the CSV import dialog',
    path: () => '/dashboard?tab=links',
    signedIn: true,
    ready: (a) => `text=${a.trackedLinkName}`,
    act: async (page) => {
      await page.getByRole('button', { name: 'Import or export CSV' }).click();
      await page.getByRole('menuitem', { name: 'Import CSV' }).click();
      await page.getByRole('dialog', { name: 'Import links from CSV' }).waitFor();
    },
  },
  {
    name: 'link-form-tags',
    title: 'The link form with its tags',
    path: (a) => `/dashboard/edit-link/${a.trackedLinkId}`,
    signedIn: true,
    ready: () => 'form',
    act: async (page) => {
      await page.getByRole('combobox', { name: 'Tags (optional)' }).click();
      await page.getByRole('listbox', { name: 'Tags' }).waitFor();
    },
  },
  {
    name: 'confirm-with-passkey',
    title: 'Confirm it is you: password or passkey',
    path: () => '/auth',
    signedIn: false,
    viewportOnly: true,
    act: confirmWithPasskeyDialog,
    ready: () => 'form',
  },
  ...(['General', 'Security', 'API tokens', 'Webhooks'] as const).map((tab): Screen => ({
    name: `settings-${tab.toLowerCase().replace(/\s+/g, '-')}`,
    title: `Settings: ${tab}`,
    path: () => `/dashboard/settings?tab=${tab === 'API tokens' ? 'tokens' : tab.toLowerCase()}`,
    signedIn: true,
    tab,
    ready: () => 'h1',
  })),
];

/**
 * The password dialog of an account with a passkey, as a session begun with that passkey sees
 * it before its first sensitive change (an API token). A new account of its own (the seeded
 * owner keeps signing in with the password alone), with Chromium's virtual authenticator; on
 * `localhost`, as an IP address cannot hold passkeys.
 */
async function confirmWithPasskeyDialog(page: Page): Promise<void> {
  const origin = `http://localhost:${PORT}`;
  const id = Math.random().toString(36).slice(2, 10);
  const user = {
    username: `shots_${id}`,
    email: `shots_${id}@example.com`,
    password: 'correct horse battery',
  };
  const request = page.context().request;
  const registered = await request.post(`${origin}/api/v1/auth/register`, {
    data: { ...user, firstName: 'Dana' },
  });
  if (registered.status() !== 201) throw new Error(`sign-up failed: ${registered.status()}`);
  const login = await request.post(`${origin}/api/v1/auth/login`, {
    data: { username: user.username, password: user.password },
  });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  await addVirtualAuthenticator(page);
  await page.goto(`${origin}/dashboard/settings?tab=security`);
  await page.getByLabel('Name of the new passkey').fill('Laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Your current password').fill(user.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('passkey').waitFor({ timeout: 30_000 });
  // A new session with the passkey alone: nothing is confirmed in it yet.
  await request.post(`${origin}/api/v1/auth/logout`, { headers: { origin } });
  await page.goto(`${origin}/auth`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(/\/dashboard/);
  await page.goto(`${origin}/dashboard/settings?tab=tokens`);
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await page.getByLabel('Token name').fill('Deploy script');
  await page.getByRole('button', { name: 'Create token' }).click();
  await confirm.getByRole('button', { name: 'Use a passkey' }).waitFor();
}

/** Tags in several colours on the newest links and the tracked one, as a person would add them. */
async function tagLinks(token: string, account: SeededAccount): Promise<void> {
  const tags = [
    { name: 'Partners', color: 'blue', every: 2 },
    { name: 'Events', color: 'amber', every: 3 },
    { name: 'Q3 campaign', color: 'purple', every: 5 },
    { name: 'Support', color: 'green', every: 7 },
  ] as const;
  for (const { name, color } of tags)
    await api(BASE, 'POST', '/api/v1/tags', { token, body: { name, color }, expect: 201 });
  const list = await api<{ id: number }[]>(BASE, 'GET', '/api/v1/mailto-links?limit=50', {
    token,
  });
  const ids = list.map((l) => l.id);
  for (const { name, every } of tags) {
    const chosen = ids.filter((_, i) => i % every === 0);
    if (name === 'Partners') chosen.push(account.trackedLinkId);
    await api(BASE, 'POST', '/api/v1/mailto-links/bulk', {
      token,
      body: { ids: [...new Set(chosen)], action: 'tag', tag: name },
    });
  }
}

/** A user on the FREE plan: registered (TEAM here), then set to FREE with the admin CLI. */
async function freeUser(dataDir: string): Promise<SeedUser> {
  const user: SeedUser = {
    username: 'jordan_demo',
    password: 'correct horse battery staple',
    firstName: 'Jordan',
    lastName: 'Reyes',
  };
  await signUp(BASE, { ...user, email: 'jordan_demo@example.com' });
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'apps/server/dist/cli.js'), 'set-tier', user.username, 'FREE'],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore' },
  );
  return user;
}

/** A tracking link that lets the visitor choose, on the seeded link, made as its owner. */
async function chooserOf(account: SeededAccount): Promise<string> {
  const { token } = await signIn(BASE, account.owner.username, account.owner.password);
  const made = await api<{ slug: string }>(BASE, 'POST', '/api/v1/tracking', {
    token,
    body: { mailtoLinkId: account.trackedLinkId, label: 'Contact page', opens: 'choose' },
    expect: 201,
  });
  await tagLinks(token, account);
  return made.slug;
}

async function photograph(
  page: Page,
  screen: Screen,
  account: Seeded,
  file: string,
  width: number,
) {
  await page.setExtraHTTPHeaders(screen.headers?.(width) ?? {});
  await page.goto(screen.path(account));
  if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
  await screen.setUp?.(page, account);
  await page.locator(screen.ready(account)).first().waitFor({ timeout: 60_000 });
  // Charts and lazy parts settle; toasts from signing in are gone.
  await page.waitForLoadState('networkidle');
  if (screen.act) {
    await screen.act(page);
    await page.waitForLoadState('networkidle');
    // The picture starts at the top, where the header is, whatever the act scrolled to.
    await page.evaluate('window.scrollTo(0, 0)');
  }
  await page.waitForTimeout(400);
  // Rows below the first screen skip painting until scrolled to (content-visibility: auto); a
  // full-page picture shows them as a reader scrolling would see them.
  // (The chooser page has no such rows, and its CSP refuses an added style.)
  if (!screen.path(account).startsWith('/t/'))
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: file, fullPage: !screen.viewportOnly, animations: 'disabled' });
}

async function main() {
  buildIfStale(['web', 'server']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailtokit-screenshots-'));
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
      // Every new account is on the Team plan: no admin step while seeding.
      DEFAULT_TIER: 'TEAM',
    },
  });
  try {
    const health = await waitForHealth(`${BASE}/api/v1/health`, {
      exited: () => server.exitCode !== null || server.signalCode !== null,
      timeoutMs: 60_000,
    });
    if (health !== 'up') throw new Error(`the server did not answer at ${BASE} (${health})`);
    const seeded = await seedAccount({ baseUrl: BASE, suffix: 'demo' });
    const account: Seeded = {
      ...seeded,
      chooserSlug: await chooserOf(seeded),
      free: await freeUser(dataDir),
    };
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const screens = SCREENS.filter((s) => ONLY.length === 0 || ONLY.includes(s.name));
    if (ONLY.length === 0) fs.rmSync(OUT, { recursive: true, force: true });
    fs.mkdirSync(OUT, { recursive: true });
    for (const theme of THEMES)
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          baseURL: BASE,
          viewport: { width, height: HEIGHTS[width] },
          deviceScaleFactor: 1,
          colorScheme: theme,
        });
        // The theme the app keeps in localStorage (apps/web/src/lib/theme.ts), set before any page.
        await context.addInitScript(
          `window.localStorage.setItem('mailtokit-theme', ${JSON.stringify(theme)});`,
        );
        const page = await context.newPage();
        let signedIn: 'owner' | 'free' | null = null;
        for (const screen of screens) {
          const who = screen.as ?? 'owner';
          if (screen.signedIn && signedIn !== who) {
            const user = who === 'free' ? account.free : account.owner;
            const res = await context.request.post('/api/v1/auth/login', {
              data: { username: user.username, password: user.password },
            });
            if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
            signedIn = who;
          }
          const file = `${screen.name}-${width}-${theme}.png`;
          await photograph(page, screen, account, path.join(OUT, file), width);
          console.log(`docs/screenshots/${file}`);
        }
        await context.close();
      }
    await browser.close();
    await writeIndex(fs.readdirSync(OUT));
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function writeIndex(files: string[]) {
  const rows = SCREENS.map((screen) => {
    const cells = THEMES.flatMap((theme) =>
      WIDTHS.map((width) => {
        const file = `${screen.name}-${width}-${theme}.png`;
        return files.includes(file) ? `[${width} ${theme}](${file})` : '—';
      }),
    );
    return `| ${screen.title} | \`${screen.name}\` | ${cells.join(' | ')} |`;
  });
  const text = `# Screenshots

The main screens at 390 px (a phone) and 1280 px (a laptop), light and dark, written by
\`npm run screenshots\` (scripts/screenshots.ts): it builds what is stale, starts the server on a
fresh data directory, seeds an account through the API (e2e/seed.ts: 55 links, a team with a long
name shared with a member, shared links, a tracking link with clicks from several browsers) and a
user on the FREE plan, and takes a picture of each screen (the whole page, or what is on screen
when a dialog is open). Run it again after a change to the interface.

Files are named \`<screen>-<width>-<theme>.png\`.

| Screen | Name | ${THEMES.flatMap((t) => WIDTHS.map((w) => `${w} ${t}`)).join(' | ')} |
| --- | --- | ${THEMES.flatMap(() => WIDTHS.map(() => '---')).join(' | ')} |
${rows.join('\n')}
`;
  // Formatted as `npm run check` wants it.
  const file = path.join(OUT, 'README.md');
  const options = await prettier.resolveConfig(file);
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

await main();
