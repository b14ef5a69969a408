// The no-click-lost check: under load, `kill -9` the server, restart it,
// and the click rows in the database must be at least the 302 responses the load generator
// fully received. A 302 is only sent once its click's transaction has committed, so a crash
// may leave clicks without a 302 (committed, answer not yet delivered) but never the reverse.
//
//   npm run bench:loss [-- --rounds 3 --kill-after 3 --dialects sqlite,postgres --control]
//
// --control first runs a negative control: bench/bare-server.mjs in a mode that answers
// before it writes must be caught losing clicks (it does not count towards the exit status).
//
// Exits 1 if any round stored fewer clicks than 302s received (a correctness failure, not a
// timing); the figures are printed either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { startLoad } from './lib/load';
import { BENCH_DIR } from './lib/paths';
import { loadAverage, machine, printMachine, table, writeResults } from './lib/report';
import {
  BROWSER_UA,
  ensureServerBuilt,
  freshDatabase,
  ServerProcess,
  sleep,
  trackedLink,
  type Dialect,
} from './lib/server';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'kill-after': { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    control: { type: 'boolean', default: false },
  },
});
const rounds = Number(args.rounds);
const killAfterMs = Number(args['kill-after']) * 1000;
const connections = Number(args.connections);
const dialects = args.dialects.split(',') as Dialect[];

interface Round {
  dialect: Dialect;
  round: number;
  loadAvgBefore: string;
  /** 302 responses autocannon fully received (its per-status count). */
  received302: number;
  /** The same, counted by our own listener on every completed response. */
  received302Listener: number;
  otherResponses: Record<string, number>;
  clicksStored: number;
  /** Committed clicks whose 302 never reached the client (in flight at the kill). */
  committedNotReceived: number;
  /** The restarted server answers the same slug with a 302. */
  redirectAfterRestart: number;
  ok: boolean;
}

/**
 * Drives load at `url`, kills the server with SIGKILL after about `kill-after` seconds
 * (jittered, so the kill lands at a different point each round) and stops the load.
 */
async function loadAndKill(server: ServerProcess, url: string) {
  // Longer than the kill: the run is stopped by hand right after it.
  const { instance, completed302 } = startLoad({ url, connections, duration: 60 });
  const done = new Promise<Awaited<typeof instance>>((resolve) => instance.on('done', resolve));
  await sleep(killAfterMs + Math.floor(Math.random() * 500));
  const pid = server.pid;
  await server.kill9();
  // Let the client read what the kernel already delivered, then stop the load.
  await sleep(200);
  instance.stop();
  const result = await done;
  const counts = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count]),
  );
  const { 302: received302 = 0, ...otherResponses } = counts;
  return { received302, received302Listener: completed302(), otherResponses, pid };
}

/**
 * The negative control: the bare server in reply-first mode (302 at once, clicks written
 * every 100 ms) must be caught losing clicks, or the check above proves nothing.
 */
async function runControl() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailtokit-control-'));
  const file = path.join(dir, 'bare.db');
  const server = new ServerProcess({
    name: 'bare-reply-first',
    script: path.join(BENCH_DIR, 'bare-server.mjs'),
    env: { BARE_DB: file, BARE_MODE: 'reply-first' },
    healthPath: '/health',
  });
  try {
    await server.start();
    const { received302 } = await loadAndKill(server, `${server.url}/t/control`);
    const db = new SQLite(file);
    const { n } = db.prepare('select count(*) as n from clicks').get() as { n: number };
    db.close();
    const caught = n < received302;
    console.log(
      `control (reply first, write later): 302s received ${received302}, clicks stored ${n} -> ${caught ? `loss detected (${received302 - n} clicks), as expected` : 'NO loss detected: the check may be toothless'}`,
    );
    return { received302, clicksStored: n, lossDetected: caught };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runRound(dialect: Dialect, round: number): Promise<Round> {
  const db = await freshDatabase(dialect);
  const server = new ServerProcess({ name: `mailtokit-${dialect}`, env: db.env });
  try {
    await server.start();
    const { tracking } = await trackedLink(server, db);
    const loadAvgBefore = loadAverage();
    const url = `${server.url}/t/${tracking.slug}`;
    const { received302, received302Listener, otherResponses, pid } = await loadAndKill(
      server,
      url,
    );

    // Restart on the same database: SQLite replays its WAL, migrations run, the recorder
    // starts empty. Count before the check request below adds a click of its own.
    await server.start(true);
    const clicksStored = await db.countClicks(tracking.id);
    const after = await fetch(url, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } });
    await after.arrayBuffer();
    await server.stop();

    const ok = clicksStored >= received302 && received302 > 0;
    console.log(
      `${dialect} round ${round}: killed pid ${pid} after ~${killAfterMs / 1000} s; 302s received ${received302}, clicks stored ${clicksStored} -> ${ok ? 'ok' : 'FAIL'}`,
    );
    return {
      dialect,
      round,
      loadAvgBefore,
      received302,
      received302Listener,
      otherResponses,
      clicksStored,
      committedNotReceived: clicksStored - received302,
      redirectAfterRestart: after.status,
      ok,
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
  console.log(
    `${connections} connections at GET /t/<slug>; kill -9 after ${killAfterMs / 1000} s; ${rounds} round(s) per dialect\n`,
  );
  const control = args.control ? await runControl() : null;
  const results: Round[] = [];
  for (const dialect of dialects)
    for (let round = 1; round <= rounds; round += 1) results.push(await runRound(dialect, round));

  console.log(
    `\n${table(
      [
        'dialect',
        'round',
        '302s received',
        'clicks stored',
        'committed, 302 not received',
        'other responses',
        '302 after restart',
        'result',
        'load avg before',
      ],
      results.map((r) => [
        r.dialect,
        r.round,
        r.received302,
        r.clicksStored,
        r.committedNotReceived,
        Object.entries(r.otherResponses)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ') || 'none',
        r.redirectAfterRestart,
        r.ok ? 'ok' : 'FAIL',
        r.loadAvgBefore,
      ]),
    )}`,
  );
  const mismatched = results.filter((r) => r.received302 !== r.received302Listener);
  if (mismatched.length > 0)
    console.log('note: the per-status count and the response listener disagree in', mismatched);

  const out = writeResults('loss', {
    machine: m,
    loadAverageAtEnd: loadAverage(),
    control,
    results,
  });
  console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    console.error(
      `\nFAIL: ${failed.length} round(s) stored fewer clicks than the 302s received (or received none)`,
    );
    process.exit(1);
  }
  console.log('\nno click lost: every round stored at least as many clicks as 302s received');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
