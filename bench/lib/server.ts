import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { api, signIn, signUp } from '@mailtokit/test-kit/api';
import { freePort as kitFreePort } from '@mailtokit/test-kit/ports';
import { waitForHealth } from '@mailtokit/test-kit/process';
import { ROOT, SERVER_BUNDLE } from './paths';

export type Dialect = 'sqlite' | 'postgres';

export const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** BENCH_KEEP=1 leaves the data directories and PostgreSQL databases behind for a look. */
const KEEP = process.env.BENCH_KEEP === '1';

/** Builds the server bundle when it is missing or older than its sources (as `npm start`). */
export async function ensureServerBuilt(): Promise<void> {
  const mod = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-if-stale.mjs')).href)) as {
    buildIfStale: (names: string[]) => void;
  };
  mod.buildIfStale(['server']);
}

/**
 * A free TCP port on 127.0.0.1 (released before the server binds it): `BENCH_PORTS=3130-3139`
 * keeps every server the benchmarks start inside that range (on a machine shared with
 * others); unset, the system picks any.
 */
export function freePort(): Promise<number> {
  return kitFreePort({ range: process.env.BENCH_PORTS, name: 'BENCH_PORTS' });
}

/** A fresh, empty database for one server: a SQLite file in a new DATA_DIR, or a new PG db. */
export interface BenchDatabase {
  dialect: Dialect;
  /** What the server and the admin CLI need in their environment to use it. */
  env: Record<string, string>;
  /** SQLite: the database file. */
  file?: string;
  /** PostgreSQL: its URL. */
  url?: string;
  /**
   * Hits stored for a tracking link, or for all with null (read from the database): click rows,
   * plus the left-out hits tallied without a row each (`filtered_hits`) unless `humansOnly`.
   */
  countClicks(trackingLinkId: number | null, opts?: { humansOnly?: boolean }): Promise<number>;
  /**
   * PostgreSQL: transactions committed in the database so far (pg_stat_database; a backend
   * reports its own when it exits, so read it after the server stopped). SQLite: null.
   */
  transactions(): Promise<number | null>;
  /** Bytes on disk: SQLite file + WAL; PostgreSQL pg_database_size. */
  size(): Promise<{ total: number; parts: Record<string, number> }>;
  /**
   * PostgreSQL: the process ids of the backends connected to this database (the server's
   * pool), whose CPU time belongs to the calls measured. SQLite: none (it runs in the server).
   */
  backendPids(): Promise<number[]>;
  dispose(): Promise<void>;
}

export async function freshDatabase(dialect: Dialect): Promise<BenchDatabase> {
  return dialect === 'sqlite' ? freshSqlite() : freshPostgres();
}

