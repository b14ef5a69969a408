// Analytics at scale: 10,000,000 clicks over a year across 1,000 links (the busiest link holds
// 21% of them, over 2,000,000), then a link's analytics and the overview, each for the default
// range (the last 30 days) and a full year, and the year filtered to one country, timed over
// HTTP against the real server (the built
// bundle, started as a child process): the whole path, from the bearer token to the JSON, is
// measured. SQLite, then PostgreSQL.
//
//   npm run bench:analytics [-- --clicks 10000000 --links 1000 --days 365 --top-share 0.21 --runs 20 --dialects sqlite,postgres]
//
// Prints figures; never fails on slow numbers.
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
// The rollups are rebuilt with the server's own functions (seeded clicks bypass the triggers
// and the recorder that keep them): the benchmark measures the server's code, it does not
// reimplement it.
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { openDb } from '../apps/server/src/db/database';
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { rebuildClickDimensions } from '../apps/server/src/modules/clicks/dimensions';
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import {
  markClicksApplied,
  rebuildClickDaily,
} from '../apps/server/src/modules/clicks/click-store';
import { bulkLoadPostgres, bulkLoadSqlite, type BulkLoadTimes } from './lib/bulk-load';
import { bytes, loadAverage, machine, ms, printMachine, table, writeResults } from './lib/report';
import { CLICK_COLUMNS, generateClicks, popularity, type SeedLink } from './lib/seed-data';
import {
  createLink,
  createTrackingLink,
  ensureServerBuilt,
  freshDatabase,
  premiumUser,
  cpuByPid,
  ServerProcess,
  type BenchDatabase,
  type Dialect,
} from './lib/server';
import { timeGet, type TimingOptions } from './lib/timing';

