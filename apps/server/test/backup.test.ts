import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialect } from './helpers';
import { jsonRequest, ROOT, startServerProcess, testPort } from './server-process';

/** The admin CLI as an operator runs it (through tsx, no build needed). */
const CLI = path.join(ROOT, 'apps/server/src/cli.ts');
const cliArgs = (args: string[]) => ['--import', 'tsx', CLI, ...args];

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI without blocking this process (the load keeps running meanwhile). */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn('node', cliArgs(args), {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const runCliSync = (args: string[], env: NodeJS.ProcessEnv): CliResult => {
  const r = spawnSync('node', cliArgs(args), { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const baseEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  LOG_LEVEL: 'warn',
  ...extra,
});

const tmpDirs: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(dialect !== 'sqlite')('SQLite backup and restore (admin CLI)', () => {
  it('backs up under a write load; the backup restores with every link acknowledged before it began', async () => {
    const dataDir = tmp('mk-backup-');
    // Saved links need a paid plan: every account starts on one here.
    const env = baseEnv({ DATA_DIR: dataDir, DEFAULT_TIER: 'PREMIUM' });
    const server = await startServerProcess(await testPort(0), env);
    const backupFile = path.join(tmp('mk-backup-out-'), 'nightly.db');
    try {
      const reg = await fetch(
        `${server.base}/api/v1/auth/register`,
        jsonRequest('POST', {
          username: 'writer',
          email: 'w@example.com',
          password: 'password123',
        }),
      );
      expect(reg.status).toBe(201);
      const login = await fetch(
        `${server.base}/api/v1/auth/login`,
        jsonRequest('POST', { username: 'writer', password: 'password123' }),
      );
      const { access_token: token } = (await login.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}` };

      // Writers that save links one after another until told to stop; every 201 is recorded.
      const acknowledged: number[] = [];
      const failures: string[] = [];
      let stop = false;
      let n = 0;
      const writer = async () => {
        while (!stop && failures.length === 0) {
          n += 1;
          const res = await fetch(
            `${server.base}/api/v1/mailto-links`,
            jsonRequest('POST', { name: `Load ${n}`, to: `a${n}@example.com`, subject: 'x' }, auth),
          );
          if (res.status !== 201) failures.push(`${res.status} ${await res.text()}`);
          else acknowledged.push(((await res.json()) as { id: number }).id);
        }
      };
      const writers = Array.from({ length: 4 }, writer);
      while (acknowledged.length < 200 && failures.length === 0)
        await new Promise((r) => setTimeout(r, 20));
      expect(failures).toEqual([]);

      // Everything acknowledged before the backup starts must be in it.
      const before = [...acknowledged];
      const backup = await runCli(['backup', backupFile], env);
      const duringBackup = acknowledged.length - before.length;
      stop = true;
      await Promise.all(writers);
      expect(failures).toEqual([]);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup written to ${backupFile}`);
      expect(backup.stdout).toContain('integrity check ok');
      // The server kept answering writes while the backup ran.
      expect(duringBackup).toBeGreaterThan(0);

      // A restore over the running server's database is refused, and changes nothing: the
      // server still holds all its links, one more than the backup at least (saved now). (The
      // file's size is no witness: the server's checkpoints copy its log into it meanwhile.)
      const after = await fetch(
        `${server.base}/api/v1/mailto-links`,
        jsonRequest('POST', { name: 'After the backup', to: 'after@example.com' }, auth),
      );
      expect(after.status).toBe(201);
      const linkCount = async () => {
        const res = await fetch(`${server.base}/api/v1/mailto-links?limit=1`, { headers: auth });
        expect(res.status).toBe(200);
        return Number(res.headers.get('x-total-count'));
      };
      const linksInBackup = (() => {
        const copy = new SQLite(backupFile, { readonly: true });
        try {
          return (copy.prepare('select count(*) as n from mailto_links').get() as { n: number }).n;
        } finally {
          copy.close();
        }
      })();
      const linksBefore = await linkCount();
      expect(linksBefore).toBeGreaterThan(linksInBackup);
      const refused = runCliSync(['restore', backupFile], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is in use');
      expect(refused.stderr).toContain('stop the server first');
      expect(await linkCount()).toBe(linksBefore);

      // Restored elsewhere: sound, and holds every link acknowledged before the backup.
      const elsewhere = tmp('mk-restore-');
      const restored = runCliSync(['restore', backupFile], baseEnv({ DATA_DIR: elsewhere }));
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      const db = new SQLite(path.join(elsewhere, 'mailtokit.db'), { readonly: true });
      try {
        expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
        const ids = new Set(
          (db.prepare('select id from mailto_links').all() as { id: number }[]).map((r) => r.id),
        );
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
        // The search table the triggers keep came along, in step with the links.
        const search = db.prepare('select count(*) as n from mailto_link_search').get() as {
          n: number;
        };
        expect(search.n).toBe(ids.size);
      } finally {
        db.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }

    // With the server stopped, the backup goes back over the live database, and a server
    // started on it finds exactly the backed-up links.
    const inBackup = new SQLite(backupFile, { readonly: true });
    const count = (
      inBackup.prepare('select count(*) as n from mailto_links').get() as { n: number }
    ).n;
    inBackup.close();
    const back = runCliSync(['restore', backupFile], env);
    expect(back.stderr).toBe('');
    expect(back.code).toBe(0);
    const again = await startServerProcess(await testPort(1), env);
    try {
      const login = await fetch(
        `${again.base}/api/v1/auth/login`,
        jsonRequest('POST', { username: 'writer', password: 'password123' }),
      );
      expect(login.status).toBe(200);
      const { access_token: token } = (await login.json()) as { access_token: string };
      const list = await fetch(`${again.base}/api/v1/mailto-links?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.status).toBe(200);
      expect(Number(list.headers.get('x-total-count'))).toBe(count);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 300_000);

  it('refuses to restore a file that is not a sound MailtoKit database, or one from a newer release', async () => {
    const dataDir = tmp('mk-restore-bad-');
    const env = baseEnv({ DATA_DIR: dataDir });
    const made = runCliSync(['list-users'], env);
    expect(made.code).toBe(0);
    const live = path.join(dataDir, 'mailtokit.db');
    const original = fs.readFileSync(live);

    const garbage = path.join(dataDir, 'garbage.db');
    fs.writeFileSync(garbage, 'not a database at all, but long enough to look like a file');
    const notDb = runCliSync(['restore', garbage], env);
    expect(notDb.code).toBe(1);
    expect(notDb.stderr).toContain('is not a readable SQLite database');

    const foreign = path.join(dataDir, 'foreign.db');
    const other = new SQLite(foreign);
    other.exec('create table notes (id integer primary key, text text)');
    other.close();
    const notOurs = runCliSync(['restore', foreign], env);
    expect(notOurs.code).toBe(1);
    expect(notOurs.stderr).toContain('is not a MailtoKit database');

    const newer = path.join(dataDir, 'newer.db');
    expect(runCliSync(['backup', newer], env).code).toBe(0);
    const future = new SQLite(newer);
    future
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('999-from-the-future', new Date().toISOString());
    future.close();
    const tooNew = runCliSync(['restore', newer], env);
    expect(tooNew.code).toBe(1);
    expect(tooNew.stderr).toContain('comes from a newer MailtoKit');
    expect(tooNew.stderr).toContain('999-from-the-future');

    // A damaged page: the integrity check finds it before anything is written.
    const damaged = path.join(dataDir, 'damaged.db');
    expect(runCliSync(['backup', damaged], env).code).toBe(0);
    const bytes = fs.readFileSync(damaged);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0xff, pageSize * 2 + 8, pageSize * 3);
    fs.writeFileSync(damaged, bytes);
    const broken = runCliSync(['restore', damaged], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/integrity check|not a readable SQLite database|malformed/);

    expect(fs.readFileSync(live).equals(original)).toBe(true);
    const usage = runCliSync(['backup'], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('backup needs a file name');
  }, 300_000);
});

describe.skipIf(dialect !== 'postgres')('backup and restore on PostgreSQL (admin CLI)', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase();
    if (db.config.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    url = db.config.url;
    drop = db.drop;
  });
  afterAll(async () => {
    await drop();
  });

  it("points at PostgreSQL's own tools instead of copying a file", () => {
    const env = baseEnv({ DATA_DIR: tmp('mk-pg-backup-'), DATABASE_URL: url });
    for (const command of ['backup', 'restore']) {
      const r = runCliSync([command, path.join(os.tmpdir(), 'x.db')], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('pg_dump --format=custom');
      expect(r.stderr).toContain('pg_restore');
    }
  }, 60_000);
});
