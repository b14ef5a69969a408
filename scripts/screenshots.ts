// `npm run screenshots`: pictures of the main screens for docs/screenshots/. Builds what is
// stale, starts the built server on a fresh data directory, seeds a realistic account through
// the API (e2e/seed.ts) and photographs each screen at 390 and 1280 px in both themes.
//   SCREENSHOTS_PORT (default 3480)  CHROMIUM_PATH (default /usr/bin/chromium)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import * as prettier from 'prettier';
import { seedAccount, type SeededAccount } from '../e2e/seed';
import { buildIfStale, ROOT } from './build-if-stale.mjs';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3480);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = path.join(ROOT, 'docs', 'screenshots');
const WIDTHS = [390, 1280] as const;
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 390: 844, 1280: 800 };
const THEMES = ['light', 'dark'] as const;

interface Screen {
  name: string;
  title: string;
  path: (account: SeededAccount) => string;
  signedIn: boolean;
  /** Clicked before the picture (a settings tab), by its role and name. */
  tab?: string;
  /** Shown once the screen has its data. */
  ready: (account: SeededAccount) => string;
}

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

async function photograph(page: Page, screen: Screen, account: SeededAccount, file: string) {
  await page.goto(screen.path(account));
  if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
  await page.locator(screen.ready(account)).first().waitFor({ timeout: 20_000 });
  // Charts and lazy parts settle; toasts from signing in are gone.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  // Rows below the first screen skip painting until scrolled to (content-visibility: auto); a
  // full-page picture shows them as a reader scrolling would see them.
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
    const account = await seedAccount({ baseUrl: BASE, suffix: 'demo' });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.mkdirSync(OUT, { recursive: true });
    const written: string[] = [];
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
        for (const screen of SCREENS) {
          if (screen.signedIn && !signedIn) {
            const res = await context.request.post('/api/v1/auth/login', {
              data: { username: account.owner.username, password: account.owner.password },
            });
            if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
            signedIn = true;
          }
          const file = `${screen.name}-${width}-${theme}.png`;
          await photograph(page, screen, account, path.join(OUT, file));
          written.push(file);
          console.log(`docs/screenshots/${file}`);
        }
        await context.close();
      }
    await browser.close();
    await writeIndex(written);
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
