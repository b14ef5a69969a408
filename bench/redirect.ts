// Redirect throughput and latency: MailtoKit's real server (SQLite, then PostgreSQL) against two
// node:http references: the minimal one (bench/minimal-server.mjs: one synchronous SQLite INSERT
// per click into an unindexed table and a 302, nothing else: the machine's floor) and the
// indexed one (bench/bare-server.mjs: the same with a visitor hash and MailtoKit's eight-column
// clicks index). Every ratio is printed against both; the targets are against the minimal one.
// autocannon runs in this process; every server is a child process on 127.0.0.1.
//
//   npm run bench:redirect [-- --mode realistic|best --slugs 200 --rounds 3 --duration 10 --warmup 2 --connections 50 --profile sqlite]
//
// --only picks the servers (minimal,bare,sqlite,postgres by default); `sqlite-noplace` adds
// MailtoKit on SQLite with GEOIP_DB_FILE=off, and `sqlite-onecountry` with a place database of
// one network (every client in one country), so one run shows what the place lookup costs
// alone and what clicks from many countries cost the rollups.
//
// --mode realistic (the default): the load spreads over --slugs tracking links with Zipf
// popularity, 2,645 distinct real-format browser user agents (and a few bots), 73 referrers
// (or none) and 20,000 client addresses sent as X-Forwarded-For (MailtoKit runs with
// TRUST_PROXY=true), so caches miss and visitors are new as in real traffic.
// --mode best: one slug, one user agent, one referrer, one client: every cache hits and every
// visitor is known, the best case.
//
// Prints figures; never fails on slow numbers. --profile sqlite|postgres also runs that
// MailtoKit server once more under the same load with --cpu-prof and prints where its time goes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { profiledRun, type ProfileSummary } from './lib/cpuprofile';
import { measure, type LoadSummary } from './lib/load';
import { BENCH_DIR } from './lib/paths';
import {
  loadAverage,
  machine,
  ms,
  printMachine,
  summarize as stat,
  table,
  writeResults,
} from './lib/report';
import {
  cpuByPid,
  createLink,
  createTrackingLink,
  ensureServerBuilt,
  freshDatabase,
  ServerProcess,
  trackedLink,
  type Dialect,
} from './lib/server';
import { realisticRequests } from './lib/traffic';
// eslint-disable-next-line no-restricted-imports -- the server tests' writer of place databases
import { writeMmdb } from '../apps/server/test/mmdb-fixture';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: 'minimal,bare,sqlite,postgres' },
    profile: { type: 'string', default: '' },
    mode: { type: 'string', default: 'realistic' },
    slugs: { type: 'string', default: '200' },
  },
});
if (args.mode !== 'realistic' && args.mode !== 'best') {
  console.error('--mode must be realistic or best');
  process.exit(1);
}
const realistic = args.mode === 'realistic';
const slugCount = Math.max(1, Number(args.slugs));
const rounds = Number(args.rounds);
const load = {
  durationS: Number(args.duration),
  warmupS: Number(args.warmup),
  connections: Number(args.connections),
};
const only = new Set(args.only.split(','));

/**
 * Targets, against the minimal server of the same round: on SQLite at least 0.8x its req/s with
 * a p99 at most 1.5x its p99; on PostgreSQL at least 0.6x its req/s.
 */
const TARGET_RATIO_SQLITE = 0.8;
const TARGET_P99_FACTOR = 1.5;
const TARGET_RATIO_POSTGRES = 0.6;
const MINIMAL = 'minimal node:http (SQLite, no index)';
const BARE = 'bare node:http (SQLite, indexed)';

interface Run {
  round: number;
  server: string;
  loadAvgBefore: string;
  summary: LoadSummary;
  /** Click rows stored after the run (at least the 302s: nothing lost, nothing uncounted). */
  clicksStored: number;
  /**
   * PostgreSQL: the database's commits during the load (the set-up's taken off): the click
   * batches plus the batched slug lookups (one autocommit statement per event-loop turn), so
   * the clicks per click transaction are at least clicks stored / commits.
   */
  loadCommits?: number;
  mailtoUrl?: string;
}

