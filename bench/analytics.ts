// Analytics at scale: 1,000,000 clicks over 90 days across 1,000 links, then the per-link
// 30-day analytics call and the overview call, timed over HTTP against the real server
// (the built bundle, started as a child process): the whole path, from the bearer token to
// the JSON, is measured. SQLite, then PostgreSQL.
//
//   npm run bench:analytics [-- --clicks 1000000 --links 1000 --days 90 --runs 20 --dialects sqlite,postgres]
//
// Prints figures; never fails on slow numbers.
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
// The rollup is rebuilt with the server's own function (seeded clicks bypass the recorder that
// keeps it): the benchmark measures the server's code, it does not reimplement it.
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { openDb } from '../apps/server/src/db/database';
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { rebuildClickDaily } from '../apps/server/src/modules/tracking/click-store';
import { bytes, loadAverage, machine, ms, printMachine, table, writeResults } from './lib/report';
import {
  CLICK_COLUMNS,
  generateClicks,
  popularity,
  type ClickRow,
  type SeedLink,
} from './lib/seed-data';
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
    clicks: { type: 'string', default: '1000000' },
    links: { type: 'string', default: '1000' },
    days: { type: 'string', default: '90' },
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    batch: { type: 'string', default: '10000' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
  },
});
const CLICKS = Number(args.clicks);
const LINKS = Number(args.links);
const DAYS = Number(args.days);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const BATCH = Number(args.batch);
/** Rows per multi-row INSERT on PostgreSQL (8 parameters each: 8,000 of the 65,535 allowed). */
const PG_ROWS_PER_INSERT = 1000;
/** Target on both databases: each call under 100 ms (judged on the p95 here). */
const TARGET_MS = 100;

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

/** Streams the generated clicks into the database in transactions of BATCH rows. */
async function seedClicks(db: BenchDatabase, links: SeedLink[], end: Date): Promise<number> {
  const started = performance.now();
  const rows = generateClicks({ clicks: CLICKS, days: DAYS, end, links });
  let written = 0;
  let nextReport = 100_000;
  const progress = () => {
    if (written < nextReport) return;
    while (nextReport <= written) nextReport += 100_000;
    const s = (performance.now() - started) / 1000;
    console.log(
      `  ${written.toLocaleString('en')} clicks (${s.toFixed(1)} s, ${Math.round(written / s).toLocaleString('en')}/s)`,
    );
  };
  const batch: ClickRow[] = [];
  const insertSql = `insert into clicks (${CLICK_COLUMNS.join(', ')}) values `;

  if (db.dialect === 'sqlite') {
    const conn = new SQLite(db.file as string);
    conn.pragma('journal_mode = WAL');
    conn.pragma('synchronous = NORMAL');
    conn.pragma('busy_timeout = 5000');
    const stmt = conn.prepare(`${insertSql}(${CLICK_COLUMNS.map(() => '?').join(', ')})`);
    const writeBatch = conn.transaction((chunk: ClickRow[]) => {
      for (const row of chunk) stmt.run(row);
    });
    for (const row of rows) {
      batch.push(row);
      if (batch.length === BATCH) {
        writeBatch(batch);
        written += batch.length;
        batch.length = 0;
        progress();
        // better-sqlite3 is synchronous: without a turn of the event loop between batches,
        // this process would not see for minutes that the server closed the idle keep-alive
        // connections of the set-up calls (after 72 s), and the first timed call would be
        // sent on a dead one ("fetch failed: other side closed").
        await yieldToLoop();
      }
    }
    if (batch.length > 0) writeBatch(batch);
    written += batch.length;
    conn.close();
    progress();
  } else {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const placeholders = (n: number) =>
      Array.from(
        { length: n },
        (_, r) =>
          `(${CLICK_COLUMNS.map((_, c) => `$${r * CLICK_COLUMNS.length + c + 1}`).join(', ')})`,
      ).join(', ');
    const fullText = insertSql + placeholders(PG_ROWS_PER_INSERT);
    const writeBatch = async (chunk: ClickRow[]) => {
      await client.query('begin');
      for (let i = 0; i < chunk.length; i += PG_ROWS_PER_INSERT) {
        const part = chunk.slice(i, i + PG_ROWS_PER_INSERT);
        const values = part.flat();
        if (part.length === PG_ROWS_PER_INSERT)
          await client.query({ name: 'seed_clicks', text: fullText, values });
        else await client.query(insertSql + placeholders(part.length), values);
      }
      await client.query('commit');
    };
    for (const row of rows) {
      batch.push(row);
      if (batch.length === BATCH) {
        await writeBatch(batch);
        written += batch.length;
        batch.length = 0;
        progress();
      }
    }
    if (batch.length > 0) await writeBatch(batch);
    written += batch.length;
    await client.end();
    progress();
  }
  return (performance.now() - started) / 1000;
}

