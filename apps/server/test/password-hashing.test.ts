import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildRegistration, createTestApp, signUp, type TestApp } from './helpers';
import type * as PasswordModule from '../src/lib/password';
// Hashes at the production cost here: the gate's bounds are seen only while hashes overlap.
import { PASSWORD_COST } from '../src/lib/password';

/** Hashes running right now and the most that ever ran at once (the real hashing still runs). */
const hashing = vi.hoisted(() => ({ now: 0, peak: 0, total: 0 }));
vi.mock('../src/lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      hashing.now += 1;
      hashing.total += 1;
      hashing.peak = Math.max(hashing.peak, hashing.now);
      try {
        return await fn(...args);
      } finally {
        hashing.now -= 1;
      }
    };
  return {
    ...real,
    hashPassword: counted(real.hashPassword),
    verifyPassword: counted(real.verifyPassword),
  };
});

function resetCounts() {
  hashing.peak = hashing.now;
  hashing.total = 0;
}

const login = (t: TestApp, username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    payload: { username, password },
  });

const register = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress: ip,
    payload: buildRegistration(),
  });

const codes = (all: LightMyRequestResponse[]) => all.map((r) => r.statusCode);
const count = (all: LightMyRequestResponse[], status: number) =>
  all.filter((r) => r.statusCode === status).length;

describe('one client never holds more than 2 hashes in flight', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { hashing: { cost: PASSWORD_COST } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('100 parallel sign-ins with unknown names from one address: 2 hash, 2 wait, 96 get a 429 at once', async () => {
    resetCounts();
    const all = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(t, `nobody_${i}`, 'a guess 12345', '198.51.100.1'),
      ),
    );
    expect(count(all, 401)).toBe(4);
    expect(count(all, 429)).toBe(96);
    const refused = all.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({
      code: 'RATE_LIMITED',
      detail:
        'Too many password checks at once from your network. Please wait for the ones under way.',
    });
    expect(refused?.headers['retry-after']).toBe('1');
    expect(hashing.peak).toBeLessThanOrEqual(2);
    expect(hashing.total).toBe(4);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    resetCounts();
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(t, `nobody_${i}`, 'a guess 12345', `2001:db8:7:7::${(i + 1).toString(16)}`),
      ),
    );
    expect(count(all, 401)).toBe(4);
    expect(count(all, 429)).toBe(16);
    expect(hashing.peak).toBeLessThanOrEqual(2);
    // Another /64 is another client.
    expect((await login(t, 'nobody', 'a guess 12345', '2001:db8:7:8::1')).statusCode).toBe(401);
  });

  it('sign-ups and sign-ins of one address share its cap', async () => {
    resetCounts();
    const all = await Promise.all([
      ...Array.from({ length: 5 }, () => register(t, '198.51.100.2')),
      ...Array.from({ length: 5 }, (_, i) => login(t, `nobody_${i}`, 'a guess', '198.51.100.2')),
    ]);
    expect(count(all, 201) + count(all, 401)).toBe(4);
    expect(count(all, 429)).toBe(6);
    expect(hashing.peak).toBeLessThanOrEqual(2);
  });

  it('a refused request leaves the budgets as they were', async () => {
    const me = await signUp(t.app);
    // 4 verdicts (all wrong), 16 refusals that cost nothing: one more wrong guess is allowed
    // by the 5-per-address budget, then the next is refused by the budget.
    await Promise.all(
      Array.from({ length: 20 }, () => login(t, me.user.username, 'wrong', '198.51.100.3')),
    );
    expect((await login(t, me.user.username, 'wrong', '198.51.100.3')).statusCode).toBe(401);
    const throttled = await login(t, me.user.username, me.password, '198.51.100.3');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      detail: 'Too many failed sign-in attempts. Please try again later.',
    });
  });
});

describe('each instance hashes a fixed number of passwords at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Two at once (new passwords in one of them), two waiting per kind.
    t = await createTestApp({
      config: { hashing: { concurrency: 2, queue: 2, perClient: 2, cost: PASSWORD_COST } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('100 parallel sign-ups from 100 addresses: one hashes at a time, past the queue a 503 at once; a sign-in meanwhile gets in', async () => {
    const me = await signUp(t.app);
    resetCounts();
    const flood = Promise.all(
      Array.from({ length: 100 }, (_, i) => register(t, `203.0.113.${i + 1}`)),
    );
    const owner = await login(t, me.user.username, me.password, '192.0.2.99');
    const all = await flood;
    expect(owner.statusCode).toBe(200);
    // Only the documented 503, never another 5xx.
    expect(codes(all).filter((c) => c >= 500 && c !== 503)).toEqual([]);
    expect(count(all, 201)).toBeGreaterThanOrEqual(3);
    expect(count(all, 201) + count(all, 503)).toBe(100);
    const busy = all.find((r) => r.statusCode === 503);
    expect(busy?.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      detail: 'The server is busy checking passwords. Please try again in a moment.',
    });
    expect(busy?.headers['retry-after']).toBe('1');
    expect(hashing.peak).toBeLessThanOrEqual(2);
    // Refused requests hashed nothing: one hash per account made, one for the sign-in.
    expect(hashing.total).toBe(count(all, 201) + 1);
  });

  it('a sign-in refused as busy gives its budget points back', async () => {
    // 10 failures an hour per account: without the points given back, 10 parallel wrong
    // guesses would spend it whether they were checked or refused as busy.
    const tight = await createTestApp({
      limits: { loginFailuresPerUser: 10 },
      config: { hashing: { concurrency: 2, queue: 2, perClient: 2, cost: PASSWORD_COST } },
    });
    try {
      const me = await signUp(tight.app);
      const all = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          login(tight, me.user.username, 'wrong', `203.0.114.${i + 1}`),
        ),
      );
      expect(count(all, 503)).toBeGreaterThan(0);
      expect(count(all, 401) + count(all, 503)).toBe(10);
      expect((await login(tight, me.user.username, me.password, '192.0.2.98')).statusCode).toBe(
        200,
      );
    } finally {
      await tight.close();
    }
  });
});

describe('a reset token is claimed before its new password is hashed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://links.example.test' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('100 parallel confirms of one token from 100 addresses: one 200, 99 400s, one hash', async () => {
    const me = await signUp(t.app);
    const { url } = await t.app.services.passwordReset.linkFor(me.user.username);
    const token = new URL(url).searchParams.get('token') ?? '';
    resetCounts();
    const all = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password-reset/confirm',
          remoteAddress: `198.18.0.${i + 1}`,
          payload: { token, password: `new password ${randomBytes(4).toString('hex')}` },
        }),
      ),
    );
    expect(count(all, 200)).toBe(1);
    expect(count(all, 400)).toBe(99);
    expect(all.find((r) => r.statusCode === 400)?.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(hashing.total).toBe(1);
  });
});