async function runBare(round: number, kind: 'minimal' | 'bare'): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailtokit-bare-'));
  const file = path.join(dir, 'bare.db');
  const server = new ServerProcess({
    name: kind,
    script: path.join(BENCH_DIR, kind === 'minimal' ? 'minimal-server.mjs' : 'bare-server.mjs'),
    env: { BARE_DB: file },
    healthPath: '/health',
  });
  try {
    await server.start();
    const loadAvgBefore = loadAverage();
    console.log(`round ${round}: ${kind === 'minimal' ? MINIMAL : BARE} (load ${loadAvgBefore})`);
    const paths = Array.from({ length: slugCount }, (_, i) => `/t/bench${i}`);
    const summary = await measure(`${server.url}/t/bench`, {
      ...load,
      requests: realistic ? realisticRequests({ paths }) : undefined,
      cpuOf: async () => cpuByPid([server.pid ?? 0]),
    });
    await server.stop();
    const db = new SQLite(file);
    const { n } = db.prepare('select count(*) as n from clicks').get() as { n: number };
    db.close();
    return {
      round,
      server: kind === 'minimal' ? MINIMAL : BARE,
      loadAvgBefore,
      summary,
      clicksStored: n,
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where the server reads places from: the bundled country database, none (`GEOIP_DB_FILE=off`:
 * no lookup, every click under the unknown country), or a database of one network, every IPv4
 * address in one country (a lookup of a two-level tree: every click under that country).
 * `off` and `one-country` write the same rollup rows; `one-country` and `bundled` look up the
 * same way, on a larger tree.
 */
type Places = 'bundled' | 'off' | 'one-country';

const PLACES_NAME: Record<Places, string> = {
  bundled: '',
  off: ', no place lookup',
  'one-country': ', one-country place database',
};

/** A MaxMind-format database holding one network: all of IPv4 in Germany. */
function oneCountryDatabase(dir: string): string {
  const file = path.join(dir, 'one-country.mmdb');
  fs.writeFileSync(
    file,
    writeMmdb({ '0.0.0.0/0': { country: { iso_code: 'DE' } } }, 'MailtoKit-Bench-Country'),
  );
  return file;
}

async function runMailtoKit(
  round: number,
  dialect: Dialect,
  profileDir: string | null,
  places: Places = 'bundled',
): Promise<Run> {
  const db = await freshDatabase(dialect);
  const geoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailtokit-geo-'));
  const server = new ServerProcess({
    name: `mailtokit-${dialect}`,
    env: {
      ...db.env,
      // Behind a proxy in the realistic mode: the client address comes from X-Forwarded-For.
      ...(realistic ? { TRUST_PROXY: 'true' } : {}),
      ...(places === 'off' ? { GEOIP_DB_FILE: 'off' } : {}),
      ...(places === 'one-country' ? { GEOIP_DB_FILE: oneCountryDatabase(geoDir) } : {}),
    },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    await server.start();
    const { tracking, link, user } = await trackedLink(server, db);
    const paths = [`/t/${tracking.slug}`];
    // More links, each with up to 10 tracking links, until there are `slugCount` slugs.
    for (let l = 0; paths.length < slugCount; l++) {
      const extra = await createLink(server, user.token, {
        name: `Campaign ${l}`,
        to: `campaign${l}@example.com`,
        subject: `Campaign ${l} — reply`,
      });
      for (let t = 0; t < 10 && paths.length < slugCount; t++)
        paths.push(
          `/t/${(await createTrackingLink(server, user.token, extra.id, `Issue ${t}`)).slug}`,
        );
    }
    if (!realistic) paths.length = 1;
    // Commits of the set-up (a few may be reported late and counted with the clicks).
    const setupCommits = await db.transactions();
    const loadAvgBefore = loadAverage();
    const name = `MailtoKit (${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${PLACES_NAME[places]})`;
    console.log(`round ${round}: ${name} (load ${loadAvgBefore})`);
    const url = `${server.url}/t/${tracking.slug}`;
    const summary = await measure(url, {
      ...load,
      requests: realistic ? realisticRequests({ paths }) : undefined,
      // The server process, and on PostgreSQL the database's backends serving it.
      cpuOf: async () => cpuByPid([server.pid ?? 0, ...(await db.backendPids())]),
    });
    await server.stop();
    // Clicks of the warm-up and the measured run.
    const clicksStored = await db.countClicks(realistic ? null : tracking.id);
    const commits = await db.transactions();
    const loadCommits =
      commits !== null && setupCommits !== null ? Math.max(1, commits - setupCommits) : undefined;
    return {
      round,
      server: name,
      loadAvgBefore,
      summary,
      clicksStored,
      loadCommits,
      mailtoUrl: link.mailtoUrl,
    };
  } finally {
    await server.stop();
    await db.dispose();
    fs.rmSync(geoDir, { recursive: true, force: true });
  }
}

/** Server CPU per request of the measured run, in µs ('-' without /proc). */
function cpuPerRequest(s: LoadSummary): string {
  if (s.cpuMs === undefined || s.cpuMs === null || s.requestsTotal === 0) return '-';
  return String(Math.round((s.cpuMs * 1000) / s.requestsTotal));
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function main() {
  const m = machine();
  printMachine(m);
  await ensureServerBuilt();
  console.log(
    `autocannon: ${load.connections} connections, ${load.warmupS} s warm-up + ${load.durationS} s measured per server, GET /t/<slug>, redirects not followed\n` +
      (realistic
        ? `mode realistic: ${slugCount} slugs (Zipf), 2,645 user agents, 73 referrers, 20,000 client IPs in X-Forwarded-For (TRUST_PROXY=true)\n`
        : 'mode best: one slug, one user agent, one referrer, one client (every cache hits)\n'),
  );

  const runs: Run[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    if (only.has('minimal')) runs.push(await runBare(round, 'minimal'));
    if (only.has('bare')) runs.push(await runBare(round, 'bare'));
    if (only.has('sqlite-noplace')) runs.push(await runMailtoKit(round, 'sqlite', null, 'off'));
    if (only.has('sqlite-onecountry'))
      runs.push(await runMailtoKit(round, 'sqlite', null, 'one-country'));
    if (only.has('sqlite')) runs.push(await runMailtoKit(round, 'sqlite', null));
    if (only.has('postgres')) runs.push(await runMailtoKit(round, 'postgres', null));
  }

  const rows = runs.map((r) => [
    rounds > 1 ? `${r.server} #${r.round}` : r.server,
    cpuPerRequest(r.summary),
    Math.round(r.summary.reqPerSecMean),
    ms(r.summary.latencyMs.p50),
    ms(r.summary.latencyMs.p90),
    ms(r.summary.latencyMs.p99),
    r.summary.redirects302,
    r.summary.non302 + r.summary.errors,
    r.clicksStored,
    r.loadAvgBefore,
  ]);
  console.log(
    `\n${table(
      [
        'server',
        'CPU µs/req†',
        'req/s (mean)',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        '302s',
        'non-302 + errors',
        'clicks stored*',
        'load avg before (1/5/15 min)',
      ],
      rows,
    )}`,
  );
  console.log('* clicks stored include the warm-up; they must be >= the 302s of warm-up + run.');
  console.log(
    '† CPU time (user + system, from /proc) of the server process, and of the PostgreSQL backends for PostgreSQL, per request of the measured run: unlike req/s, it hardly depends on the load generator sharing the cores.',
  );
  for (const r of runs.filter((x) => x.loadCommits !== undefined))
    console.log(
      `${r.server}${rounds > 1 ? ` #${r.round}` : ''}: ${r.loadCommits} commits (click batches and batched lookups), at least ${(r.clicksStored / (r.loadCommits ?? 1)).toFixed(1)} clicks per click transaction (group commit)`,
    );

  const ratios: Record<string, unknown>[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const minimal = runs.find((r) => r.round === round && r.server === MINIMAL);
    const bare = runs.find((r) => r.round === round && r.server === BARE);
    for (const r of runs.filter((x) => x.round === round && x.server.startsWith('MailtoKit'))) {
      const sqlite = r.server.includes('SQLite');
      const xMinimal = minimal ? r.summary.reqPerSecMean / minimal.summary.reqPerSecMean : null;
      const xBare = bare ? r.summary.reqPerSecMean / bare.summary.reqPerSecMean : null;
      const p99x = minimal ? r.summary.latencyMs.p99 / minimal.summary.latencyMs.p99 : null;
      const target = sqlite ? TARGET_RATIO_SQLITE : TARGET_RATIO_POSTGRES;
      const ratioOk = xMinimal !== null && xMinimal >= target;
      const p99Ok = p99x !== null && p99x <= TARGET_P99_FACTOR;
      ratios.push({ round, server: r.server, xMinimal, xBare, p99: r.summary.latencyMs.p99, p99x });
      const parts = [
        xMinimal === null
          ? 'no minimal run (--only)'
          : `${xMinimal.toFixed(2)}x minimal (target >= ${target}x: ${verdict(ratioOk)})`,
      ];
      if (sqlite && p99x !== null)
        parts.push(
          `p99 ${ms(r.summary.latencyMs.p99)} ms = ${p99x.toFixed(2)}x minimal's (target <= ${TARGET_P99_FACTOR}x: ${verdict(p99Ok)})`,
        );
      if (xBare !== null) parts.push(`${xBare.toFixed(2)}x indexed bare`);
      console.log(`${rounds > 1 ? `round ${round}: ` : ''}${r.server}: ${parts.join('; ')}`);
    }
  }
  // The place lookup's cost: the same server with and without it, in the same round.
  for (let round = 1; round <= rounds; round += 1) {
    const without = runs.find((r) => r.round === round && r.server.includes('no place lookup'));
    const withIt = runs.find((r) => r.round === round && r.server === 'MailtoKit (SQLite)');
    const cpu = (r: Run) => ((r.summary.cpuMs ?? NaN) * 1000) / r.summary.requestsTotal;
    const oneCountry = runs.find(
      (r) => r.round === round && r.server.includes('one-country place database'),
    );
    const prefix = rounds > 1 ? `round ${round}: ` : '';
    if (without && oneCountry)
      console.log(
        `${prefix}the lookup alone (one-country database vs none, the same rollup rows): ${(cpu(oneCountry) - cpu(without)).toFixed(1)} µs of server CPU per request`,
      );
    if (oneCountry && withIt)
      console.log(
        `${prefix}clicks from many countries (bundled vs one-country database: rollup rows by country, a larger tree): ${(cpu(withIt) - cpu(oneCountry)).toFixed(1)} µs of server CPU per request`,
      );
    if (without && withIt)
      console.log(
        `${prefix}places in all: ${(cpu(withIt) - cpu(without)).toFixed(1)} µs of server CPU per request (${cpu(withIt).toFixed(1)} with, ${cpu(without).toFixed(1)} without)`,
      );
  }
  for (const r of runs.filter((x) => x.clicksStored < x.summary.redirects302))
    console.log(`warning: ${r.server} stored fewer clicks than the 302s it sent`);

  // Across rounds: the neighbours' load changes from one 10 s run to the next, so the
  // medians (typical) and the bests (closest to what the machine can do) say more than
  // any single round.
  let acrossRounds: Record<string, unknown>[] = [];
  if (rounds > 1) {
    const servers = [...new Set(runs.map((r) => r.server))];
    const stats = servers.map((server) => {
      const of = runs.filter((r) => r.server === server);
      const rps = of.map((r) => r.summary.reqPerSecMean);
      const p99 = of.map((r) => r.summary.latencyMs.p99);
      return {
        server,
        medianRps: stat(rps).median,
        bestRps: Math.max(...rps),
        medianP99: stat(p99).median,
        bestP99: stat(p99).min,
      };
    });
    const minimal = stats.find((x) => x.server === MINIMAL);
    const bare = stats.find((x) => x.server === BARE);
    acrossRounds = stats.map((x) => ({
      ...x,
      minimalOfMedians: minimal ? x.medianRps / minimal.medianRps : null,
      ratioOfMedians: bare ? x.medianRps / bare.medianRps : null,
      ratioOfBests: bare ? x.bestRps / bare.bestRps : null,
    }));
    console.log(
      `\nacross ${rounds} rounds:\n${table(
        [
          'server',
          'median req/s',
          'best req/s',
          'median p99 ms',
          'best p99 ms',
          'x minimal (medians)',
          'x bare (medians)',
          'x bare (bests)',
        ],
        acrossRounds.map((x) => [
          String(x.server),
          Math.round(Number(x.medianRps)),
          Math.round(Number(x.bestRps)),
          ms(Number(x.medianP99)),
          ms(Number(x.bestP99)),
          x.minimalOfMedians === null ? '-' : `${Number(x.minimalOfMedians).toFixed(2)} x`,
          x.ratioOfMedians === null ? '-' : `${Number(x.ratioOfMedians).toFixed(2)} x`,
          x.ratioOfBests === null ? '-' : `${Number(x.ratioOfBests).toFixed(2)} x`,
        ]),
      )}`,
    );
    const sq = stats.find((x) => x.server === 'MailtoKit (SQLite)');
    if (minimal && sq)
      console.log(
        `MailtoKit (SQLite), medians of ${rounds} rounds — target >= ${TARGET_RATIO_SQLITE}x minimal: ${verdict(sq.medianRps / minimal.medianRps >= TARGET_RATIO_SQLITE)}; p99 <= ${TARGET_P99_FACTOR}x minimal's: ${verdict(sq.medianP99 <= TARGET_P99_FACTOR * minimal.medianP99)} (minimal's median p99: ${ms(minimal.medianP99)} ms)`,
      );
    const pg = stats.find((x) => x.server === 'MailtoKit (PostgreSQL)');
    if (minimal && pg)
      console.log(
        `MailtoKit (PostgreSQL), medians of ${rounds} rounds — target >= ${TARGET_RATIO_POSTGRES}x minimal: ${verdict(pg.medianRps / minimal.medianRps >= TARGET_RATIO_POSTGRES)}`,
      );
  }

  let profile: ProfileSummary | null = null;
  if (args.profile === 'sqlite' || args.profile === 'postgres') {
    const dialect: Dialect = args.profile;
    profile = await profiledRun(`MailtoKit (${dialect}) under the same load`, (dir) =>
      runMailtoKit(0, dialect, dir),
    );
  }

  const out = writeResults('redirect', {
    machine: m,
    loadAverageAtEnd: loadAverage(),
    load,
    targets: {
      sqliteXMinimal: TARGET_RATIO_SQLITE,
      sqliteP99XMinimal: TARGET_P99_FACTOR,
      postgresXMinimal: TARGET_RATIO_POSTGRES,
    },
    runs,
    ratios,
    acrossRounds,
    profile,
  });
  console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