function freshSqlite(): BenchDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailtokit-bench-'));
  const file = path.join(dir, 'mailtokit.db');
  const fileSize = (f: string) => {
    try {
      return fs.statSync(f).size;
    } catch {
      return 0;
    }
  };
  return {
    dialect: 'sqlite',
    env: { DATA_DIR: dir },
    file,
    async countClicks(trackingLinkId, opts = {}) {
      const db = new SQLite(file, { fileMustExist: true });
      const humans = opts.humansOnly ? ' and is_bot = 0' : '';
      try {
        const row = (
          trackingLinkId === null
            ? db.prepare(`select count(*) as n from clicks where true${humans}`).get()
            : db
                .prepare(`select count(*) as n from clicks where tracking_link_id = ?${humans}`)
                .get(trackingLinkId)
        ) as { n: number };
        if (opts.humansOnly) return row.n;
        const tallied = (
          trackingLinkId === null
            ? db.prepare('select coalesce(sum(hits), 0) as n from filtered_hits').get()
            : db
                .prepare(
                  'select coalesce(sum(hits), 0) as n from filtered_hits where tracking_link_id = ?',
                )
                .get(trackingLinkId)
        ) as { n: number };
        return row.n + tallied.n;
      } finally {
        db.close();
      }
    },
    async transactions() {
      return null;
    },
    async backendPids() {
      return [];
    },
    async size() {
      const parts = {
        db: fileSize(file),
        wal: fileSize(`${file}-wal`),
        shm: fileSize(`${file}-shm`),
      };
      return { total: parts.db + parts.wal, parts };
    },
    async dispose() {
      if (!KEEP) fs.rmSync(dir, { recursive: true, force: true });
      else console.log(`kept ${dir}`);
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function freshPostgres(): Promise<BenchDatabase> {
  const name = `mailtokit_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<T>(text, values)).rows;
    } finally {
      await c.end();
    }
  };
  return {
    dialect: 'postgres',
    env: { DATABASE_URL: url },
    url,
    async countClicks(trackingLinkId, opts = {}) {
      const humans = opts.humansOnly ? ' and is_bot = 0' : '';
      const rows =
        trackingLinkId === null
          ? await query<{ n: string }>(`select count(*) as n from clicks where true${humans}`)
          : await query<{ n: string }>(
              `select count(*) as n from clicks where tracking_link_id = $1${humans}`,
              [trackingLinkId],
            );
      if (opts.humansOnly) return Number(rows[0]?.n ?? 0);
      const tallied =
        trackingLinkId === null
          ? await query<{ n: string }>('select coalesce(sum(hits), 0) as n from filtered_hits')
          : await query<{ n: string }>(
              'select coalesce(sum(hits), 0) as n from filtered_hits where tracking_link_id = $1',
              [trackingLinkId],
            );
      return Number(rows[0]?.n ?? 0) + Number(tallied[0]?.n ?? 0);
    },
    async transactions() {
      const rows = await query<{ n: string }>(
        'select xact_commit as n from pg_stat_database where datname = current_database()',
      );
      return Number(rows[0]?.n ?? 0);
    },
    async backendPids() {
      const rows = await query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows.map((r) => r.pid);
    },
    async size() {
      const rows = await query<{ db: string; clicks: string }>(
        "select pg_database_size(current_database()) as db, pg_total_relation_size('clicks') as clicks",
      );
      const db = Number(rows[0]?.db ?? 0);
      return {
        total: db,
        parts: { database: db, clicksWithIndexes: Number(rows[0]?.clicks ?? 0) },
      };
    },
    async dispose() {
      if (!KEEP) await adminQuery(`drop database if exists ${name} with (force)`);
      else console.log(`kept database ${name}`);
    },
  };
}

export interface ServerOptions {
  /** Shown in front of the child's output. */
  name: string;
  /** Script to run (default: the built MailtoKit server). */
  script?: string;
  /** Extra arguments for node itself (e.g. --cpu-prof). */
  nodeArgs?: string[];
  env: Record<string, string>;
  /** Polled until it answers 200. */
  healthPath?: string;
}

/**
 * A server under test, run as a child process on 127.0.0.1. The environment is built from
 * scratch (no stray DATABASE_URL from the caller's shell).
 */
export class ServerProcess {
  child: ChildProcess | null = null;
  port = 0;
  private exited: Promise<void> = Promise.resolve();
  /** Set when the process ended: its exit code or signal, and whether it was asked to. */
  private ended: { code: number | null; signal: NodeJS.Signals | null; asked: boolean } | null =
    null;
  private stopping = false;

  constructor(private readonly opts: ServerOptions) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process (on a new free port unless `samePort`) and waits until it answers. */
  async start(samePort = false): Promise<void> {
    if (!samePort || this.port === 0) this.port = await freePort();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(this.port),
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_HOUR: '1000',
      ...this.opts.env,
    };
    const child = spawn(
      process.execPath,
      [...(this.opts.nodeArgs ?? []), this.opts.script ?? SERVER_BUNDLE],
      { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    const prefix = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => `  [${this.opts.name}] ${l.length > 300 ? `${l.slice(0, 300)}...` : l}\n`)
        .join('');
    child.stdout?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
    child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
    let gone = false;
    this.ended = null;
    this.stopping = false;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        gone = true;
        this.ended = { code, signal, asked: this.stopping };
        // A server that dies while a benchmark uses it shows up on the client as a reset or
        // "other side closed"; say here what really happened.
        if (!this.stopping)
          console.error(
            `  [${this.opts.name}] exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`})`,
          );
        resolve();
      }),
    );
    const health = await waitForHealth(`${this.url}${this.opts.healthPath ?? '/api/v1/health'}`, {
      exited: () => gone,
      timeoutMs: 60_000,
      intervalMs: 50,
    });
    if (health === 'exited') throw new Error(`${this.opts.name} exited during start-up`);
    if (health === 'timeout') throw new Error(`${this.opts.name} did not answer in 60 s`);
  }

  /** How the process ended (`code 1`, `signal SIGKILL`), or null while it runs. */
  get exitStatus(): string | null {
    if (!this.ended) return null;
    const how = this.ended.signal ? `signal ${this.ended.signal}` : `code ${this.ended.code}`;
    return this.ended.asked ? how : `${how}, not sent by the benchmark`;
  }

  /** `kill -9`: no shutdown hook, no drain, no checkpoint. */
  async kill9(): Promise<void> {
    this.stopping = true;
    this.child?.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  /** SIGTERM (graceful: pending clicks are committed, --cpu-prof writes its profile). */
  async stop(): Promise<void> {
    if (!this.child) return;
    this.stopping = true;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
    this.child = null;
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`; 100 on Linux x64). */
const CLOCK_TICKS = 100;

/**
 * CPU time (user + system, ms) each process has used so far, from /proc (Linux); a process
 * that is gone is left out, and elsewhere than Linux the answer is null. Unlike wall time, it
 * hardly depends on what else the machine runs.
 */
export function cpuByPid(pids: number[]): Map<number, number> | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const out = new Map<number, number>();
  for (const pid of pids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS); // utime, stime
  }
  return out;
}

/** A JSON API call; throws on an unexpected status. */
export { api };

/**
 * Registers a user through the API, makes them PREMIUM with the admin CLI
 * (`node scripts/admin.mjs set-tier`, on the server's database) and signs in: the bearer
 * token for API calls, the cookies for a browser.
 */
export async function premiumUser(
  server: ServerProcess,
  db: BenchDatabase,
): Promise<{
  username: string;
  password: string;
  token: string;
  userId: number;
  cookie: string;
}> {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = 'correct horse battery staple';
  await signUp(server.url, {
    username,
    email: `${username}@example.com`,
    password,
    firstName: 'Bench',
    lastName: 'Mark',
  });
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/admin.mjs'), 'set-tier', username, 'PREMIUM'],
    {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...db.env },
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`admin set-tier failed: ${r.stderr || r.stdout}`);
  const { token, userId, cookie } = await signIn(server.url, username, password);
  return { username, password, token, userId, cookie };
}

export interface LinkInput {
  name: string;
  to: string;
  cc?: string;
  subject?: string;
  body?: string;
}

export async function createLink(server: ServerProcess, token: string, link: LinkInput) {
  return api<{ id: number; mailtoUrl: string }>(server.url, 'POST', '/api/v1/mailto-links', {
    token,
    body: link,
    expect: 201,
  });
}

export async function createTrackingLink(
  server: ServerProcess,
  token: string,
  mailtoLinkId: number,
  label?: string,
) {
  return api<{ id: number; slug: string; trackingUrl: string }>(
    server.url,
    'POST',
    '/api/v1/tracking',
    { token, body: { mailtoLinkId, ...(label ? { label } : {}) }, expect: 201 },
  );
}

/** A PREMIUM user with one saved link and one tracking link on it: what the redirect needs. */
export async function trackedLink(server: ServerProcess, db: BenchDatabase) {
  const user = await premiumUser(server, db);
  const link = await createLink(server, user.token, {
    name: 'Newsletter reply',
    to: 'sales@example.com',
    cc: 'team@example.com',
    subject: 'Re: November newsletter — prices & plans',
    body: 'Hello,\n\nI would like to know more about the #1 plan.\n\nThanks',
  });
  const tracking = await createTrackingLink(server, user.token, link.id, 'November newsletter');
  return { user, link, tracking };
}

/** Chrome 131 on Windows 10: what most clicks from a newsletter look like. */
export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const REFERER = 'https://mail.google.com/';
