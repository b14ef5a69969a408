import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, utcToday } from '@mailtokit/contracts/utc-day';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialect } from './helpers';
import { startServerProcess, testPort } from './server-process';
import { startTestSmtp } from './smtp';

/** The real entry points, run as a user would: main.ts (server) and cli.ts (admin). */
const ROOT = path.resolve(__dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const CLI = path.join(ROOT, 'apps/server/src/cli.ts');

let env: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-proc-'));
  const db = await createTestDatabase();
  drop = db.drop;
  env = { PATH: process.env.PATH, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  if (db.config.dialect === 'postgres') env.DATABASE_URL = db.config.url;
});
afterAll(async () => {
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (port: number, extraEnv: NodeJS.ProcessEnv = {}) =>
  startServerProcess(port, { ...env, ...extraEnv });

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe(`server process (${dialect})`, () => {
  it('keeps accounts across a restart and shuts down cleanly on SIGTERM', async () => {
    const port = await testPort(0);
    const first = await startServer(port);
    const reg = await fetch(
      `${first.base}/api/v1/auth/register`,
      json({ username: 'restart_me', email: 'r@example.com', password: 'password123' }),
    );
    expect(reg.status).toBe(201);
    expect(await first.stop()).toBe(0);

    const second = await startServer(port);
    const login = await fetch(
      `${second.base}/api/v1/auth/login`,
      json({ username: 'restart_me', password: 'password123' }),
    );
    expect(login.status).toBe(200);
    expect(await second.stop()).toBe(0);
    // Without SMTP_URL the server still starts, and says once that it sends no e-mail.
    expect(first.output().match(/SMTP_URL is not set: no email is sent/g)).toHaveLength(1);
  }, 60_000);

  it('says where it serves and where the data lives, and when it created the database', async () => {
    const port = await testPort(1);
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-first-'));
    const extra = { LOG_LEVEL: 'info', DATA_DIR: fresh };
    try {
      const first = await startServer(port, extra);
      expect(await first.stop()).toBe(0);
      // An SMTP server that is down does not stop the start, and silences the warning.
      const again = await startServer(port, { ...extra, SMTP_URL: 'smtp://127.0.0.1:9' });
      expect(await again.stop()).toBe(0);
      const line = (output: string) =>
        output.split('\n').find((l) => l.includes('MailtoKit serving')) ?? output;
      const serving = `MailtoKit serving http://localhost:${port}; data: `;
      if (dialect === 'sqlite') {
        const file = path.join(fresh, 'mailtokit.db');
        expect(line(first.output())).toContain(`${serving}SQLite database ${file} (created now)`);
        expect(line(again.output())).toContain(`${serving}SQLite database ${file}"`);
      } else {
        expect(line(first.output())).toContain(`${serving}PostgreSQL ${env.DATABASE_URL}`);
        expect(line(first.output())).not.toContain('created now');
      }
      expect(first.output()).toContain('SMTP_URL is not set');
      expect(again.output()).not.toContain('SMTP_URL is not set');
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);

  it('exits 1 with a one-line message on bad configuration', () => {
    const r = spawnSync(TSX, [MAIN], {
      env: { ...env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => l.includes('Invalid configuration')),
    ).toEqual(['Invalid configuration: PORT="not-a-port" must be a number']);
  }, 30_000);

  it('a password reset keeps two-step sign-in; admin CLI disable-2fa turns it off and ends every session', async () => {
    const port = await testPort(3);
    const server = await startServer(port);
    const cli = (...args: string[]) =>
      spawnSync(TSX, [CLI, ...args], { env, encoding: 'utf8', timeout: 30_000 });
    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    await post('/api/v1/auth/register', {
      username: 'two_step',
      email: 'two@example.com',
      password: 'password123',
    });
    const login = (password: string) =>
      post('/api/v1/auth/login', { username: 'two_step', password });
    const { access_token: token } = (await (await login('password123')).json()) as {
      access_token: string;
    };
    const setUp = await post(
      '/api/v1/auth/two-factor/totp',
      { currentPassword: 'password123' },
      token,
    );
    const { secret } = (await setUp.json()) as { secret: string };
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect((await post('/api/v1/auth/two-factor/totp/confirm', { code }, token)).status).toBe(200);

    // A reset sets a new password; the code is still asked for.
    const reset = cli('reset-link', 'two_step');
    const resetToken = reset.stdout.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const confirmed = await post('/api/v1/auth/password-reset/confirm', {
      token: resetToken,
      password: 'reset by the admin',
    });
    expect(confirmed.status).toBe(200);
    expect((await login('reset by the admin')).status).toBe(202);

    // The operator turns it off: every session ends, the password alone signs in again.
    const fresh = (await (
      await post('/api/v1/auth/login/second-factor', {
        challengeToken: (
          (await (await login('reset by the admin')).json()) as {
            challengeToken: string;
          }
        ).challengeToken,
        code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 }),
      })
    ).json()) as { access_token: string };
    // Run without blocking this process: the test's SMTP server must receive the e-mail.
    const smtp = await startTestSmtp();
    const off = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      const child = spawn(TSX, [CLI, 'disable-2fa', 'two_step'], {
        env: { ...env, SMTP_URL: smtp.url },
      });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (status) => resolve({ status, stdout }));
    });
    expect(off.status).toBe(0);
    expect(off.stdout).toContain('Two-step sign-in is off for two_step; every session has ended.');
    expect(off.stdout).toContain('two@example.com was told by email.');
    const [told] = smtp.to('two@example.com');
    expect(told?.subject).toBe('Two-step sign-in was turned off on your MailtoKit account');
    await smtp.close();
    const me = await fetch(`${server.base}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${fresh.access_token}` },
    });
    expect(me.status).toBe(401);
    expect((await login('reset by the admin')).status).toBe(200);
    const nobody = cli('disable-2fa', 'nobody');
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain("No user named 'nobody'");
    expect(await server.stop()).toBe(0);
  }, 150_000);

  it('admin CLI lists users and sets a tier on the same database', async () => {
    const port = await testPort(2);
    const server = await startServer(port);
    await fetch(
      `${server.base}/api/v1/auth/register`,
      json({ username: 'tier_me', email: 't@example.com', password: 'password123' }),
    );

    const cli = (...args: string[]) =>
      spawnSync(TSX, [CLI, ...args], { env, encoding: 'utf8', timeout: 30_000 });
    const list = cli('list-users');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/tier_me\s+FREE\s+t@example\.com/);

    const set = cli('set-tier', 'TIER_ME', 'premium');
    expect(set.status).toBe(0);
    expect(set.stdout).toContain('tier_me is now PREMIUM');

    const login = await fetch(
      `${server.base}/api/v1/auth/login`,
      json({ username: 'tier_me', password: 'password123' }),
    );
    const body = (await login.json()) as { user: { subscriptionTier: string } };
    expect(body.user.subscriptionTier).toBe('PREMIUM');

    // An end date: the tier lasts through that UTC day, then counts as FREE.
    const endDay = addDays(utcToday(), 40);
    const endsAt = new Date(Date.parse(addDays(endDay, 1))).toISOString();
    const until = cli('set-tier', 'tier_me', 'TEAM', '--until', endDay);
    expect(until.status).toBe(0);
    expect(until.stdout).toContain(`tier_me is now TEAM until ${endsAt}, then FREE`);
    const me = async () => {
      const res = await fetch(
        `${server.base}/api/v1/auth/login`,
        json({ username: 'tier_me', password: 'password123' }),
      );
      return ((await res.json()) as { user: { subscriptionExpiresAt: string | null } }).user;
    };
    expect(await me()).toMatchObject({ subscriptionTier: 'TEAM', subscriptionExpiresAt: endsAt });
    // Setting a tier without --until clears the end.
    expect(cli('set-tier', 'tier_me', 'PREMIUM').stdout).toContain('tier_me is now PREMIUM\n');
    expect(await me()).toMatchObject({ subscriptionTier: 'PREMIUM', subscriptionExpiresAt: null });
    const badEnd = cli('set-tier', 'tier_me', 'PREMIUM', '--until', 'next week');
    expect(badEnd.status).toBe(1);
    expect(badEnd.stderr).toContain(
      "--until needs YYYY-MM-DD or a date-time with a zone, not 'next week'",
    );

    const bad = cli('set-tier', 'tier_me', 'GOLD');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('set-tier needs a username and one of FREE, PREMIUM, TEAM');
    const missing = cli('set-tier', 'nobody', 'TEAM');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("No user named 'nobody'");
    // reset-link: a one-time link that sets a new password through the running server.
    const reset = cli('reset-link', 'tier_me');
    expect(reset.status).toBe(0);
    expect(reset.stdout).toContain('Password-reset link for tier_me');
    const token = reset.stdout.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const confirm = () =>
      fetch(
        `${server.base}/api/v1/auth/password-reset/confirm`,
        json({ token, password: 'reset by the admin' }),
      );
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBe(400);
    const relogin = await fetch(
      `${server.base}/api/v1/auth/login`,
      json({ username: 'tier_me', password: 'reset by the admin' }),
    );
    expect(relogin.status).toBe(200);
    const nobody = cli('reset-link', 'nobody');
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain("No user named 'nobody'");

    const unknown = cli('frobnicate');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("Unknown command 'frobnicate'");
    expect(await server.stop()).toBe(0);
  }, 150_000);
});
