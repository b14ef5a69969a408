import http from 'node:http';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createTestApp,
  createTestDatabase,
  createTrackingLink,
  dialect,
  signUpAs,
} from './helpers';
import { copyToPostgres } from '../src/ops/copy-to-postgres';
import { countClicksWaitingSqlite, queueClicksSqlite } from '../src/modules/clicks/click-store';
import { startReceiver } from './receiver';
import { jsonRequest, ROOT, startServerProcess, testPort } from './server-process';
import { FILTERED_ROWS_PER_ADDRESS_MINUTE } from '../src/modules/clicks/inflation';

/** The admin CLI as an operator runs it (through tsx, no build needed). */
const CLI = path.join(ROOT, 'apps/server/src/cli.ts');
const runCli = (args: string[], env: NodeJS.ProcessEnv) => {
  const r = spawnSync('node', ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const tmpDirs: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = 'password123';
const USERS = ['alice', 'bob', 'carol'] as const;

/** Signs in through the API; the bearer headers of the session. */
async function signIn(base: string, username: string) {
  const res = await fetch(
    `${base}/api/v1/auth/login`,
    jsonRequest('POST', { username, password: PASSWORD }),
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; user: unknown };
  return { user: body.user, headers: { authorization: `Bearer ${body.access_token}` } };
}

/** Runs `tasks` with at most `n` at a time. */
async function pool<T>(n: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

interface Seeded {
  slugs: string[];
  trackedLinkIds: number[];
  apiToken: string;
  maxLinkId: number;
}

/** An instance with accounts, a team, shared and private links, tracking, tokens, webhooks. */
async function seed(base: string, hook: string): Promise<Seeded> {
  for (const username of USERS) {
    const res = await fetch(
      `${base}/api/v1/auth/register`,
      jsonRequest('POST', { username, email: `${username}@example.com`, password: PASSWORD }),
    );
    expect(res.status).toBe(201);
  }
  const [alice, bob, carol] = await Promise.all(USERS.map((u) => signIn(base, u)));
  const post = async (who: { headers: Record<string, string> }, url: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, jsonRequest('POST', body, who.headers));
    expect(res.status, `${url}: ${res.status}`).toBe(201);
    return (await res.json()) as Record<string, unknown> & { id: number };
  };
  const team = await post(alice!, '/api/v1/teams', { name: 'Sales', description: 'The team' });
  await post(alice!, `/api/v1/teams/${team.id}/members`, { username: 'bob', role: 'member' });

  const links: { id: number; owner: typeof alice }[] = [];
  const people = [
    [alice, 40],
    [bob, 15],
    [carol, 8],
  ] as const;
  for (const [who, count] of people) {
    for (let i = 0; i < count; i++) {
      const shared = who === alice && i % 4 === 0;
      const link = await post(who!, '/api/v1/mailto-links', {
        name: `${i % 3 === 0 ? 'Ärger' : 'Offer'} ${i} of ${links.length}`,
        to: `sales${i}@example.com`,
        cc: i % 2 ? 'cc@example.com' : undefined,
        subject: `Subject ${i} — "quoted" & ünïcödé`,
        body: `Line one\nLine two ${i}`,
        teamId: shared ? team.id : undefined,
        // Tags (rows of `tags`, and of `link_tags`, keyed by link and tag with no id of its own).
        tags: i % 3 === 0 ? ['Promo', 'Spring sale'] : i % 5 === 0 ? ['Promo'] : undefined,
      });
      links.push({ id: link.id, owner: who });
    }
  }
  // A tag of its own colour that no link carries.
  await post(bob!, '/api/v1/tags', { name: 'Events', color: 'red' });
  const tracked = [links[0]!, links[1]!, links[4]!, links[41]!, links[56]!, links[2]!];
  const slugs: string[] = [];
  const trackingIds: number[] = [];
  for (const { id, owner } of tracked) {
    const t = await post(owner!, '/api/v1/tracking', { mailtoLinkId: id, label: `Campaign ${id}` });
    slugs.push(String(t.slug));
    trackingIds.push(t.id);
  }
  // The last one is retired: its slug answers 404, its clicks stay counted.
  const retiredSlug = slugs[slugs.length - 1]!;

  const token = await post(alice!, '/api/v1/tokens', {
    name: 'Reporting',
    scopes: ['links:read', 'analytics:read'],
    currentPassword: PASSWORD,
  });
  await post(alice!, '/api/v1/webhooks', {
    url: hook,
    mailtoLinkIds: [links[0]!.id],
    currentPassword: PASSWORD,
  });
  const contact = await fetch(
    `${base}/api/v1/contact`,
    jsonRequest('POST', {
      name: 'Dora',
      email: 'dora@example.com',
      subject: 'A question',
      message: 'How do I move to PostgreSQL?',
    }),
  );
  expect(contact.status).toBeLessThan(300);
  // A failed sign-in leaves a rate-limit counter in force.
  const failed = await fetch(
    `${base}/api/v1/auth/login`,
    jsonRequest('POST', { username: 'carol', password: 'wrong password' }),
  );
  expect(failed.status).toBe(401);

  // Thousands of clicks over the tracking links, people and bots, many visitors.
  const clicks = Array.from({ length: 2400 }, (_, i) => async () => {
    const slug = slugs[i % slugs.length]!;
    const ua =
      i % 10 === 0
        ? 'Googlebot/2.1 (+http://www.google.com/bot.html)'
        : `Mozilla/5.0 (X11; Linux x86_64) Firefox/${100 + (i % 37)}.0`;
    // node:http, as a browser navigates (fetch() would announce itself as a script's request).
    return new Promise<number>((resolve, reject) => {
      const headers = {
        'user-agent': ua,
        referer: `https://site${i % 5}.example/page`,
        accept: 'text/html,application/xhtml+xml',
        'accept-language': 'en',
      };
      http
        .get(`${base}/t/${slug}`, { headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
  });
  const statuses = await pool(16, clicks);
  expect(statuses.filter((s) => s !== 302 && s !== 303 && s !== 307).length).toBe(0);
  const retire = await fetch(`${base}/api/v1/tracking/${trackingIds[trackingIds.length - 1]}`, {
    method: 'DELETE',
    headers: alice!.headers,
  });
  expect(retire.status).toBeLessThan(300);
  expect(retiredSlug).toBeTruthy();

  return {
    slugs,
    trackedLinkIds: tracked.map((t) => t.id),
    apiToken: String(token.token),
    maxLinkId: Math.max(...links.map((l) => l.id)),
  };
}

/** What clients see: sign-ins, link lists, teams, tokens, webhooks, analytics. */
async function answers(base: string, seeded: Seeded): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const get = async (headers: Record<string, string>, url: string) => {
    const res = await fetch(`${base}${url}`, { headers });
    return { status: res.status, total: res.headers.get('x-total-count'), body: await res.json() };
  };
  let aliceHeaders: Record<string, string> = {};
  for (const username of USERS) {
    const { user, headers } = await signIn(base, username);
    if (username === 'alice') aliceHeaders = headers;
    out[`${username} sign-in`] = user;
    out[`${username} me`] = await get(headers, '/api/v1/auth/me');
    for (const sort of ['createdAt', 'updatedAt', 'name', 'clicks'])
      out[`${username} links by ${sort}`] = await get(
        headers,
        `/api/v1/mailto-links?limit=200&sort=${sort}`,
      );
    out[`${username} search`] = await get(headers, '/api/v1/mailto-links?q=%C3%A4rger');
    out[`${username} shared`] = await get(headers, '/api/v1/mailto-links?shared=true');
    out[`${username} overview`] = await get(headers, '/api/v1/analytics/overview');
    out[`${username} tags`] = await get(headers, '/api/v1/tags');
    out[`${username} tagged`] = await get(headers, '/api/v1/mailto-links?limit=200&tag=Promo');
    out[`${username} teams`] = await get(headers, '/api/v1/teams');
    out[`${username} webhooks`] = await get(headers, '/api/v1/webhooks');
  }
  for (const id of seeded.trackedLinkIds) {
    out[`link ${id} analytics`] = await get(aliceHeaders, `/api/v1/mailto-links/${id}/analytics`);
    out[`link ${id} tracking links`] = await get(
      aliceHeaders,
      `/api/v1/mailto-links/${id}/tracking-links`,
    );
  }
  return out;
}

/** Where every slug redirects (the retired one: 404). Each follow adds a click. */
async function redirects(base: string, slugs: string[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const slug of slugs) {
    const res = await fetch(`${base}/t/${slug}`, { redirect: 'manual' });
    await res.arrayBuffer();
    out[slug] = { status: res.status, location: res.headers.get('location') };
  }
  return out;
}

describe.skipIf(dialect !== 'postgres')('copy-to-postgres (admin CLI)', () => {
  let target: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    const db = await createTestDatabase();
    if (db.config.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    target = { url: db.config.url, drop: db.drop };
  });
  afterAll(async () => {
    await target.drop();
  });

  it('copies a SQLite instance that then answers the same from PostgreSQL', async () => {
    const dataDir = tmp('mk-copy-');
    const receiver = await startReceiver();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DEFAULT_TIER: 'TEAM',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    // One port for every server, so that the URLs in the answers are the same.
    const port = await testPort(0);
    let seeded: Seeded;
    let redirectsBefore: Record<string, unknown>;
    try {
      const seeding = await startServerProcess(port, env);
      try {
        seeded = await seed(seeding.base, receiver.url);
        // Followed now, so that the answers compared below see the clicks they add.
        redirectsBefore = await redirects(seeding.base, seeded.slugs);
      } finally {
        // SIGTERM writes out the clicks still queued.
        expect(await seeding.stop()).toBe(0);
      }

      const sqliteServer = await startServerProcess(port, env);
      let before: Record<string, unknown>;
      try {
        before = await answers(sqliteServer.base, seeded);
      } finally {
        expect(await sqliteServer.stop()).toBe(0);
      }
      // Every hit is stored, counted or left out with its reason (one client address sends them
      // all, so most are repeats): the comparison below covers both.
      const overview = before['alice overview'] as {
        body: { totals: { clicks: number; botClicks: number } };
      };
      const { clicks: counted, botClicks: leftOut } = overview.body.totals;
      expect(counted).toBeGreaterThan(0);
      expect(counted + leftOut).toBeGreaterThan(1000);
      // Tagged links to find again on PostgreSQL.
      expect((before['alice tagged'] as { body: unknown[] }).body.length).toBeGreaterThan(10);

      // The copy, as an operator runs it (no terminal: no progress bar, the summary only).
      const copy = runCli(['copy-to-postgres', target.url], env);
      expect(copy.stderr).toBe('');
      expect(copy.code).toBe(0);
      expect(copy.stdout).not.toContain('\r');
      expect(copy.stdout).toContain('counts and checksums match');

      // Every table of the schema is in the report: copied (row counts and checksums
      // equal), or skipped with a reason. A table neither copied nor skipped fails here.
      const source = new SQLite(path.join(dataDir, 'mailtokit.db'), { readonly: true });
      const tables = (
        source
          .prepare(
            `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`,
          )
          .all() as { name: string }[]
      ).map((r) => r.name);
      const lines = copy.stdout.split('\n');
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        for (const table of tables) {
          const line = lines.find((l) => l.startsWith(`${table} `));
          expect(line, `${table} in the report`).toBeDefined();
          if (/ skipped: /.test(line!)) continue;
          const m = /^(\S+)\s+([\d,]+)\s+([\d,]+)\s+([0-9a-f]{32})\s+ok/.exec(line!);
          expect(m, line).not.toBeNull();
          const rows = Number(m![2]!.replace(/,/g, ''));
          expect(Number(m![3]!.replace(/,/g, ''))).toBe(rows);
          const pgCount = await client.query<{ n: string }>(`select count(*) as n from "${table}"`);
          expect(Number(pgCount.rows[0]!.n), table).toBe(rows);
          if (table === 'rate_limits') continue; // ended windows are left out on purpose
          const sqliteCount = source.prepare(`select count(*) as n from "${table}"`).get() as {
            n: number;
          };
          expect(rows, table).toBe(sqliteCount.n);
        }
        const counted = (t: string) =>
          Number(
            lines
              .find((l) => l.startsWith(`${t} `))
              ?.split(/\s+/)[1]
              ?.replace(/,/g, ''),
          );
        // The hits come from one address: past its per-minute rate, its left-out hits are
        // tallied rather than stored a row each. Rows and tallies together hold every hit.
        expect(counted('clicks')).toBeGreaterThan(FILTERED_ROWS_PER_ADDRESS_MINUTE);
        expect(counted('filtered_hits')).toBeGreaterThan(0);
        const hits = await client.query<{ n: string }>(
          'select (select count(*) from clicks) + (select sum(hits) from filtered_hits) as n',
        );
        expect(Number(hits.rows[0]!.n)).toBeGreaterThan(2000);
        for (const t of [
          'users',
          'sessions',
          'teams',
          'team_members',
          'team_audit',
          'security_log',
          'mailto_link_search',
          'tags',
          'link_tags',
          'click_daily_dims',
          'click_daily_places',
        ])
          expect(counted(t), t).toBeGreaterThan(0);
        for (const t of ['api_tokens', 'webhooks', 'webhook_links', 'contact_messages'])
          expect(counted(t), t).toBe(1);
        expect(counted('rate_limits')).toBeGreaterThan(0);
      } finally {
        await client.end();
        source.close();
      }

      // The same instance on PostgreSQL answers the same.
      const pgEnv = { ...env, DATABASE_URL: target.url };
      const pgServer = await startServerProcess(port, pgEnv);
      try {
        const after = await answers(pgServer.base, seeded);
        expect(after).toEqual(before);
        expect(await redirects(pgServer.base, seeded.slugs)).toEqual(redirectsBefore);
        const statuses = Object.values(redirectsBefore).map(
          (r) => (r as { status: number }).status,
        );
        expect(statuses.filter((s) => s === 404)).toHaveLength(1);

        // Sequences continue after the copied ids; the API token still works.
        const { headers } = await signIn(pgServer.base, 'alice');
        const created = await fetch(
          `${pgServer.base}/api/v1/mailto-links`,
          jsonRequest('POST', { name: 'After the move', to: 'new@example.com' }, headers),
        );
        expect(created.status).toBe(201);
        expect(((await created.json()) as { id: number }).id).toBeGreaterThan(seeded.maxLinkId);
        const byToken = await fetch(`${pgServer.base}/api/v1/mailto-links?limit=1`, {
          headers: { authorization: `Bearer ${seeded.apiToken}` },
        });
        expect(byToken.status).toBe(200);
      } finally {
        expect(await pgServer.stop()).toBe(0);
      }

      // A second copy into the same database is refused: it holds data now.
      const again = runCli(['copy-to-postgres', target.url], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds data');
    } finally {
      await receiver.close();
    }
  }, 600_000);

  it('carries the clicks a stopped SQLite server left waiting for their rules, applied, and leaves the source as it was', async () => {
    const dir = tmp('mk-copy-waiting-');
    const file = path.join(dir, 'mailtokit.db');
    const sqliteApp = await createTestApp({ dialect: 'sqlite' });
    const owner = await signUpAs(sqliteApp, 'PREMIUM');
    const link = await createLink(sqliteApp.app, owner.headers);
    const tracking = await createTrackingLink(sqliteApp.app, owner.headers, link.id);
    // Committed as a redirect's batch commits them; the process then stops before their rules
    // run (nothing told its applier about them).
    await queueClicksSqlite(
      sqliteApp.db,
      [1, 2, 3].map((i) => ({
        tracking_link_id: tracking.id,
        mailto_link_id: link.id,
        occurred_at: new Date().toISOString(),
        referrer_host: null,
        browser: 'Firefox',
        os: 'Linux',
        device: 'desktop',
        is_bot: 0,
        visitor_hash: `waiting-${i}`,
        classification: 'human',
        country: 'DE',
      })),
    );
    // The database file as that process left it.
    const driver = sqliteApp.db.driver;
    if (driver.dialect !== 'sqlite') throw new Error('expected SQLite');
    await driver.sqlite.backup(file);
    await sqliteApp.close();

    const copied = await createTestDatabase('postgres');
    try {
      if (copied.config.dialect !== 'postgres') throw new Error('expected PostgreSQL');
      const quiet = { log: () => undefined, error: () => undefined, tty: null };
      await copyToPostgres(file, copied.config.url, quiet);
      const client = new pg.Client({ connectionString: copied.config.url });
      await client.connect();
      try {
        const daily = await client.query<{ clicks: number; visitors: number }>(
          'select sum(clicks)::int as clicks, sum(visitors)::int as visitors from click_daily where mailto_link_id = $1',
          [link.id],
        );
        expect(daily.rows[0]).toEqual({ clicks: 3, visitors: 3 });
        const german = await client.query<{ n: number }>(
          `select sum(clicks)::int as n from click_daily_places
           where mailto_link_id = $1 and dim = 'clicks' and country = 'DE'`,
          [link.id],
        );
        expect(german.rows[0]?.n).toBe(3);
      } finally {
        await client.end();
      }
      const source = new SQLite(file);
      try {
        expect(countClicksWaitingSqlite(source)).toBe(3);
      } finally {
        source.close();
      }
    } finally {
      await copied.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a source whose schema is older or newer than this release, touching nothing; shows progress on a terminal', async () => {
    const empty = await createTestDatabase();
    if (empty.config.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    try {
      const dataDir = tmp('mk-copy-schema-');
      const env = { PATH: process.env.PATH, DATA_DIR: dataDir };
      const file = path.join(dataDir, 'mailtokit.db');
      expect(runCli(['list-users'], env).code).toBe(0);

      const db = new SQLite(file);
      const last = db
        .prepare('select name from kysely_migration order by name desc limit 1')
        .get() as { name: string };
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
        '999-from-the-future',
        new Date().toISOString(),
      );
      db.close();
      const newer = runCli(['copy-to-postgres', empty.config.url], env);
      expect(newer.code).toBe(1);
      expect(newer.stderr).toContain('newer than this release');

      const older = new SQLite(file);
      older
        .prepare('delete from kysely_migration where name in (?, ?)')
        .run('999-from-the-future', last.name);
      older.close();
      const old = runCli(['copy-to-postgres', empty.config.url], env);
      expect(old.code).toBe(1);
      expect(old.stderr).toContain('older than this release');

      // Nothing was created in the target.
      const client = new pg.Client({ connectionString: empty.config.url });
      await client.connect();
      const tables = await client.query(
        `select 1 from information_schema.tables where table_schema = current_schema()`,
      );
      await client.end();
      expect(tables.rowCount).toBe(0);

      const noUrl = runCli(['copy-to-postgres', 'mysql://x'], env);
      expect(noUrl.code).toBe(1);
      expect(noUrl.stderr).toContain('must be a postgres:// URL');

      // Back at this release's schema, the copy goes through; on a terminal (a pseudo-terminal
      // from util-linux's `script`) it draws a progress bar.
      const fixed = new SQLite(file);
      fixed
        .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
        .run(last.name, new Date().toISOString());
      fixed.close();
      if (fs.existsSync('/usr/bin/script')) {
        const command = ['node', '--import', 'tsx', CLI, 'copy-to-postgres', empty.config.url]
          .map((a) => `'${a}'`)
          .join(' ');
        const onTty = spawnSync('script', ['-q', '-e', '-c', command, '/dev/null'], {
          cwd: ROOT,
          env: { ...env, TERM: 'dumb' },
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(onTty.status, onTty.stdout).toBe(0);
        // Redrawn in place: carriage return, erase the line (ESC [2K), the bar.
        expect(onTty.stdout).toContain('\r\u001b[2K');
        expect(onTty.stdout).toMatch(/\S+\s+\[#+\] 100%/);
        expect(onTty.stdout).toContain('counts and checksums match');
      }
    } finally {
      await empty.drop();
    }
  }, 240_000);
});

describe.skipIf(dialect !== 'sqlite')('copy-to-postgres without a SQLite source', () => {
  it('says the source is the SQLite database when DATABASE_URL is PostgreSQL', () => {
    const r = runCli(['copy-to-postgres', 'postgres://postgres@127.0.0.1:5432/x'], {
      PATH: process.env.PATH,
      DATA_DIR: tmp('mk-copy-src-'),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/elsewhere',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('copies from the SQLite database');
  }, 60_000);
});
