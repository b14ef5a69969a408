// CSV import of 10,000 links against the real server (the built bundle, as a child process),
// with `GET /api/v1/health` probed every few milliseconds meanwhile: how long the import takes,
// and how long the health check waits while it runs (the server must keep answering). One
// fresh account per import. SQLite, then PostgreSQL.
//
//   npm run bench:import [-- --rows 10000 --rounds 3 --probe-every 10 --dialects sqlite,postgres]
//
// Prints figures; never fails on slow numbers.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverage, machine, ms, printMachine, table, writeResults } from './lib/report';
import {
  ensureServerBuilt,
  freshDatabase,
  premiumUser,
  ServerProcess,
  sleep,
  type Dialect,
} from './lib/server';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    'probe-every': { type: 'string', default: '10' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
  },
});
const ROWS = Number(args.rows);
const ROUNDS = Number(args.rounds);
const PROBE_EVERY_MS = Number(args['probe-every']);
/** The contract: health answers within 200 ms at its p99 while a 10,000-row import runs. */
const TARGET_P99_MS = 200;

/** A plausible links CSV: every column, some cells quoted, a few hundred bytes a row. */
function csvOf(rows: number, seed: string): string {
  const lines = ['name,to,cc,bcc,subject,body,team'];
  for (let i = 0; i < rows; i += 1)
    lines.push(
      [
        `${seed} newsletter ${i}`,
        `"sales${i}@example.com, support@example.com"`,
        `cc${i % 17}@example.org`,
        '',
        `"Spring offer, part ${i}"`,
        `"Hello,\r\nthanks for your interest in offer ${i}. ""Reply"" to this mail and we will call you back."`,
        '',
      ].join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Sends a health probe every `everyMs` (each on its own, not waiting for the one before) until
 * `stop` resolves; the latency of each, from the moment it was sent.
 */
async function probe(base: string, everyMs: number, stop: Promise<unknown>): Promise<number[]> {
  const latencies: Promise<number>[] = [];
  let done = false;
  void stop.finally(() => (done = true));
  while (!done) {
    const sent = performance.now();
    latencies.push(
      fetch(`${base}/api/v1/health`).then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`health answered ${res.status}`);
        return performance.now() - sent;
      }),
    );
    await sleep(everyMs);
  }
  return (await Promise.all(latencies)).sort((a, b) => a - b);
}

interface Round {
  importMs: number;
  probes: number;
  p50: number;
  p99: number;
  max: number;
}

async function runDialect(dialect: Dialect) {
  console.log(`\n== ${dialect} ==`);
  const loadAvgBefore = loadAverage();
  const db = await freshDatabase(dialect);
  const server = new ServerProcess({ name: `mailtokit-${dialect}`, env: db.env });
  try {
    await server.start();
    const idle = await probe(server.url, PROBE_EVERY_MS, sleep(1000));
    console.log(
      `  health, idle: p50 ${ms(percentile(idle, 50), 1)} ms, p99 ${ms(percentile(idle, 99), 1)} ms (${idle.length} probes)`,
    );
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const user = await premiumUser(server, db);
      const csv = csvOf(ROWS, `r${round}`);
      const started = performance.now();
      const importing = fetch(`${server.url}/api/v1/mailto-links/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
        body: csv,
      }).then(async (res) => {
        const text = await res.text();
        if (res.status !== 201) throw new Error(`import: ${res.status} ${text.slice(0, 300)}`);
        return performance.now() - started;
      });
      const [importMs, latencies] = await Promise.all([
        importing,
        probe(server.url, PROBE_EVERY_MS, importing),
      ]);
      const r = {
        importMs,
        probes: latencies.length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? NaN,
      };
      console.log(
        `  round ${round}: import ${ms(r.importMs, 0)} ms (${(csv.length / 1024 / 1024).toFixed(1)} MB); health during it: p50 ${ms(r.p50, 1)} ms, p99 ${ms(r.p99, 1)} ms, max ${ms(r.max, 1)} ms (${r.probes} probes)`,
      );
      rounds.push(r);
    }
    return { dialect, loadAvgBefore, rounds, loadAvgAfter: loadAverage() };
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
      [
        'dialect',
        'round',
        'import ms',
        'health p50 ms',
        'health p99 ms',
        'health max ms',
        'target',
      ],
      results.flatMap((res) =>
        res.rounds.map((r, i) => [
          res.dialect,
          i + 1,
          ms(r.importMs, 0),
          ms(r.p50, 1),
          ms(r.p99, 1),
          ms(r.max, 1),
          `p99 < ${TARGET_P99_MS} ms: ${r.p99 < TARGET_P99_MS ? 'met' : 'NOT met'}`,
        ]),
      ),
    )}`,
  );
  const out = writeResults('import', {
    machine: m,
    options: { rows: ROWS, rounds: ROUNDS, probeEveryMs: PROBE_EVERY_MS },
    targetP99Ms: TARGET_P99_MS,
    results,
  });
  console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
