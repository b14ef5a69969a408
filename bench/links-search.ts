// Saved links at volume: 100,000 links of one account (and as many of another, so the
// account's own filter matters), then the list call with a search, filters and sort orders,
// timed over HTTP against the real server (the built bundle, as a child process): the whole
// path, from the bearer token to the JSON and X-Total-Count. SQLite, then PostgreSQL.
//
//   npm run bench:links [-- --links 100000 --runs 20 --warmup 3 --dialects sqlite,postgres]
//
// Prints figures; never fails on slow numbers.
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
// Links are inserted with the server's own search-text function (the API would take hours
// for 200,000 links): the benchmark measures the server's code, it does not reimplement it.
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { openDb } from '../apps/server/src/db/database';
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the server's own code
import { searchTextOf } from '../apps/server/src/db/search-text';
import { bytes, loadAverage, machine, ms, printMachine, table, writeResults } from './lib/report';
import { random } from './lib/seed-data';
import {
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
    links: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
  },
});
const LINKS = Number(args.links);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
/** Target: a search over one account's 100,000 links answers in under 50 ms (p95 here). */
const TARGET_MS = 50;
const ROWS_PER_INSERT = 500;

const WORDS = [
  'spring',
  'summer',
  'autumn',
  'winter',
  'offer',
  'support',
  'invoice',
  'newsletter',
  'event',
  'webinar',
  'feedback',
  'order',
  'refund',
  'partner',
  'press',
  'jobs',
  'Zürich',
  'Málaga',
  'café',
  'release',
  'beta',
  'launch',
  'survey',
  'renewal',
];

/** `count` plausible links of one user, from a seeded generator (same data every run). */
function* generateLinks(userId: number, count: number, seed: number) {
  const r = random(seed);
  const word = () => WORDS[Math.floor(r() * WORDS.length)] as string;
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  for (let i = 0; i < count; i += 1) {
    const n = String(i).padStart(6, '0');
    const created = new Date(start + i * 60_000).toISOString();
    const link = {
      name: `${word()} ${word()} ${n}`,
      to: `${word().toLowerCase()}-${n}@example.com`,
      cc: r() < 0.3 ? `team-${Math.floor(r() * 50)}@example.org` : null,
      bcc: r() < 0.1 ? 'archive@example.net' : null,
      subject: `${word()} ${word()} ${word()}`,
      body: `Hello,\n\n${Array.from({ length: 30 }, word).join(' ')}\n\nBest regards`,
    };
    yield {
      user_id: userId,
      team_id: null,
      ...link,
      is_shared: 0,
      created_at: created,
      updated_at: created,
      search_text: searchTextOf(link),
    };
  }
}

