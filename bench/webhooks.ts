// Redirect throughput with one active webhook against none: the same MailtoKit server and
// load (bench:redirect's realistic mix of agents, referrers and client addresses, on one tracking
// link, so that most hits are people's clicks and each makes an event), once without a
// webhook and once with one covering the clicked link (its receiver, a
// node:http server answering 200, runs in this process). Each click batch then also writes
// an outbox row in its transaction, and the in-process worker POSTs the events after the 302s
// (holding back while the server is busy). Besides req/s it prints the CPU time per redirect
// during the measured load (server, PostgreSQL backends, this process), which depends far less
// on what else the machine runs.
//
//   npm run bench:webhooks [-- --rounds 2 --duration 10 --warmup 2 --connections 50 --only sqlite,postgres --profile sqlite]
//
// Prints figures; never fails on slow numbers. --profile sqlite|postgres also runs that server
// without and with a webhook once more each under the same load with --cpu-prof and prints
// where its time goes during the measured load alone (not start-up, warm-up or the drain).
// BENCH_PORTS=3110-3119 keeps the servers and the receiver in that port range.
import http from 'node:http';
import { parseArgs } from 'node:util';
import { profiledRun, type ProfileSummary } from './lib/cpuprofile';
import { measure, startLoad, type LoadSummary } from './lib/load';
import { loadAverage, machine, ms, printMachine, table, writeResults } from './lib/report';
import { realisticRequests } from './lib/traffic';
import {
  api,
  cpuByPid,
  ensureServerBuilt,
  freePort,
  freshDatabase,
  ServerProcess,
  sleep,
  trackedLink,
  type Dialect,
} from './lib/server';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: 'sqlite,postgres' },
    profile: { type: 'string', default: '' },
  },
});
const rounds = Number(args.rounds);
const load = {
  durationS: Number(args.duration),
  warmupS: Number(args.warmup),
  connections: Number(args.connections),
};
const dialects = args.only
  .split(',')
  .filter((d): d is Dialect => d === 'sqlite' || d === 'postgres');

/** The target: with one webhook, the redirect keeps at least 90% of its throughput without. */
const TARGET_RATIO = 0.9;

interface Run {
  round: number;
  dialect: Dialect;
  webhook: boolean;
  loadAvgBefore: string;
  summary: LoadSummary;
  /**
   * CPU time per redirect during the measured load (ms): the server process, PostgreSQL's
   * backends serving it, and this process (autocannon and the receiver).
   */
  cpuMsPerRequest: { server: number; database: number | null; bench: number } | null;
  /** Events the receiver got during the measured load. */
  deliveredDuringLoad: number;
  /** Events the receiver got within 60 s of the load's end (with a webhook). */
  delivered: number;
  /** Seconds from the load's end until every queued event was delivered. */
  drainS: number | null;
}

