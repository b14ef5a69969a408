// npm run bench:web — Lighthouse 12 (mobile, default simulated throttling) in Debian's Chromium
// on the three pages a new user meets first: `/`, `/auth` and a signed-in `/dashboard`, and on
// the chooser page a visitor of a `choose` tracking link meets (`/t/<chooser>`).
// Builds the web app and the server when stale, serves them on BENCH_PORT (or a free port)
// with a fresh SQLite database, prints the four scores, LCP, TBT, CLS and bytes per page.
//
//   npm run bench:web                       # 1 run per page
//   npm run bench:web -- --runs 3           # median of 3 runs per page
//   npm run bench:web -- --pages /dashboard # only these pages (comma-separated)
//   npm run bench:web -- --lhr              # also keeps each run's Lighthouse report (JSON)
//   npm run bench:web -- --trace            # and each run's trace (open it in Chromium's
//                                           # Performance panel: the unthrottled main thread
//                                           # that Lighthouse's simulation starts from)
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/paths';
import { machine, printMachine, table, writeResults } from './lib/report';
import { api, createLink, freshDatabase, premiumUser, ServerProcess } from './lib/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const RUNS = Number(arg('runs', '1'));
const ONLY = arg('pages', '')
  .split(',')
  .filter((p) => p !== '');
const KEEP_LHR = process.argv.includes('--lhr');
const KEEP_TRACE = process.argv.includes('--trace');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageResult {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsBytes: number;
  totalBytes: number;
  /** Audits of the accessibility, best-practices and SEO categories that did not pass. */
  failed: string[];
}

/** Transfer sizes by resource type, from Lighthouse's resource-summary audit. */
function bytesOf(details: unknown, type: string): number {
  const items = (details as { items?: { resourceType: string; transferSize: number }[] }).items;
  return items?.find((i) => i.resourceType === type)?.transferSize ?? 0;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** What an audit's first items name (the issue type, the element, the URL), if anything. */
function detailOf(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const named = items.slice(0, 3).map((item) =>
    Object.values(item)
      .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
      .join(' ')
      .slice(0, 200),
  );
  return named.length ? `: ${named.join(' | ')}` : '';
}

/** The scored audits of every category but performance that scored below 1, with their title. */
function failedAudits(lhr: Lhr): string[] {
  const failed = new Set<string>();
  for (const id of ['accessibility', 'best-practices', 'seo'] as const)
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 1)
        failed.add(`${id}: ${ref.id} (${result.title})${detailOf(result.details)}`);
    }
  return [...failed];
}

/**
 * Makes the browser a returning signed-in user's: the session cookie and the sign-in hint the
 * app keeps in localStorage (set at sign-in), with an empty HTTP cache (a first visit's
 * downloads). Lighthouse then runs with `disableStorageReset` to keep them.
 */