/** The rollup the overview reads, recomputed from the seeded clicks by the server's code. */
async function rebuildRollup(db: BenchDatabase): Promise<number> {
  const started = performance.now();
  const conn = openDb(
    db.dialect === 'sqlite'
      ? { dialect: 'sqlite', file: db.file as string }
      : { dialect: 'postgres', url: db.url as string },
  );
  try {
    await rebuildClickDaily(conn.kysely);
  } finally {
    await conn.destroy();
  }
  return (performance.now() - started) / 1000;
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
}

async function time(
  server: ServerProcess,
  token: string,
  call: string,
  url: string,
  cpu: TimingOptions['cpu'],
): Promise<Timing> {
  const { last, ...timing } = await timeGet(server, url, {
    token,
    warmup: WARMUP,
    runs: RUNS,
    cpu,
  });
  const body = JSON.parse(last.text) as { totals: { clicks: number } };
  return { call, url, ...timing, clicks: body.totals.clicks, bytes: last.text.length };
}

interface DialectResult {
  dialect: Dialect;
  loadAvgBefore: string;
  linksCreatedS: number;
  seedS: number;
  rollupS: number;
  settleS: number;
  clicksPerS: number;
  size: { total: number; parts: Record<string, number> };
  timings: Timing[];
  /** When the timed calls started. */
  loadAvgTiming: string;
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

    console.log(`  seeding ${CLICKS.toLocaleString('en')} clicks over ${DAYS} days...`);
    const end = new Date();
    const seedS = await seedClicks(db, links, end);
    const rollupS = await rebuildRollup(db);
    console.log(`  rollup rebuilt (rebuildClickDaily) in ${rollupS.toFixed(1)} s`);
    const settleS = await settle(db);
    if (dialect === 'postgres') console.log(`  vacuum analyze in ${settleS.toFixed(1)} s`);
    const size = await db.size();
    console.log(
      `  size: ${bytes(size.total)} (${Object.entries(size.parts)
        .map(([k, v]) => `${k} ${bytes(v)}`)
        .join(', ')})`,
    );

    const { order } = popularity(links);
    const heaviest = order[0] as SeedLink;
    const median = order[Math.floor(order.length / 2)] as SeedLink;
    const tenth = order[Math.min(9, order.length - 1)] as SeedLink;
    const cpu = async () => cpuByPid([server.pid ?? 0, ...(await db.backendPids())]);
    const loadAvgTiming = loadAverage();
    console.log(`  timing ${WARMUP} warm-up + ${RUNS} runs per call (load ${loadAvgTiming})`);
    const timings = [
      await time(
        server,
        user.token,
        'per link, 30 days (busiest link)',
        `/api/v1/mailto-links/${heaviest.id}/analytics`,
        cpu,
      ),
      await time(
        server,
        user.token,
        'per link, 30 days (10th busiest link)',
        `/api/v1/mailto-links/${tenth.id}/analytics`,
        cpu,
      ),
      await time(
        server,
        user.token,
        'per link, 30 days (median link)',
        `/api/v1/mailto-links/${median.id}/analytics`,
        cpu,
      ),
      await time(
        server,
        user.token,
        'overview, 30 days (1,000 links)',
        '/api/v1/analytics/overview',
        cpu,
      ),
    ];
    return {
      dialect,
      loadAvgBefore,
      linksCreatedS,
      seedS,
      rollupS,
      settleS,
      clicksPerS: CLICKS / seedS,
      size,
      timings,
      loadAvgTiming,
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
    `\n${table(
      [
        'dialect',
        'seed clicks',
        'rows/s',
        'rollup rebuild',
        'database size',
        'load avg before → after',
      ],
      results.map((r) => [
        r.dialect,
        `${r.seedS.toFixed(1)} s`,
        Math.round(r.clicksPerS),
        `${r.rollupS.toFixed(1)} s`,
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
          verdict(t),
        ]),
      ),
    )}`,
  );
  // The dialects side by side: the same call on the same seeded data, one row each.
  const calls = results[0]?.timings.map((t) => t.call) ?? [];
  console.log(
    `\n${table(
      [
        'call (median / p95 ms)',
        ...results.map((r) => `${r.dialect} (load ${r.loadAvgTiming.split(' ')[0]})`),
      ],
      calls.map((call) => [
        call,
        ...results.map((r) => {
          const t = r.timings.find((x) => x.call === call);
          return t ? `${ms(t.median, 1)} / ${ms(t.p95, 1)} ${verdict(t)}` : '-';
        }),
      ]),
    )}`,
  );
  const out = writeResults('analytics', {
    machine: m,
    options: { clicks: CLICKS, links: LINKS, days: DAYS, runs: RUNS, warmup: WARMUP, batch: BATCH },
    targetMs: TARGET_MS,
    results,
  });
  console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
