// Reads of a large account: 32 parallel analytics overviews of an account with 5,000 saved
// links of 20,000-character bodies, then the account export of 10,000 such links with a
// tracking link each and their clicks, against the real server (the built bundle, a child
// process), while /api/v1/health is polled. SQLite, then PostgreSQL.
//
//   npm run bench:reads [-- --overview-links 5000 --export-links 10000 --body 20000 --parallel 32 --clicks 20 --dialects sqlite,postgres]
//
// Prints figures; never fails on slow numbers.
import fs from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
// Links and clicks are inserted straight into the tables (the API would take an hour), the
// search text and the rollup with the server's own functions.
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { openDb, type Db } from '../apps/server/src/db/database';
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { searchTextOf } from '../apps/server/src/db/search-text';
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { rebuildClickDimensions } from '../apps/server/src/modules/clicks/dimensions';
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import {
  markClicksApplied,
  rebuildClickDaily,
} from '../apps/server/src/modules/clicks/click-store';
import { bytes, loadAverage, machine, ms, printMachine, table, writeResults } from './lib/report';
import { random } from './lib/seed-data';
import {
  ensureServerBuilt,
  freshDatabase,
  premiumUser,
  cpuByPid,
  ServerProcess,
  sleep,
  type BenchDatabase,
  type Dialect,
} from './lib/server';

