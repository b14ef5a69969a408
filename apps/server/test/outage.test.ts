import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDb, type Db } from '../src/db/database';
import { isDatabaseUnavailable } from '../src/lib/db-errors';
import { createTestDatabase, dialect, setTier } from './helpers';
import { jsonRequest, startServerProcess, testPort, type ServerProcess } from './server-process';
import { createThrowawayCluster, findPgBin, type ThrowawayCluster } from './throwaway-pg';

const pgBin = findPgBin();
if (dialect === 'postgres' && !pgBin)
  console.warn('[outage.test] no PostgreSQL server binaries (initdb, pg_ctl): test skipped');

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Phase = 'before' | 'down' | 'after';
interface Tally {
  redirect: Record<number, number>;
  api: Record<number, number>;
  health: Record<number, number>;
  /** Anything not allowed: a 503 redirect with a Location, a 503 without the JSON error… */
  problems: string[];
}

/**
 * A PostgreSQL server of the test's own is stopped under load and started again: meanwhile
 * the API answers 503 with its JSON error, the redirect a 503 page (never a 302 whose click
 * was not stored), the health check 503; afterwards the same process serves again.
 */
describe.skipIf(dialect !== 'postgres' || !pgBin)('database outage on PostgreSQL', () => {
  let cluster: ThrowawayCluster;
  let server: ServerProcess;
  let db: Db;

  beforeAll(async () => {
    cluster = createThrowawayCluster(pgBin as string, await testPort(8));
    server = await startServerProcess(await testPort(9), {
      DATABASE_URL: cluster.url,
      PG_POOL_SIZE: '4',
      LOG_LEVEL: 'error',
    });
    db = openDb({ dialect: 'postgres', url: cluster.url, poolSize: 1 });
    db.onConnectionError(() => undefined);
  }, 120_000);

  afterAll(async () => {
    // A server that died says why.
    if (server && server.child.exitCode !== null)
      console.error(`server exited ${server.child.exitCode}:\n${server.output().slice(-4000)}`);
    await server?.stop();
    await db?.destroy();
    cluster?.destroy();
  });

  it('answers 503 while it is down, never a 302 without its click, and recovers by itself', async () => {
    const username = `outage_${Date.now().toString(36)}`;
    const password = 'correct horse battery';
    const reg = await fetch(
      `${server.base}/api/v1/auth/register`,
      jsonRequest('POST', { username, email: `${username}@example.com`, password }),
    );
    expect(reg.status).toBe(201);
    await setTier(db, ((await reg.json()) as { id: number }).id, 'PREMIUM');
    const login = await fetch(
      `${server.base}/api/v1/auth/login`,
      jsonRequest('POST', { username, password }),
    );
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const link = await fetch(
      `${server.base}/api/v1/mailto-links`,
      jsonRequest('POST', { name: 'Sales', to: 'sales@example.com' }, { cookie }),
    );
    const { id } = (await link.json()) as { id: number };
    const tracking = await fetch(
      `${server.base}/api/v1/tracking`,
      jsonRequest('POST', { mailtoLinkId: id }, { cookie }),
    );
    const { slug } = (await tracking.json()) as { slug: string };

    const tallies: Record<Phase, Tally> = {
      before: { redirect: {}, api: {}, health: {}, problems: [] },
      down: { redirect: {}, api: {}, health: {}, problems: [] },
      after: { redirect: {}, api: {}, health: {}, problems: [] },
    };
    let phase: Phase | 'switching' = 'before';
    let running = true;
    let redirects302 = 0;
    const count = (bucket: Record<number, number>, status: number) =>
      (bucket[status] = (bucket[status] ?? 0) + 1);

    async function worker(n: number) {
      for (let i = 0; running; i++) {
        const at = phase;
        const kind = i % 5 === 4 ? (n % 2 ? 'api' : 'health') : 'redirect';
        let res: Response;
        if (kind === 'redirect')
          res = await fetch(`${server.base}/t/${slug}`, {
            redirect: 'manual',
            headers: { 'user-agent': BROWSER },
          });
        else if (kind === 'api')
          res = await fetch(`${server.base}/api/v1/auth/me`, { headers: { cookie } });
        else res = await fetch(`${server.base}/api/v1/health`);
        const body = await res.text();
        if (kind === 'redirect' && res.status === 302) redirects302 += 1;
        // Requests that started in one phase and ended in another say nothing about either.
        if (at === 'switching' || at !== phase) continue;
        const t = tallies[at];
        count(t[kind], res.status);
        if (res.status === 503) {
          if (kind === 'redirect') {
            if (res.headers.get('location')) t.problems.push('503 redirect with a Location');
            if (!res.headers.get('content-type')?.startsWith('text/html'))
              t.problems.push('503 redirect is not a page');
          } else if (!body.includes('"code":"SERVICE_UNAVAILABLE"')) {
            t.problems.push(`503 ${kind} body: ${body}`);
          }
        } else if (![200, 302].includes(res.status)) {
          t.problems.push(`${kind} ${res.status}: ${body.slice(0, 200)}`);
        }
      }
    }

    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const workers = Array.from({ length: 6 }, (_, n) => worker(n));
    await sleep(1500);

    phase = 'switching';
    cluster.stop();
    phase = 'down';
    await sleep(3000);

    phase = 'switching';
    cluster.start();
    // The pool reconnects on its own: no restart, no signal.
    let healthy = false;
    for (let i = 0; i < 100 && !healthy; i++) {
      healthy = (await fetch(`${server.base}/api/v1/health`)).status === 200;
      if (!healthy) await sleep(200);
    }
    expect(healthy).toBe(true);
    phase = 'after';
    await sleep(1500);
    running = false;
    await Promise.all(workers);

    expect(server.child.exitCode).toBeNull();
    for (const p of ['before', 'down', 'after'] as const)
      expect(tallies[p].problems, p).toEqual([]);

    expect(tallies.before.redirect[302]).toBeGreaterThan(0);
    expect(tallies.before.redirect[503]).toBeUndefined();

    expect(tallies.down.redirect[503]).toBeGreaterThan(0);
    expect(tallies.down.redirect[302]).toBeUndefined();
    expect(tallies.down.api[503]).toBeGreaterThan(0);
    expect(tallies.down.api[200]).toBeUndefined();
    expect(tallies.down.health[503]).toBeGreaterThan(0);
    expect(tallies.down.health[200]).toBeUndefined();

    expect(tallies.after.redirect[302]).toBeGreaterThan(0);
    expect(tallies.after.redirect[503]).toBeUndefined();
    expect(tallies.after.api[200]).toBeGreaterThan(0);

    // Every 302 that went out had its click committed first (stored, or in the inbox that the
    // server applies shortly after): as a row, or, for the left-out hits past the client's
    // per-address rate, in a tally (an inbox row may hold many).
    const { clicks } = await db.kysely
      .selectFrom('clicks')
      .select((eb) => eb.fn.countAll<string>().as('clicks'))
      .executeTakeFirstOrThrow();
    const { tallied } = await db.kysely
      .selectFrom('filtered_hits')
      .select(sql<string>`coalesce(sum(hits), 0)`.as('tallied'))
      .executeTakeFirstOrThrow();
    const { waiting } = await db.kysely
      .selectFrom(sql<{ hits: number | null }>`click_inbox`.as('i'))
      .select(sql<string>`coalesce(sum(coalesce(i.hits, 1)), 0)`.as('waiting'))
      .executeTakeFirstOrThrow();
    expect(Number(clicks) + Number(tallied) + Number(waiting)).toBeGreaterThanOrEqual(redirects302);

    // The outage was logged, not swallowed: once with a stack, not once per failed request.
    expect(server.output()).toMatch(/database unreachable/);
    expect(server.output().match(/"stack"/g)).toHaveLength(1);
  }, 120_000);

  it('answers 503 on every route while its database is not there, and logs it once', async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    admin.on('error', () => undefined);
    await admin.connect();
    await admin.query('create database mk_gone');
    const url = new URL(cluster.url);
    url.pathname = '/mk_gone';
    let gone: ServerProcess | undefined;
    try {
      const up = await startServerProcess(await testPort(10), {
        DATABASE_URL: url.toString(),
        PG_POOL_SIZE: '4',
        LOG_LEVEL: 'warn',
        DEFAULT_TIER: 'TEAM',
      });
      gone = up;
      const username = `gone_${Date.now().toString(36)}`;
      const password = 'correct horse battery';
      const account = { username, email: `${username}@example.com`, password };
      expect(
        (await fetch(`${up.base}/api/v1/auth/register`, jsonRequest('POST', account))).status,
      ).toBe(201);
      const login = await fetch(
        `${up.base}/api/v1/auth/login`,
        jsonRequest('POST', { username, password }),
      );
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const link = { name: 'Sales', to: 'sales@example.com' };
      const created = await fetch(
        `${up.base}/api/v1/mailto-links`,
        jsonRequest('POST', link, { cookie }),
      );
      expect(created.status).toBe(201);
      const quietBefore = up.output();

      // The database is renamed away under the running server (PostgreSQL answers 3D000).
      let renamed = false;
      for (let i = 0; i < 20 && !renamed; i++) {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'mk_gone'",
        );
        renamed = await admin.query('alter database mk_gone rename to mk_gone_away').then(
          () => true,
          () => false,
        );
      }
      expect(renamed).toBe(true);

      const calls: [string, RequestInit][] = [
        ['/api/v1/auth/me', { headers: { cookie } }],
        ['/api/v1/mailto-links', { headers: { cookie } }],
        ['/api/v1/mailto-links', jsonRequest('POST', link, { cookie })],
        ['/api/v1/analytics/overview', { headers: { cookie } }],
        ['/api/v1/auth/login', jsonRequest('POST', { username, password })],
        ['/api/v1/health', {}],
      ];
      const problems: string[] = [];
      let refused = 0;
      // Longer than one report interval, so the log has counted the refusals at least once.
      const until = Date.now() + 6500;
      while (Date.now() < until) {
        const answers = await Promise.all(
          calls.map(async ([path, init]) => {
            const res = await fetch(`${up.base}${path}`, init).catch((err: unknown) => {
              throw new Error(`${path}: ${String(err)}\n${up.output().slice(-3000)}`);
            });
            return { path, res, body: await res.text() };
          }),
        );
        for (const { path, res, body } of answers) {
          refused += 1;
          if (res.status !== 503 || !res.headers.get('retry-after'))
            problems.push(`${path} ${res.status} ${body.slice(0, 100)}`);
          else if (!body.includes('"code":"SERVICE_UNAVAILABLE"'))
            problems.push(`${path} 503 body: ${body}`);
        }
      }
      expect(problems).toEqual([]);

      await admin.query('alter database mk_gone_away rename to mk_gone');
      let healthy = false;
      for (let i = 0; i < 50 && !healthy; i++) {
        healthy = (await fetch(`${up.base}/api/v1/health`)).status === 200;
        if (!healthy) await new Promise((r) => setTimeout(r, 200));
      }
      expect(healthy).toBe(true);
      const me = await fetch(`${up.base}/api/v1/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);

      // The outage in the log: one line with a stack, then counts, then its end.
      const lines = up.output().slice(quietBefore.length).split('\n').filter(Boolean);
      expect(lines.filter((l) => l.includes('"stack"'))).toHaveLength(1);
      expect(lines[0]).toContain('database unreachable');
      const counts = lines.filter((l) => /database unreachable, \d+ requests refused/.test(l));
      expect(counts.length).toBeGreaterThanOrEqual(1);
      const end = lines.filter((l) => l.includes('database reachable again'));
      expect(end).toHaveLength(1);
      const total = Number(/(\d+) requests refused during the outage/.exec(end[0] ?? '')?.[1]);
      expect(total).toBeGreaterThanOrEqual(refused);
      // A few lines, not one per request.
      expect(lines.length).toBeLessThan(10);
      expect(refused).toBeGreaterThan(30);
    } finally {
      await gone?.stop();
      await admin.end();
    }
  }, 120_000);
});

describe.skipIf(dialect !== 'postgres')('a connection that dies while checked out', () => {
  it('fails the transaction as unavailable instead of crashing the process', async () => {
    const database = await createTestDatabase();
    const db = openDb(database.config);
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const failure = await db.kysely
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // Another session ends this one while the transaction holds it between queries.
          const admin = openDb(database.config);
          await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(admin.kysely);
          await admin.destroy();
          await new Promise((r) => setTimeout(r, 300));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await db.destroy();
      await database.drop();
    }
  });
});
