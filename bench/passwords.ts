// Password hashing under floods: what one client, or many, can make the server hash, and
// whether a sign-in from elsewhere still answers meanwhile.
//
//   npm run bench:passwords [-- --runs 40 --flood 100 --dialects sqlite,postgres]
//
// The server runs with TRUST_PROXY=loopback, so each request names its client address in
// X-Forwarded-For. Printed per dialect:
// - timing: the median answer to a wrong password for an existing account and to an unknown
//   username (sequential, each from its own address), and their ratio (target: within 20%);
// - three floods of `--flood` parallel requests: sign-ins with unknown usernames from ONE
//   address, sign-ups from as many addresses, confirms of ONE valid reset token from as many
//   addresses; with each, a sign-in from another address sent 50 ms into the flood (target:
//   answered within 2 s), the flood's answers by status, and any 5xx other than 503.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/paths';
import { loadAverage, machine, ms, printMachine, table, writeResults } from './lib/report';
import {
  api,
  ensureServerBuilt,
  freshDatabase,
  ServerProcess,
  sleep,
  type BenchDatabase,
  type Dialect,
} from './lib/server';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '40' },
    flood: { type: 'string', default: '100' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
  },
});
const RUNS = Number(args.runs);
const FLOOD = Number(args.flood);
const TARGET_SIGN_IN_MS = 2000;
const TARGET_TIMING_RATIO = 0.2;

let addressCounter = 0;
/** A fresh client address for each call (10.x.y.z), told to the server by X-Forwarded-For. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function post(
  base: string,
  url: string,
  body: unknown,
  from: string,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function account(base: string) {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = 'correct horse battery staple';
  await api(base, 'POST', '/api/v1/auth/register', {
    body: { username, email: `${username}@example.com`, password },
    expect: 201,
  });
  return { username, password };
}

function resetToken(db: BenchDatabase, username: string): string {
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/admin.mjs'), 'reset-link', username],
    {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...db.env },
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  const token = /token=([A-Za-z0-9_-]+)/.exec(r.stdout)?.[1];
  if (r.status !== 0 || !token) throw new Error(`admin reset-link failed: ${r.stderr || r.stdout}`);
  return token;
}

interface Flood {
  name: string;
  floodMs: number;
  statuses: Record<string, number>;
  otherServerErrors: number;
  signInStatus: number;
  signInMs: number;
}

async function flood(
  base: string,
  name: string,
  owner: { username: string; password: string },
  request: (i: number) => Promise<{ status: number }>,
): Promise<Flood> {
  const started = performance.now();
  const all = Promise.all(Array.from({ length: FLOOD }, (_, i) => request(i)));
  await sleep(50);
  const signIn = await post(base, '/api/v1/auth/login', owner, nextAddress());
  const answers = await all;
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    name,
    floodMs: performance.now() - started,
    statuses,
    otherServerErrors: answers.filter((a) => a.status >= 500 && a.status !== 503).length,
    signInStatus: signIn.status,
    signInMs: signIn.ms,
  };
}

async function runDialect(dialect: Dialect) {
  console.log(`\n== ${dialect} ==`);
  const loadAvgBefore = loadAverage();
  const db = await freshDatabase(dialect);
  const server = new ServerProcess({
    name: `mailtokit-${dialect}`,
    env: { ...db.env, TRUST_PROXY: 'loopback', REGISTRATIONS_PER_HOUR: '100000' },
  });
  try {
    await server.start();
    const base = server.url;
    const owner = await account(base);
    const target = await account(base);

    // Timing: wrong password for an existing account vs an unknown username.
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const a = await post(
        base,
        '/api/v1/auth/login',
        { username: target.username, password: `wrong ${i}` },
        nextAddress(),
      );
      const b = await post(
        base,
        '/api/v1/auth/login',
        { username: `nobody_${randomBytes(4).toString('hex')}`, password: `wrong ${i}` },
        nextAddress(),
      );
      if (a.status !== 401 || b.status !== 401)
        throw new Error(`timing: ${a.status} / ${b.status}`);
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const timing = { wrongMedianMs: median(wrong), unknownMedianMs: median(unknown) };
    const ratio = Math.abs(timing.unknownMedianMs / timing.wrongMedianMs - 1);
    console.log(
      `  timing: wrong password median ${ms(timing.wrongMedianMs, 1)} ms, unknown username ${ms(timing.unknownMedianMs, 1)} ms (${(ratio * 100).toFixed(1)}% apart)`,
    );

    const floods: Flood[] = [];
    const one = nextAddress();
    floods.push(
      await flood(base, 'sign-ins, unknown names, one address', owner, (i) =>
        post(
          base,
          '/api/v1/auth/login',
          { username: `ghost_${i}`, password: 'a guess 12345' },
          one,
        ),
      ),
    );
    floods.push(
      await flood(base, 'sign-ups, one address each', owner, () => {
        const u = `flood_${randomBytes(5).toString('hex')}`;
        return post(
          base,
          '/api/v1/auth/register',
          { username: u, email: `${u}@example.com`, password: 'a long enough password' },
          nextAddress(),
        );
      }),
    );
    const victim = await account(base);
    const token = resetToken(db, victim.username);
    floods.push(
      await flood(base, 'confirms of one reset token', owner, () =>
        post(
          base,
          '/api/v1/auth/password-reset/confirm',
          { token, password: 'the new password 1' },
          nextAddress(),
        ),
      ),
    );
    for (const f of floods)
      console.log(
        `  ${f.name}: ${JSON.stringify(f.statuses)} in ${ms(f.floodMs, 0)} ms; sign-in from elsewhere ${f.signInStatus} in ${ms(f.signInMs, 0)} ms`,
      );
    return { dialect, loadAvgBefore, timing, ratio, floods, loadAvgAfter: loadAverage() };
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
      ['dialect', 'wrong password ms', 'unknown name ms', 'apart', 'target'],
      results.map((r) => [
        r.dialect,
        ms(r.timing.wrongMedianMs, 1),
        ms(r.timing.unknownMedianMs, 1),
        `${(r.ratio * 100).toFixed(1)}%`,
        `within ${TARGET_TIMING_RATIO * 100}%: ${r.ratio <= TARGET_TIMING_RATIO ? 'met' : 'NOT met'}`,
      ]),
    )}`,
  );
  console.log(
    `\n${table(
      ['dialect', 'flood', 'answers', 'other 5xx', 'sign-in', 'sign-in ms', 'target'],
      results.flatMap((r) =>
        r.floods.map((f) => [
          r.dialect,
          f.name,
          JSON.stringify(f.statuses),
          f.otherServerErrors,
          f.signInStatus,
          ms(f.signInMs, 0),
          `answered < ${TARGET_SIGN_IN_MS} ms: ${f.signInMs < TARGET_SIGN_IN_MS ? 'met' : 'NOT met'}`,
        ]),
      ),
    )}`,
  );
  const out = writeResults('passwords', {
    machine: m,
    options: { runs: RUNS, flood: FLOOD },
    results,
  });
  console.log(`\nresults: ${path.relative(process.cwd(), out)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