async function seed(db: BenchDatabase, userIds: number[]): Promise<number> {
  const started = performance.now();
  const conn = openDb(
    db.dialect === 'sqlite'
      ? { dialect: 'sqlite', file: db.file as string }
      : { dialect: 'postgres', url: db.url as string },
  );
  try {
    for (const [i, userId] of userIds.entries()) {
      let batch = [];
      for (const row of generateLinks(userId, LINKS, 1000 + i)) {
        batch.push(row);
        if (batch.length === ROWS_PER_INSERT) {
          await conn.kysely.insertInto('mailto_links').values(batch).execute();
          batch = [];
          // SQLite runs synchronously under Kysely's promises: a turn of the event loop lets
          // this process notice the server closing idle keep-alive connections (after 72 s),
          // so that no timed call is sent on a dead one.
          await yieldToLoop();
        }
      }
      if (batch.length > 0) await conn.kysely.insertInto('mailto_links').values(batch).execute();
    }
  } finally {
    await conn.destroy();
  }
  if (db.dialect === 'postgres') {
    // What autovacuum would do to tables that grew over months (statistics, visibility map):
    // the links and the search table that triggers filled along.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('vacuum analyze mailto_links, mailto_link_search');
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
  /** CPU ms of the server (and PostgreSQL's backends) per call. */
  cpuPerCall: number | null;
  matches: number;
  returned: number;
}

async function time(
  server: ServerProcess,
  token: string,
  call: string,
  url: string,
  cpu: TimingOptions['cpu'],
): Promise<Timing> {
  const { min, median, p95, cpuPerCall, last } = await timeGet(server, url, {
    token,
    warmup: WARMUP,
    runs: RUNS,
    cpu,
  });
  return {
    call,
    url,
    min,
    median,
    p95,
    cpuPerCall,
    matches: Number(last.headers.get('x-total-count')),
    returned: (JSON.parse(last.text) as unknown[]).length,
  };
}

const CALLS: [string, string][] = [
  ['newest 100 (no search)', ''],
  ['search, 1 match (link number)', 'q=012345'],
  ['search, ~4% match (word)', 'q=zürich%20offer'],
  ['search, every link (domain)', 'q=example.com'],
  ['search, no match', 'q=nothing-like-this'],
  ['search, 2 letters', 'q=zz'],
  ['search + sort by name', 'q=launch&sort=name'],
  ['sort by name, page 500', 'sort=name&offset=50000'],
  ['sort by clicks', 'sort=clicks'],
  ['private only, oldest first', 'shared=false&order=asc'],
];

async function runDialect(dialect: Dialect) {
  console.log(`\n== ${dialect} ==`);
  const loadAvgBefore = loadAverage();
  const db = await freshDatabase(dialect);
  const server = new ServerProcess({ name: `mailtokit-${dialect}`, env: db.env });
  try {
    await server.start();
    const user = await premiumUser(server, db);
    const other = await premiumUser(server, db);
    console.log(`  seeding ${(2 * LINKS).toLocaleString('en')} links (2 accounts)...`);
    const seedS = await seed(db, [user.userId, other.userId]);
    const size = await db.size();
    console.log(`  seeded in ${seedS.toFixed(1)} s; database ${bytes(size.total)}`);
    console.log(`  timing ${WARMUP} warm-up + ${RUNS} runs per call (load ${loadAverage()})`);
    const cpu = async () => cpuByPid([server.pid ?? 0, ...(await db.backendPids())]);
    const timings: Timing[] = [];
    for (const [call, query] of CALLS) {
      const timing = await time(server, user.token, call, `/api/v1/mailto-links/?${query}`, cpu);
      console.log(
        `  ${call}: median ${ms(timing.median, 1)} ms, p95 ${ms(timing.p95, 1)} ms, CPU ${timing.cpuPerCall === null ? '-' : ms(timing.cpuPerCall, 1)} ms/call (${timing.matches} matches)`,
      );
      timings.push(timing);
    }
    return { dialect, loadAvgBefore, seedS, size, timings, loadAvgAfter: loadAverage() };
  } finally {
    await server.stop();
    await db.dispose();
  }
}

async function main() {
  const m = machine();
  printMachine(m);
  await ensureServerBuilt();
  const results = [];
  for (const dialect of args.dialects.split(',') as Dialect[])
    results.push(await runDialect(dialect));
  console.log(
    `\n${table(
      ['dialect', 'call', 'min ms', 'median ms', 'p95 ms', 'CPU ms/call', 'matches', 'target'],
      results.flatMap((r) =>
        r.timings.map((t) => [
          r.dialect,
          t.call,
          ms(t.min, 1),
          ms(t.median, 1),
          ms(t.p95, 1),
          t.cpuPerCall === null ? '-' : ms(t.cpuPerCall, 1),
          t.matches,
          t.call.startsWith('search')
            ? `< ${TARGET_MS} ms (p95): ${t.p95 < TARGET_MS ? 'met' : 'NOT met'}`
            : 'none',
        ]),
      ),
    )}`,
  );
  const out = writeResults('links-search', {
    machine: m,
    options: { links: LINKS, runs: RUNS, warmup: WARMUP },
    targetMs: TARGET_MS,
    results,
  });
  console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
