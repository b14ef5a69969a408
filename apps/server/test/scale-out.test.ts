import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/database';
import { createTestDatabase, dialect, setTier } from './helpers';
import { jsonRequest, startServerProcess, testPort, type ServerProcess } from './server-process';

/**
 * Two server processes on one fresh PostgreSQL database behave as one service: what one
 * instance writes (sessions, failed sign-ins, link edits) the other one sees at once.
 */
/** Sign-ups per IP per hour for these instances (the tests below make four). */
const SIGN_UPS = 8;

describe.skipIf(dialect !== 'postgres')('two instances on one PostgreSQL database', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    if (database.config.dialect !== 'postgres') throw new Error('PostgreSQL only');
    const env = { DATABASE_URL: database.config.url, REGISTRATIONS_PER_HOUR: String(SIGN_UPS) };
    // The first one migrates; the second starts on the migrated database.
    a = await startServerProcess(await testPort(0), env);
    b = await startServerProcess(await testPort(1), env);
    db = openDb(database.config);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.destroy();
    await drop?.();
  });

  let counter = 0;
  async function register(on: ServerProcess) {
    counter += 1;
    const username = `scale${counter}_${Date.now().toString(36)}`;
    const password = 'correct horse battery';
    const res = await fetch(
      `${on.base}/api/v1/auth/register`,
      jsonRequest('POST', { username, email: `${username}@example.com`, password }),
    );
    expect(res.status).toBe(201);
    const user = (await res.json()) as { id: number };
    return { id: user.id, username, password };
  }

  const login = (on: ServerProcess, username: string, password: string) =>
    fetch(`${on.base}/api/v1/auth/login`, jsonRequest('POST', { username, password }));

  async function signIn(on: ServerProcess, username: string, password: string) {
    const res = await login(on, username, password);
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mailtokit_session='));
    if (!cookie) throw new Error('no session cookie');
    return { cookie: cookie.split(';')[0] ?? '' };
  }

  const me = (on: ServerProcess, cookie: string) =>
    fetch(`${on.base}/api/v1/auth/me`, { headers: { cookie } }).then((r) => r.status);

  it('shares sessions: a sign-in on one works on the other, a sign-out on one ends it on both', async () => {
    const user = await register(a);
    const { cookie } = await signIn(a, user.username, user.password);
    expect(await me(a, cookie)).toBe(200);
    expect(await me(b, cookie)).toBe(200);

    const out = await fetch(`${b.base}/api/v1/auth/logout`, jsonRequest('POST', {}, { cookie }));
    expect(out.status).toBe(200);
    expect(await me(b, cookie)).toBe(401);
    expect(await me(a, cookie)).toBe(401);
  });

  it('shares the failed sign-in budget: the right password is refused after 6 failures split across both', async () => {
    const user = await register(b);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(i % 2 === 0 ? a : b, user.username, 'wrong password')).status);
    // Five failures are allowed (whichever instance saw them); the sixth attempt is refused.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    for (const on of [a, b]) {
      const res = await login(on, user.username, user.password);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
  });

  it('redirects to the new target on one right after the link is edited on the other', async () => {
    const user = await register(a);
    await setTier(db, user.id, 'PREMIUM');
    const { cookie } = await signIn(a, user.username, user.password);
    const link = { name: 'Sales', to: 'sales@example.com', subject: 'Hello' };
    const created = await fetch(
      `${a.base}/api/v1/mailto-links`,
      jsonRequest('POST', link, { cookie }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const tracking = await fetch(
      `${a.base}/api/v1/tracking`,
      jsonRequest('POST', { mailtoLinkId: id }, { cookie }),
    );
    expect(tracking.status).toBe(201);
    const { slug } = (await tracking.json()) as { slug: string };

    const follow = (on: ServerProcess) =>
      fetch(`${on.base}/t/${slug}`, { redirect: 'manual' }).then((r) => ({
        status: r.status,
        location: r.headers.get('location'),
      }));
    expect(await follow(b)).toEqual({
      status: 302,
      location: 'mailto:sales@example.com?subject=Hello',
    });

    const edited = await fetch(
      `${a.base}/api/v1/mailto-links/${id}`,
      jsonRequest('PUT', { ...link, to: 'support@example.com', subject: 'Help' }, { cookie }),
    );
    expect(edited.status).toBe(200);
    expect(await follow(b)).toEqual({
      status: 302,
      location: 'mailto:support@example.com?subject=Help',
    });
    expect(await follow(a)).toEqual({
      status: 302,
      location: 'mailto:support@example.com?subject=Help',
    });
  });

  it('shares the sign-up and contact limits per IP', async () => {
    // Every attempt counts, valid or not; the tests above made `counter` sign-ups.
    const statuses: number[] = [];
    for (let i = counter; i < SIGN_UPS; i++) {
      const on = i % 2 === 0 ? a : b;
      statuses.push(
        (await fetch(`${on.base}/api/v1/auth/register`, jsonRequest('POST', {}))).status,
      );
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    for (const on of [a, b]) {
      const res = await fetch(`${on.base}/api/v1/auth/register`, jsonRequest('POST', {}));
      expect(res.status).toBe(429);
    }

    const message = {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'A question',
      message: 'How do teams share links?',
    };
    const sent: number[] = [];
    for (let i = 0; i < 6; i++) {
      const on = i % 2 === 0 ? a : b;
      sent.push((await fetch(`${on.base}/api/v1/contact`, jsonRequest('POST', message))).status);
    }
    // Five messages per IP per hour, across both instances.
    expect(sent).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