const { values: args } = parseArgs({
  options: {
    clicks: { type: 'string', default: '10000000' },
    links: { type: 'string', default: '1000' },
    days: { type: 'string', default: '365' },
    'top-share': { type: 'string', default: '0.21' },
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    batch: { type: 'string', default: '100000' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
  },
});
const CLICKS = Number(args.clicks);
const LINKS = Number(args.links);
const DAYS = Number(args.days);
const TOP_SHARE = Number(args['top-share']);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const BATCH = Number(args.batch);
/** Target on both databases: each call under 200 ms (judged on the p95 here). */
const TARGET_MS = 200;
const DAY_MS = 86_400_000;

/** 1,000 saved links of one PREMIUM user, 40% of them with a second tracking link. */
async function createLinks(server: ServerProcess, token: string): Promise<SeedLink[]> {
  const links: SeedLink[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < LINKS; i = next++) {
      const n = String(i + 1).padStart(4, '0');
      const link = await createLink(server, token, {
        name: `Campaign ${n}`,
        to: `campaign-${n}@example.com`,
        subject: `Reply to campaign ${n}`,
        body: 'Hello,\n\nI would like to know more.\n\nThanks',
      });
      const first = await createTrackingLink(server, token, link.id, 'Newsletter');
      const trackingIds = [first.id];
      if (i % 5 < 2)
        trackingIds.push((await createTrackingLink(server, token, link.id, 'Website footer')).id);
      links[i] = { id: link.id, trackingIds };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(
    `  ${LINKS} links and ${links.reduce((a, l) => a + l.trackingIds.length, 0)} tracking links created through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return links;
}

/** A PostgreSQL URL whose sessions start with these settings. */
function withOptions(url: string, options: string): string {
  const u = new URL(url);
  u.searchParams.set('options', options);
  return u.toString();
}

interface Seeded extends BulkLoadTimes {
  /** Clicks of the busiest link (all of them, left-out hits included). */
  busiestClicks: number;
  /** Seconds for the rollups (`click_daily`, `click_daily_dims`), rebuilt by the server's code. */
  rollupS: number;
}

/**
 * Streams the generated clicks into `clicks` (bench/lib/bulk-load.ts: the driver's fastest
 * path, COPY on PostgreSQL, the index and triggers put back afterwards), then rebuilds the
 * rollups with the server's own functions.
 */
async function seedClicks(db: BenchDatabase, links: SeedLink[], end: Date): Promise<Seeded> {
  const started = performance.now();
  const busiest = new Set(popularity(links, 7, TOP_SHARE).order[0]?.trackingIds ?? []);
  let busiestClicks = 0;
  function* rows() {
    for (const row of generateClicks({
      clicks: CLICKS,
      days: DAYS,
      end,
      links,
      topShare: TOP_SHARE,
    })) {
      if (busiest.has(row[0])) busiestClicks += 1;
      yield row;
    }
  }
  const load = {
    table: 'clicks',
    columns: CLICK_COLUMNS,
    rows: rows(),
    batch: BATCH,
    progress: (written: number) => {
      const s = (performance.now() - started) / 1000;
      console.log(
        `  ${written.toLocaleString('en')} clicks (${s.toFixed(1)} s, ${Math.round(written / s).toLocaleString('en')}/s, load ${loadAverage()})`,
      );
    },
  };
  const times =
    db.dialect === 'sqlite'
      ? await bulkLoadSqlite(db.file as string, load)
      : await bulkLoadPostgres(db.url as string, load);
  console.log(
    `  ${times.rows.toLocaleString('en')} clicks written in ${times.loadS.toFixed(1)} s, index and triggers back in ${times.indexS.toFixed(1)} s`,
  );

  const rollupStarted = performance.now();
  const conn = openDb(
    db.dialect === 'sqlite'
      ? { dialect: 'sqlite', file: db.file as string }
      : // Room for the rebuilds' sorts and hashes in memory (this connection only).
        { dialect: 'postgres', url: withOptions(db.url as string, '-c work_mem=256MB') },
  );
  let dailyS = 0;
  try {
    await rebuildClickDaily(conn.kysely);
    dailyS = (performance.now() - rollupStarted) / 1000;
    await rebuildClickDimensions(conn.kysely);
    // The clicks loaded straight into the table are in the rebuilt rollups: none waits.
    await markClicksApplied(conn.kysely);
  } finally {
    await conn.destroy();
  }
  const rollupS = (performance.now() - rollupStarted) / 1000;
  console.log(
    `  rollups rebuilt in ${rollupS.toFixed(1)} s (rebuildClickDaily ${dailyS.toFixed(1)} s, rebuildClickDimensions ${(rollupS - dailyS).toFixed(1)} s; load ${loadAverage()})`,
  );
  return { ...times, busiestClicks, rollupS };
}

/**
 * PostgreSQL: what autovacuum would have done to a table that grew over 90 days (statistics,
 * visibility map for index-only scans). SQLite: nothing; the server runs no ANALYZE.
 */
async function settle(db: BenchDatabase): Promise<number> {
  const started = performance.now();
  if (db.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('vacuum analyze');
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

interface Timing {
  call: string;
  url: string;
  min: number;
  median: number;
  p95: number;
  runs: number;
  /** CPU ms of the server (and PostgreSQL's backends) per call. */
  cpuPerCall: number | null;
  /** Human clicks in the answer's range (a sanity check that the call did real work). */
  clicks: number;
  bytes: number;
  /** Load average when this call's timing started. */
  load: string;
}

async function time(
  server: ServerProcess,
  token: string,
  call: string,
  url: string,
  cpu: TimingOptions['cpu'],
): Promise<Timing> {
  const load = loadAverage();
  const { last, ...timing } = await timeGet(server, url, {
    token,
    warmup: WARMUP,
    runs: RUNS,
    cpu,
  });
  const body = JSON.parse(last.text) as { totals: { clicks: number } };
  const t = { call, url, ...timing, clicks: body.totals.clicks, bytes: last.text.length, load };
  console.log(
    `  ${call}: median ${ms(t.median, 1)} ms, p95 ${ms(t.p95, 1)} ms (load ${load}; ${t.clicks.toLocaleString('en')} clicks in the answer)`,
  );
  return t;
}

interface DialectResult {
  dialect: Dialect;
  loadAvgBefore: string;
  linksCreatedS: number;
  seed: Seeded;
  /** Writing the clicks, the index and the rollups: the seed's whole time. */
  seedS: number;
  settleS: number;
  clicksPerS: number;
  size: { total: number; parts: Record<string, number> };
  timings: Timing[];
  loadAvgAfter: string;
}

async function runDialect(dialect: Dialect): Promise<DialectResult> {
  console.log(`\n== ${dialect} ==`);
  const loadAvgBefore = loadAverage();
  const db = await freshDatabase(dialect);
  const server = new ServerProcess({ name: `mailtokit-${dialect}`, env: db.env });
  try {
    await server.start();
    const user = await premiumUser(server, db);
    const t0 = performance.now();
    const links = await createLinks(server, user.token);
    const linksCreatedS = (performance.now() - t0) / 1000;

    // The server is stopped while the clicks and rollups are written (long transactions that
    // its own writes would wait on), and started again on the loaded database.
    await server.stop();
    console.log(`  seeding ${CLICKS.toLocaleString('en')} clicks over ${DAYS} days...`);
    const end = new Date();
    const seed = await seedClicks(db, links, end);
    const seedS = seed.loadS + seed.indexS + seed.rollupS;
    const settleS = await settle(db);
    if (dialect === 'postgres') console.log(`  vacuum analyze in ${settleS.toFixed(1)} s`);
    const size = await db.size();
    await server.start();
    console.log(
      `  size: ${bytes(size.total)} (${Object.entries(size.parts)
        .map(([k, v]) => `${k} ${bytes(v)}`)
        .join(', ')})`,
    );

    const { order } = popularity(links, 7, TOP_SHARE);
    const heaviest = order[0] as SeedLink;
    const median = order[Math.floor(order.length / 2)] as SeedLink;
    console.log(
      `  busiest link: ${seed.busiestClicks.toLocaleString('en')} clicks; timing ${WARMUP} warm-up + ${RUNS} runs per call`,
    );
    const cpu = async () => cpuByPid([server.pid ?? 0, ...(await db.backendPids())]);
    const today = Date.parse(end.toISOString().slice(0, 10));
    const year = `from=${new Date(today - 365 * DAY_MS).toISOString().slice(0, 10)}&to=${end.toISOString().slice(0, 10)}`;
    const n = LINKS.toLocaleString('en');
    const calls: [string, string][] = [
      ['link, 30 days (busiest)', `/api/v1/mailto-links/${heaviest.id}/analytics`],
      ['link, full year (busiest)', `/api/v1/mailto-links/${heaviest.id}/analytics?${year}`],
      ['link, 30 days (median link)', `/api/v1/mailto-links/${median.id}/analytics`],
      ['link, full year (median link)', `/api/v1/mailto-links/${median.id}/analytics?${year}`],
      [`overview, 30 days (${n} links)`, '/api/v1/analytics/overview'],
      [`overview, full year (${n} links)`, `/api/v1/analytics/overview?${year}`],
      // Filtered to one country: every figure from the rollup by country.
      [
        'link, full year (busiest), one country',
        `/api/v1/mailto-links/${heaviest.id}/analytics?${year}&country=DE`,
      ],
      [
        `overview, full year (${n} links), one country`,
        `/api/v1/analytics/overview?${year}&country=DE`,
      ],
    ];
    const timings: Timing[] = [];
    for (const [call, url] of calls) timings.push(await time(server, user.token, call, url, cpu));
    return {
      dialect,
      loadAvgBefore,
      linksCreatedS,
      seed,
      seedS,
      settleS,
      clicksPerS: CLICKS / seed.loadS,
      size,
      timings,
      loadAvgAfter: loadAverage(),
    };
  } finally {
    await server.stop();
    await db.dispose();
  }
}

async function main() {
  const m = machine();
  printMachine(m);
  await ensureServerBuilt();
  const results: DialectResult[] = [];
  for (const dialect of args.dialects.split(',') as Dialect[])
    results.push(await runDialect(dialect));

  console.log(
    '\nThe machine is shared: these are not quiet-machine figures; the load average is printed beside each.',
  );
  console.log(
    `\n${table(
      [
        'dialect',
        'clicks',
        'busiest link',
        'write',
        'index',
        'rollups',
        'seed in all',
        'database size',
        'load avg before → after',
      ],
      results.map((r) => [
        r.dialect,
        CLICKS.toLocaleString('en'),
        r.seed.busiestClicks.toLocaleString('en'),
        `${r.seed.loadS.toFixed(1)} s (${Math.round(r.clicksPerS).toLocaleString('en')}/s)`,
        `${r.seed.indexS.toFixed(1)} s`,
        `${r.seed.rollupS.toFixed(1)} s`,
        `${r.seedS.toFixed(1)} s`,
        bytes(r.size.total),
        `${r.loadAvgBefore} → ${r.loadAvgAfter}`,
      ]),
    )}`,
  );
  const verdict = (t: Timing) => `${t.p95 < TARGET_MS ? 'met' : 'NOT met'}`;
  console.log(
    `\n${table(
      [
        'dialect',
        'call',
        'min ms',
        'median ms',
        'p95 ms',
        'CPU ms/call',
        'clicks in answer',
        'load avg',
        `p95 < ${TARGET_MS} ms`,
      ],
      results.flatMap((r) =>
        r.timings.map((t) => [
          r.dialect,
          t.call,
          ms(t.min, 1),
          ms(t.median, 1),
          ms(t.p95, 1),
          t.cpuPerCall === null ? '-' : ms(t.cpuPerCall, 1),
          t.clicks,
          t.load,
          verdict(t),
        ]),
      ),
    )}`,
  );
  const out = writeResults('analytics', {
    machine: m,
    options: {
      clicks: CLICKS,
      links: LINKS,
      days: DAYS,
      topShare: TOP_SHARE,
      runs: RUNS,
      warmup: WARMUP,
      batch: BATCH,
    },
    targetMs: TARGET_MS,
    results,
  });
  console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