async function receiver() {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      res.writeHead(200).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    count: () => count,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function run(
  round: number,
  dialect: Dialect,
  webhook: boolean,
  profileDir: string | null = null,
): Promise<Run> {
  const db = await freshDatabase(dialect);
  const server = new ServerProcess({
    name: `mailtokit-${dialect}${webhook ? '-webhook' : ''}`,
    // Behind a proxy, as in bench:redirect's realistic mode: the client address comes from
    // X-Forwarded-For, so the repeat limits see 20,000 clients, not one.
    env: { ...db.env, WEBHOOK_ALLOW_PRIVATE: 'true', TRUST_PROXY: 'true' },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const sink = await receiver();
  try {
    await server.start();
    const { tracking, link, user } = await trackedLink(server, db);
    if (webhook)
      await api(server.url, 'POST', '/api/v1/webhooks', {
        token: user.token,
        body: { url: sink.url, mailtoLinkIds: [link.id], currentPassword: user.password },
        expect: 201,
      });
    const loadAvgBefore = loadAverage();
    console.log(
      `round ${round}: ${dialect}, ${webhook ? 'one webhook' : 'no webhook'} (load ${loadAvgBefore})`,
    );
    const url = `${server.url}/t/${tracking.slug}`;
    const requests = realisticRequests({ paths: [`/t/${tracking.slug}`] });
    if (load.warmupS > 0)
      await startLoad({ url, duration: load.warmupS, connections: load.connections, requests })
        .instance;
    // CPU time of the measured load alone (not the warm-up, nor the drain after it).
    const pids = async () => [server.pid ?? 0, ...(await db.backendPids())];
    const dbPids = (await pids()).slice(1);
    const cpuBefore = cpuByPid(await pids());
    const benchBefore = process.cpuUsage();
    const deliveredBefore = sink.count();
    const summary = await measure(url, { ...load, warmupS: 0, requests });
    const deliveredDuringLoad = sink.count() - deliveredBefore;
    const benchCpu = process.cpuUsage(benchBefore);
    const cpuAfter = cpuByPid([server.pid ?? 0, ...dbPids]);
    let cpuMsPerRequest: Run['cpuMsPerRequest'] = null;
    if (cpuBefore && cpuAfter && summary.requestsTotal > 0) {
      const used = (pid: number) => (cpuAfter.get(pid) ?? 0) - (cpuBefore.get(pid) ?? 0);
      const perReq = (x: number) => x / summary.requestsTotal;
      cpuMsPerRequest = {
        server: perReq(used(server.pid ?? 0)),
        database:
          dialect === 'postgres' ? perReq(dbPids.reduce((sum, pid) => sum + used(pid), 0)) : null,
        bench: perReq((benchCpu.user + benchCpu.system) / 1000),
      };
    }
    let drainS: number | null = null;
    if (webhook) {
      // Every person's click of the warm-up and the measured run is an event (hits left out of
      // the counts are not); wait for the worker to catch up.
      const expected = await db.countClicks(tracking.id, { humansOnly: true });
      const start = Date.now();
      while (sink.count() < expected && Date.now() - start < 60_000) await sleep(100);
      if (sink.count() >= expected) drainS = (Date.now() - start) / 1000;
    }
    return {
      round,
      dialect,
      webhook,
      loadAvgBefore,
      summary,
      cpuMsPerRequest,
      deliveredDuringLoad,
      delivered: sink.count(),
      drainS,
    };
  } finally {
    await server.stop();
    await sink.close();
    await db.dispose();
  }
}

function cpuCell(r: Run): string {
  const c = r.cpuMsPerRequest;
  if (!c) return '-';
  const us = (x: number) => Math.round(x * 1000);
  return `${us(c.server)}+${c.database === null ? '-' : us(c.database)}+${us(c.bench)}`;
}

async function main() {
  const m = machine();
  printMachine(m);
  await ensureServerBuilt();
  console.log(
    `autocannon: ${load.connections} connections, ${load.warmupS} s warm-up + ${load.durationS} s measured per run, GET /t/<slug>\n`,
  );
  const runs: Run[] = [];
  for (let round = 1; round <= rounds; round++)
    for (const dialect of dialects) {
      // Alternate the order so neither variant always runs on a warmer machine.
      const order = round % 2 === 1 ? [false, true] : [true, false];
      for (const webhook of order) runs.push(await run(round, dialect, webhook));
    }

  console.log(
    `\n${table(
      [
        'round',
        'database',
        'webhook',
        'req/s',
        'p50',
        'p99',
        'non-302',
        'CPU µs/req srv+db+bench',
        'sent in load',
        'delivered',
        'drained in',
      ],
      runs.map((r) => [
        r.round,
        r.dialect,
        r.webhook ? 'one' : 'none',
        Math.round(r.summary.reqPerSecMean),
        ms(r.summary.latencyMs.p50),
        ms(r.summary.latencyMs.p99),
        r.summary.non302,
        cpuCell(r),
        r.webhook ? r.deliveredDuringLoad : '-',
        r.webhook ? r.delivered : '-',
        r.webhook ? (r.drainS === null ? '> 60 s' : `${r.drainS.toFixed(1)} s`) : '-',
      ]),
    )}`,
  );
  for (const dialect of dialects) {
    const mean = (webhook: boolean) => {
      const xs = runs.filter((r) => r.dialect === dialect && r.webhook === webhook);
      return xs.reduce((s, r) => s + r.summary.reqPerSecMean, 0) / xs.length;
    };
    const ratio = mean(true) / mean(false);
    // Each round's two runs ran back to back: their ratio is less exposed to load that comes
    // and goes on a shared machine than the ratio of the means.
    const perRound = [...new Set(runs.map((r) => r.round))]
      .map((round) => {
        const of = (webhook: boolean) =>
          runs.find((r) => r.round === round && r.dialect === dialect && r.webhook === webhook);
        const [w, n] = [of(true), of(false)];
        return w && n ? w.summary.reqPerSecMean / n.summary.reqPerSecMean : null;
      })
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b);
    const mid = (perRound.length - 1) / 2;
    const median = ((perRound[Math.floor(mid)] ?? NaN) + (perRound[Math.ceil(mid)] ?? NaN)) / 2;
    console.log(
      `${dialect}: per-round ratios ${perRound.map((x) => `${(x * 100).toFixed(0)}%`).join(', ')}; median ${(median * 100).toFixed(1)}%`,
    );
    const cpu = (webhook: boolean) => {
      const xs = runs
        .filter((r) => r.dialect === dialect && r.webhook === webhook && r.cpuMsPerRequest)
        .map((r) => r.cpuMsPerRequest!.server + (r.cpuMsPerRequest!.database ?? 0));
      return xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length) * 1000 : NaN;
    };
    console.log(
      `${dialect}: CPU per redirect (server${dialect === 'postgres' ? ' + PostgreSQL' : ''}) with a webhook ${cpu(true).toFixed(0)} µs, without ${cpu(false).toFixed(0)} µs (+${((cpu(true) / cpu(false) - 1) * 100).toFixed(0)}%)`,
    );
    console.log(
      `${dialect}: with a webhook ${Math.round(mean(true))} req/s, without ${Math.round(mean(false))} req/s: ${(ratio * 100).toFixed(1)}% (target >= ${TARGET_RATIO * 100}%: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
    );
  }
  // Both variants profiled, the measured load only: the difference is what the webhook costs.
  const profiles: { webhook: boolean; profile: ProfileSummary | null }[] = [];
  if (args.profile === 'sqlite' || args.profile === 'postgres') {
    const dialect: Dialect = args.profile;
    for (const webhook of [false, true])
      profiles.push({
        webhook,
        profile: await profiledRun(
          `MailtoKit (${dialect}) ${webhook ? 'with one webhook' : 'without a webhook'}`,
          (dir) => run(0, dialect, webhook, dir),
        ),
      });
  }
  const file = writeResults('webhooks', { machine: m, load, runs, profiles });
  console.log(`\nresults: ${file}`);
}

await main();
