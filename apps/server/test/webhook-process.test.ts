import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialect } from './helpers';
import { closedPort, startReceiver, waitFor } from './receiver';
import { startServerProcess, testPort } from './server-process';

// The real server process (main.ts), killed with SIGKILL while webhook events (and, on SQLite,
// the rules of the clicks just stored) are pending.

/** GET as a browser's navigation from `ip` (X-Forwarded-For); the status, 0 if cut off. */
function navigate(url: string, ip: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(
      url,
      {
        headers: {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
          accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
          'accept-language': 'en',
          'x-forwarded-for': ip,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', () => resolve(0));
  });
}

let env: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-hook-proc-'));
  const db = await createTestDatabase();
  drop = db.drop;
  env = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEFAULT_TIER: 'PREMIUM',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_BASE_MS: '100',
    // Each click below comes from an address of its own (X-Forwarded-For): one address may
    // count only a few clicks per tracking link.
    TRUST_PROXY: 'true',
  };
  if (db.config.dialect === 'postgres') env.DATABASE_URL = db.config.url;
});
afterAll(async () => {
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (port: number) => startServerProcess(port, env);

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe(`webhook outbox across kill -9 (${dialect})`, () => {
  it('sends every event of a redirected click, and counts it once, after the process is killed and restarted', async () => {
    const port = await testPort(0);
    const receiverPort = await closedPort();
    const first = await startServer(port);
    const killed = new Promise((r) => first.child.once('exit', r));
    try {
      await post(`${first.base}/api/v1/auth/register`, {
        username: 'hooked',
        email: 'hooked@example.com',
        password: 'password123',
      });
      const login = await post(`${first.base}/api/v1/auth/login`, {
        username: 'hooked',
        password: 'password123',
      });
      const auth = {
        authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
      };
      const link = (await (
        await post(`${first.base}/api/v1/mailto-links`, { name: 'L', to: 'a@example.com' }, auth)
      ).json()) as { id: number };
      const tracking = (await (
        await post(`${first.base}/api/v1/tracking`, { mailtoLinkId: link.id }, auth)
      ).json()) as { slug: string };
      const hook = await post(
        `${first.base}/api/v1/webhooks`,
        // A new webhook under a session needs the account's password.
        { url: `http://127.0.0.1:${receiverPort}/hook`, currentPassword: 'password123' },
        auth,
      );
      expect(hook.status).toBe(201);

      // The receiver is down: every event stays pending. Clicks run while the process dies.
      // node:http, as a browser's navigation: fetch() would send `Sec-Fetch-Mode: cors` (a
      // script, not a click), and each click from an address of its own.
      const clicks = Array.from({ length: 40 }, (_, i) =>
        navigate(`${first.base}/t/${tracking.slug}`, `198.51.100.${i + 1}`),
      );
      await Promise.race(clicks);
      first.child.kill('SIGKILL');
      const statuses = await Promise.all(clicks);
      await killed;
      const redirected = statuses.filter((s) => s === 302).length;
      expect(redirected).toBeGreaterThan(0);

      const receiver = await startReceiver([200], receiverPort);
      const second = await startServer(port);
      try {
        const ids = () => new Set(receiver.received.map((r) => r.headers['mailtokit-delivery']));
        await waitFor(() => ids().size >= redirected, 30_000);
        // Every redirected click arrived; clicks cut off mid-answer may have been stored too.
        expect(ids().size).toBeGreaterThanOrEqual(redirected);
        expect(ids().size).toBeLessThanOrEqual(40);
        // The rollups count each stored click once: the clicks whose rules had not run when the
        // process died are applied by the next one, the others are not counted again.
        const relogin = await post(`${second.base}/api/v1/auth/login`, {
          username: 'hooked',
          password: 'password123',
        });
        const token = ((await relogin.json()) as { access_token: string }).access_token;
        const analytics = await fetch(`${second.base}/api/v1/mailto-links/${link.id}/analytics`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(analytics.status).toBe(200);
        const { totals } = (await analytics.json()) as { totals: { clicks: number } };
        expect(totals.clicks).toBe(ids().size);
      } finally {
        await second.stop();
        await receiver.close();
      }
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  }, 90_000);
});