async function signInBrowser(port: number, origin: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: origin };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${origin}/privacy`);
    // The page's own code sets this at sign-in (apps/web/src/lib/auth/session-hint.ts).
    await page.evaluate("window.localStorage.setItem('mailtokit-session', '1')");
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(url: string, port: number, signedIn: boolean) {
  // Lighthouse sometimes fails to attach to a just-started Chromium: one more try.
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Keeps the signed-in browser's cookie and localStorage (see signInBrowser).
        disableStorageReset: signedIn,
        // Mobile form factor and simulated slow 4G are Lighthouse's defaults.
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      return { lhr, trace: result.artifacts.Trace };
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`  Lighthouse failed on ${url} (${String(err)}), retrying`);
    }
  }
}

async function main() {
  const build = (await import(
    pathToFileURL(path.join(ROOT, 'scripts/build-if-stale.mjs')).href
  )) as {
    buildIfStale: (names: string[]) => void;
  };
  build.buildIfStale(['web', 'server']);

  const db = await freshDatabase('sqlite');
  const server = new ServerProcess({ name: 'mailtokit', env: db.env });
  server.port = Number(process.env.BENCH_PORT ?? 0);
  await server.start(server.port !== 0);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: PageResult[] = [];
  try {
    // A signed-in PREMIUM user with a dozen saved links, as a working dashboard shows them.
    const user = await premiumUser(server, db);
    for (let i = 1; i <= 12; i++)
      await createLink(server, user.token, {
        name: `Sales enquiry ${i}`,
        to: `sales${i}@example.com`,
        cc: 'team@example.com',
        subject: `Question about plan ${i} — prices & terms`,
        body: 'Hello,\n\nI would like to know more.\n\nThanks',
      });
    const cookie = user.cookie;
    if (!cookie) throw new Error('no session cookie');
    // The chooser page of a `choose` tracking link (each run's visit is a click of it).
    const chooserLink = await createLink(server, user.token, {
      name: 'Chooser',
      to: 'sales@example.com, support@example.com',
      subject: 'Question about prices & terms',
      body: 'Hello,\n\nI would like to know more.\n\nThanks',
    });
    const chooser = await api<{ slug: string }>(server.url, 'POST', '/api/v1/tracking', {
      token: user.token,
      body: { mailtoLinkId: chooserLink.id, opens: 'choose' },
      expect: 201,
    });

    const pages = (
      [
        ['/', false],
        ['/auth', false],
        ['/dashboard', true],
        ['/t/<chooser>', false],
      ] as [string, boolean][]
    ).filter(([page]) => ONLY.length === 0 || ONLY.includes(page));
    for (const [page, signedIn] of pages) {
      const url = page === '/t/<chooser>' ? `/t/${chooser.slug}` : page;
      // The chooser page has no script file: no download of one to tell a cached run by.
      const scriptless = page === '/t/<chooser>';
      const runs: PageResult[] = [];
      for (let i = 0, cached = 0; i < RUNS; i++) {
        if (signedIn) await signInBrowser(chrome.port, server.url, cookie);
        const { lhr, trace } = await audit(`${server.url}${url}`, chrome.port, signedIn);
        // Chromium sometimes keeps its HTTP cache through Network.clearBrowserCache: a run that
        // downloaded no script measured a second visit, not a first one. Run it again.
        if (
          !scriptless &&
          bytesOf(lhr.audits['resource-summary']?.details, 'script') === 0 &&
          cached < 3
        ) {
          console.warn(`  ${page}: run ${i + 1} was served from the HTTP cache, running it again`);
          cached++;
          i--;
          continue;
        }
        const name = `lighthouse-${page.slice(1).replace(/[/<>]/g, '-') || 'home'}-run${i + 1}`;
        if (KEEP_LHR) console.log(`  report: ${writeResults(name, lhr)}`);
        if (KEEP_TRACE) console.log(`  trace: ${writeResults(`${name}-trace`, trace)}`);
        const a = lhr.audits;
        runs.push({
          page,
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? 0]),
          ) as PageResult['scores'],
          lcpMs: a['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: a['total-blocking-time']?.numericValue ?? NaN,
          cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
          fcpMs: a['first-contentful-paint']?.numericValue ?? NaN,
          jsBytes: bytesOf(a['resource-summary']?.details, 'script'),
          totalBytes: bytesOf(a['resource-summary']?.details, 'total'),
          failed: failedAudits(lhr),
        });
      }
      runs.sort((x, y) => x.scores.performance - y.scores.performance);
      results.push(runs[Math.floor(runs.length / 2)] as PageResult);
    }
  } finally {
    chrome.kill();
    await server.stop();
    await db.dispose();
  }

  const m = machine();
  printMachine(m);
  console.log(
    `Lighthouse mobile, simulated slow 4G, ${RUNS} run(s) per page (median by performance)\n`,
  );
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    table(
      ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS', 'total'],
      results.map((r) => [
        r.page,
        r.scores.performance.toFixed(2),
        r.scores.accessibility.toFixed(2),
        r.scores['best-practices'].toFixed(2),
        r.scores.seo.toFixed(2),
        `${(r.fcpMs / 1000).toFixed(2)} s`,
        `${(r.lcpMs / 1000).toFixed(2)} s`,
        `${Math.round(r.tbtMs)} ms`,
        r.cls.toFixed(3),
        kib(r.jsBytes),
        kib(r.totalBytes),
      ]),
    ),
  );
  for (const r of results)
    if (r.failed.length) console.log(`\n${r.page} did not pass:\n  ${r.failed.join('\n  ')}`);
  console.log(`\nresults: ${writeResults('web', { machine: m, runs: RUNS, results })}`);
}

await main();
