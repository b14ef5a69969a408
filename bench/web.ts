// npm run bench:web — Lighthouse 12 (mobile, default simulated throttling) in Debian's Chromium
// on the three pages a new user meets first: `/`, `/auth` and a signed-in `/dashboard`.
// Builds the web app and the server when stale, serves them on BENCH_PORT (or a free port)
// with a fresh SQLite database, prints the four scores, LCP, TBT, CLS and bytes per page.
//
//   npm run bench:web                       # 1 run per page
//   npm run bench:web -- --runs 3           # median of 3 runs per page
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT } from './lib/paths';
import { machine, printMachine, table, writeResults } from './lib/report';
import { freshDatabase, ServerProcess } from './lib/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const RUNS = Number(arg('runs', '1'));
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
}

/** Transfer sizes by resource type, from Lighthouse's resource-summary audit. */
function bytesOf(details: unknown, type: string): number {
  const items = (details as { items?: { resourceType: string; transferSize: number }[] }).items;
  return items?.find((i) => i.resourceType === type)?.transferSize ?? 0;
}

async function audit(url: string, port: number, headers: Record<string, string>) {
  // Lighthouse sometimes fails to attach to a just-started Chromium: one more try.
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: headers,
        // Mobile form factor and simulated slow 4G are Lighthouse's defaults.
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      return lhr;
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
    // A signed-in user with a saved link, as the dashboard shows it.
    const username = `bench_${Date.now().toString(36)}`;
    const password = 'correct horse battery';
    const register = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password }),
    });
    if (register.status !== 201) throw new Error(`register: ${register.status}`);
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (!cookie) throw new Error('no session cookie');

    const pages: [string, Record<string, string>][] = [
      ['/', {}],
      ['/auth', {}],
      ['/dashboard', { Cookie: cookie }],
    ];
    for (const [page, headers] of pages) {
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(`${server.url}${page}`, chrome.port, headers);
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
  console.log(`\nresults: ${writeResults('web', { machine: m, runs: RUNS, results })}`);
}

await main();