const { values: args } = parseArgs({
  options: {
    'overview-links': { type: 'string', default: '5000' },
    'export-links': { type: 'string', default: '10000' },
    body: { type: 'string', default: '20000' },
    parallel: { type: 'string', default: '32' },
    clicks: { type: 'string', default: '20' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    /** `overview` alone skips the export (and its seeding). */
    phases: { type: 'string', default: 'overview,export' },
  },
});
const PHASES = new Set((args.phases ?? '').split(','));
const OVERVIEW_LINKS = Number(args['overview-links']);
const EXPORT_LINKS = Math.max(OVERVIEW_LINKS, Number(args['export-links']));
const BODY = Number(args.body);
const PARALLEL = Number(args.parallel);
const CLICKS_PER_LINK = Number(args.clicks);
/** Links per INSERT statement (each ~20 KB). */
const LINKS_PER_INSERT = 200;
const CLICKS_PER_INSERT = 1000;
/** How often health is asked and the server's memory read while a call runs. */
const POLL_MS = 20;

/** Targets: the overviews all answered within 5 s, the server under 300 MB; health within 200 ms during the export. */
const OVERVIEW_TARGET_MS = 5000;
const RSS_TARGET = 300 * 2 ** 20;
const HEALTH_TARGET_MS = 200;

const WORDS = 'hello thanks regards invoice order meeting please reply tomorrow project update'
  .split(' ')
  .concat(['Zürich', 'café', 'naïve', '#1', '&', '100%']);

/** A body of exactly `BODY` characters: words, spaces and line breaks (which the URL encodes). */
function bodyOf(r: () => number): string {
  let s = '';
  while (s.length < BODY) s += (r() < 0.08 ? '\n' : ' ') + WORDS[Math.floor(r() * WORDS.length)];
  return s.slice(0, BODY);
}

function connect(db: BenchDatabase): Db {
  return openDb(
    db.dialect === 'sqlite'
      ? { dialect: 'sqlite', file: db.file as string }
      : { dialect: 'postgres', url: db.url as string },
  );
}

/** Saved links `from`..`to`-1 of the user, one tracking link each, and clicks over 30 days. */
async function seed(db: BenchDatabase, userId: number, from: number, to: number): Promise<number> {
  const started = performance.now();
  const conn = connect(db);
  const r = random(from + 1);
  const now = Date.now();
  try {
    for (let i = from; i < to; i += LINKS_PER_INSERT) {
      const created = new Date(now - 60 * 86_400_000).toISOString();
      const rows = Array.from({ length: Math.min(LINKS_PER_INSERT, to - i) }, (_, j) => {
        const n = String(i + j).padStart(5, '0');
        const link = {
          name: `Long link ${n}`,
          to: `reader-${n}@example.com`,
          cc: null,
          bcc: null,
          subject: `About order ${n}`,
          body: bodyOf(r),
        };
        return {
          user_id: userId,
          team_id: null,
          ...link,
          is_shared: 0,
          created_at: created,
          updated_at: created,
          search_text: searchTextOf(link),
        };
      });
      const ids = await conn.kysely
        .insertInto('mailto_links')
        .values(rows)
        .returning('id')
        .execute();
      const tracking = await conn.kysely
        .insertInto('tracking_links')
        .values(
          ids.map(({ id }) => ({
            slug: `r${userId}x${id}`,
            mailto_link_id: id,
            created_by: userId,
            label: 'Newsletter',
            created_at: created,
            retired_at: null,
          })),
        )
        .returning('id')
        .execute();
      const clicks = tracking.flatMap(({ id }) =>
        Array.from({ length: CLICKS_PER_LINK }, (_, k) => ({
          tracking_link_id: id,
          occurred_at: new Date(now - Math.floor(r() * 30 * 86_400_000)).toISOString(),
          referrer_host: k % 3 === 0 ? 'mail.google.com' : null,
          browser: 'Chrome',
          os: 'Windows',
          device: 'desktop' as const,
          is_bot: k % 10 === 9 ? 1 : 0,
          visitor_hash: `${id}-${k % 7}`,
        })),
      );
      for (let c = 0; c < clicks.length; c += CLICKS_PER_INSERT)
        await conn.kysely
          .insertInto('clicks')
          .values(clicks.slice(c, c + CLICKS_PER_INSERT))
          .execute();
      await yieldToLoop();
    }
    await rebuildClickDaily(conn.kysely);
    await rebuildClickDimensions(conn.kysely);
    // The clicks loaded straight into the table are in the rebuilt rollups: none waits.
    await markClicksApplied(conn.kysely);
  } finally {
    await conn.destroy();
  }
  if (db.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('vacuum analyze mailto_links, mailto_link_search, tracking_links, clicks');
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

/** The server's resident memory now and at its peak so far (bytes), from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

/**
 * While `run` goes on: asks /api/v1/health one call after the other (every POLL_MS at most)
 * and reads the server's RSS; returns what `run` returned with the health latencies and the
 * highest RSS seen.
 */
async function watched<T>(
  server: ServerProcess,
  run: () => Promise<T>,
  db: BenchDatabase,
): Promise<{
  result: T;
  health: number[];
  healthFailed: number;
  maxRss: number;
  cpuMs: number | null;
}> {
  const pid = server.pid as number;
  const pids = async () => [pid, ...(await db.backendPids())];
  const cpuBefore = cpuByPid(await pids());
  let done = false;
  let maxRss = memoryOf(pid).rss;
  const health: number[] = [];
  let healthFailed = 0;
  const sampler = setInterval(() => {
    try {
      maxRss = Math.max(maxRss, memoryOf(pid).rss);
    } catch {
      // the server is gone: the call says so
    }
  }, POLL_MS);
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      try {
        const res = await fetch(`${server.url}/api/v1/health`);
        await res.arrayBuffer();
        if (res.status === 200) health.push(performance.now() - started);
        else healthFailed += 1;
      } catch {
        healthFailed += 1;
      }
      await sleep(POLL_MS);
    }
  })();
  try {
    const result = await run();
    const cpuAfter = cpuByPid(await pids());
    let cpuMs: number | null = null;
    if (cpuBefore && cpuAfter) {
      cpuMs = 0;
      for (const [id, used] of cpuAfter) cpuMs += used - (cpuBefore.get(id) ?? 0);
    }
    return { result, health, healthFailed, maxRss, cpuMs };
  } finally {
    done = true;
    clearInterval(sampler);
    await poller;
  }
}

const p = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};

/** 32 overviews at once; the time until the last one is in, and their statuses. */
async function overviews(server: ServerProcess, token: string) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const res = await fetch(`${server.url}/api/v1/analytics/overview`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { links?: unknown[] };
      return { status: res.status, links: body.links?.length ?? 0 };
    }),
  );
  return { wallMs: performance.now() - started, answers };
}

/**
 * One export, read as it streams: its bytes, the saved and tracking links in it (counted by
 * their `mailtoUrl` and `trackingUrl` keys), and whether it starts and ends as the JSON does.
 */
