// `npm run screenshots`: pictures of the main screens for docs/screenshots/. Builds what is
// stale, starts the built server on a fresh data directory, seeds a realistic account through
// the API (e2e/seed.ts) and photographs each screen at 390 and 1280 px in both themes.
//   SCREENSHOTS_PORT (default 3480)  CHROMIUM_PATH (default /usr/bin/chromium)
//   npm run screenshots -- --only chooser,chooser-ja   # these screens only; the others stay
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, request, type Page } from 'playwright-core';
import * as prettier from 'prettier';
import { seedAccount, type SeededAccount } from '../e2e/seed';
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

/** The seeded account, and the slug of its tracking link that lets the visitor choose. */
type Seeded = SeededAccount & { chooserSlug: string };

interface Screen {
  name: string;
  title: string;
  path: (account: Seeded) => string;
  /** Request headers of the visit (the visitor's language, a phone's agent), by width. */
  headers?: (width: number) => Record<string, string>;
  signedIn: boolean;
  /** Clicked before the picture (a settings tab), by its role and name. */
  tab?: string;
  /** Done once the page is up, before the picture (a shortcut pressed, text typed). */
  act?: (page: Page, account: Seeded) => Promise<void>;
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
    title: 'Command palette (Ctrl-K)',
    path: () => '/dashboard?tab=links',
    signedIn: true,
    act: async (page, a) => {
      // Once the app has drawn the list, the shortcut is listened to.
      await page.locator(`text=${a.trackedLinkName}`).first().waitFor({ timeout: 20_000 });
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill(a.trackedLinkName.slice(0, 3));
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
  ...(['General', 'Security', 'API tokens', 'Webhooks'] as const).map((tab): Screen => ({
    name: `settings-${tab.toLowerCase().replace(/\s+/g, '-')}`,
    title: `Settings: ${tab}`,
    path: () => `/dashboard/settings?tab=${tab === 'API tokens' ? 'tokens' : tab.toLowerCase()}`,
    signedIn: true,
    tab,
    ready: () => 'h1',
  })),
];

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`the server did not answer ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A tracking link that lets the visitor choose, on the seeded link, made as its owner. */
async function chooserOf(account: SeededAccount): Promise<string> {
  const api = await request.newContext({ baseURL: BASE });
  try {
    const login = await api.post('/api/v1/auth/login', {
      data: { username: account.owner.username, password: account.owner.password },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const made = await api.post('/api/v1/tracking', {
      data: { mailtoLinkId: account.trackedLinkId, label: 'Contact page', opens: 'choose' },
    });
    if (!made.ok()) throw new Error(`tracking link: ${made.status()} ${await made.text()}`);
    return ((await made.json()) as { slug: string }).slug;
  } finally {
    await api.dispose();
  }
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
  await screen.act?.(page, account);
  await page.locator(screen.ready(account)).first().waitFor({ timeout: 20_000 });
  // Charts and lazy parts settle; toasts from signing in are gone.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  // Rows below the first screen skip painting until scrolled to (content-visibility: auto); a
  // full-page picture shows them as a reader scrolling would see them.
  // (The chooser page has no such rows, and its CSP refuses an added style.)
  if (!screen.path(account).startsWith('/t/'))
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
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
    await waitForServer(`${BASE}/api/v1/health`, 60_000);
    const seeded = await seedAccount({ baseUrl: BASE, suffix: 'demo' });
    const account: Seeded = { ...seeded, chooserSlug: await chooserOf(seeded) };
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
        let signedIn = false;
        for (const screen of screens) {
          if (screen.signedIn && !signedIn) {
            const res = await context.request.post('/api/v1/auth/login', {
              data: { username: account.owner.username, password: account.owner.password },
            });
            if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
            signedIn = true;
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
name shared with a member, shared links, a tracking link with clicks from several browsers) and
takes a full-page picture of each screen. Run it again after a change to the interface.

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