async function exportOnce(server: ServerProcess, cookie: string) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/account/export`, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
  let firstByteMs = NaN;
  let total = 0;
  let head = '';
  let carry = '';
  let saved = 0;
  let tracking = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    if (total === 0) firstByteMs = performance.now() - started;
    total += chunk.byteLength;
    const text = carry + decoder.decode(chunk, { stream: true });
    if (head.length < 64) head += text.slice(0, 64);
    for (let at = text.indexOf('"mailtoUrl":'); at >= 0; at = text.indexOf('"mailtoUrl":', at + 1))
      saved += 1;
    for (
      let at = text.indexOf('"trackingUrl":');
      at >= 0;
      at = text.indexOf('"trackingUrl":', at + 1)
    )
      tracking += 1;
    // Keep the last characters that cannot hold a whole key, so that none is counted twice.
    carry = text.slice(-13);
    if (carry.includes('"mailtoUrl":') || carry.includes('"trackingUrl":')) carry = '';
  }
  const tail = carry;
  return {
    wallMs: performance.now() - started,
    firstByteMs,
    bytes: total,
    saved,
    tracking,
    wellFormed: head.startsWith('{"format":"mailtokit-account-export/1"') && tail.endsWith(']}'),
  };
}

async function runDialect(dialect: Dialect) {
  console.log(`\n== ${dialect} ==`);
  const db = await freshDatabase(dialect);
  const server = new ServerProcess({ name: `mailtokit-${dialect}`, env: db.env });
  try {
    await server.start();
    const user = await premiumUser(server, db);
    console.log(
      `  seeding ${OVERVIEW_LINKS.toLocaleString('en')} links of ${BODY.toLocaleString('en')} characters...`,
    );
    const seed1 = await seed(db, user.userId, 0, OVERVIEW_LINKS);
    console.log(`  seeded in ${seed1.toFixed(1)} s`);
    // Health alone for 3 s: what this machine's load does to it with nothing else running.
    const rest = await watched(server, () => sleep(3000), db);
    const restHealthMax = Math.max(...rest.health);
    const restHealthP99 = p(rest.health, 0.99);
    console.log(
      `  health at rest: max ${ms(restHealthMax, 1)} ms, p99 ${ms(restHealthP99, 1)} ms (${rest.health.length} calls)`,
    );
    const before = memoryOf(server.pid as number);
    const loadOverview = loadAverage();
    const ov = await watched(server, () => overviews(server, user.token), db);
    const statuses = ov.result.answers.map((a) => a.status);
    const overview = {
      links: OVERVIEW_LINKS,
      parallel: PARALLEL,
      wallMs: ov.result.wallMs,
      ok: statuses.filter((s) => s === 200).length,
      statuses: Object.fromEntries(
        [...new Set(statuses)].map((code) => [code, statuses.filter((s) => s === code).length]),
      ),
      linksListed: ov.result.answers[0]?.links ?? 0,
      rssBefore: before.rss,
      maxRss: ov.maxRss,
      peakRssSinceStart: memoryOf(server.pid as number).peak,
      healthMax: Math.max(...ov.health),
      healthP99: p(ov.health, 0.99),
      healthCalls: ov.health.length,
      healthFailed: ov.healthFailed,
      cpuMs: ov.cpuMs,
      loadAverage: loadOverview,
    };
    console.log(
      `  ${PARALLEL} parallel overviews: all in ${ms(overview.wallMs, 0)} ms (statuses ${JSON.stringify(overview.statuses)}, ${overview.linksListed} links each); server RSS ${bytes(overview.rssBefore)} before, at most ${bytes(overview.maxRss)} during; health max ${ms(overview.healthMax, 1)} ms (${overview.healthCalls} calls); server CPU ${ms(overview.cpuMs ?? NaN, 0)} ms; load ${loadOverview}`,
    );

    if (!PHASES.has('export'))
      return { dialect, seedSeconds: seed1, restHealthMax, restHealthP99, overview, export: null };

    console.log(`  seeding up to ${EXPORT_LINKS.toLocaleString('en')} links...`);
    const seed2 = await seed(db, user.userId, OVERVIEW_LINKS, EXPORT_LINKS);
    console.log(`  seeded in ${seed2.toFixed(1)} s`);
    await sleep(500);
    const rssBeforeExport = memoryOf(server.pid as number).rss;
    const loadExport = loadAverage();
    const ex = await watched(server, () => exportOnce(server, user.cookie), db);
    const exported = {
      links: EXPORT_LINKS,
      clicks: EXPORT_LINKS * CLICKS_PER_LINK,
      ...ex.result,
      complete: ex.result.saved === EXPORT_LINKS && ex.result.tracking === EXPORT_LINKS,
      rssBefore: rssBeforeExport,
      maxRss: ex.maxRss,
      healthMax: Math.max(...ex.health),
      healthP99: p(ex.health, 0.99),
      healthCalls: ex.health.length,
      healthFailed: ex.healthFailed,
      cpuMs: ex.cpuMs,
      loadAverage: loadExport,
    };
    console.log(
      `  export: ${bytes(exported.bytes)} in ${ms(exported.wallMs / 1000, 1)} s (first byte ${ms(exported.firstByteMs, 0)} ms), ${exported.saved} saved / ${exported.tracking} tracking links, ${exported.complete && exported.wellFormed ? 'complete' : 'INCOMPLETE'}; server RSS ${bytes(exported.rssBefore)} before, at most ${bytes(exported.maxRss)} during; health max ${ms(exported.healthMax, 1)} ms, p99 ${ms(exported.healthP99, 1)} ms (${exported.healthCalls} calls, ${exported.healthFailed} failed); server CPU ${ms(exported.cpuMs ?? NaN, 0)} ms; load ${loadExport}`,
    );
    return {
      dialect,
      seedSeconds: seed1 + seed2,
      restHealthMax,
      restHealthP99,
      overview,
      export: exported,
    };
  } finally {
    await server.stop();
    await db.dispose();
  }
}

type Result = Awaited<ReturnType<typeof runDialect>>;

/** The export's rows of the summary table (none when the export was not run). */
function exportRows(results: Result[]): string[][] {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const runs = results.flatMap((r) => (r.export ? [r.export] : []));
  if (runs.length !== results.length) return [];
  return [
    [
      `export of ${EXPORT_LINKS.toLocaleString('en')} links`,
      ...runs.map(
        (e) =>
          `${bytes(e.bytes)} in ${ms(e.wallMs / 1000, 1)} s, ${e.complete && e.wellFormed ? 'complete' : 'INCOMPLETE'}`,
      ),
    ],
    ['export: server CPU (ms)', ...runs.map((e) => ms(e.cpuMs ?? NaN, 0))],
    [
      'export: server RSS before / at most',
      ...runs.map((e) => `${bytes(e.rssBefore)} / ${bytes(e.maxRss)}`),
    ],
    [
      `export: health max / p99 (ms; target ${HEALTH_TARGET_MS})`,
      ...runs.map(
        (e) =>
          `${ms(e.healthMax, 1)} / ${ms(e.healthP99, 1)} ${met(e.healthMax <= HEALTH_TARGET_MS && e.healthFailed === 0)}`,
      ),
    ],
  ];
}

async function main() {
  const m = machine();
  printMachine(m);
  await ensureServerBuilt();
  const results = [];
  for (const dialect of (args.dialects ?? '').split(',').filter(Boolean) as Dialect[])
    results.push(await runDialect(dialect));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('');
  console.log(
    table(
      ['', ...results.map((r) => r.dialect)],
      [
        [
          `${PARALLEL} overviews, all in (ms; target ${OVERVIEW_TARGET_MS})`,
          ...results.map(
            (r) =>
              `${ms(r.overview.wallMs, 0)} ${met(r.overview.wallMs <= OVERVIEW_TARGET_MS && r.overview.ok === PARALLEL)}`,
          ),
        ],
        [
          'overviews: server RSS at most (target 300 MiB)',
          ...results.map(
            (r) => `${bytes(r.overview.maxRss)} ${met(r.overview.maxRss < RSS_TARGET)}`,
          ),
        ],
        [
          'health at rest: max / p99 (ms)',
          ...results.map((r) => `${ms(r.restHealthMax, 1)} / ${ms(r.restHealthP99, 1)}`),
        ],
        [
          'overviews: server CPU (ms, all calls)',
          ...results.map((r) => ms(r.overview.cpuMs ?? NaN, 0)),
        ],
        ['overviews: health max (ms)', ...results.map((r) => ms(r.overview.healthMax, 1))],
        ...exportRows(results),
      ],
    ),
  );
  const file = writeResults('reads', { machine: m, results });
  console.log(`\nresults: ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
