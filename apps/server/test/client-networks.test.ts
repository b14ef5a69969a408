import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRegistration,
  createLink,
  createTestApp,
  movableClock,
  signUp,
  signUpAs,
  type TestApp,
} from './helpers';

// Every per-address budget and count keys an IPv6 client by its /64: a customer line gets a
// whole /64 and may pick any address in it.

/** The `n`-th address of the /64 `2001:db8:<net>::/64`, spread over the interface id. */
const inNet = (net: number, n: number) =>
  `2001:db8:${net.toString(16)}:0:${((n * 7919) & 0xffff).toString(16)}:${n.toString(16)}:a:${(n + 1).toString(16)}`;

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
const chrome = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    app: { clock: clock.now },
    limits: { registrationsPerHour: 3, contactPerHour: 2, passwordResetConfirmsPerIp: 4 },
  });
  // The start of a minute, so the inflation windows below are fixed.
  clock.advance(60_000 - (clock.now().getTime() % 60_000) + 1_000);
});
afterAll(async () => {
  await t.close();
});

describe('clicks and visitors', () => {
  it('300 hits from 300 addresses of one /64 count as one address: at most 10 clicks and 5 visitors', async () => {
    const owner = await signUpAs(t, 'PREMIUM');
    const link = await createLink(t.app, owner.headers);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers: owner.headers,
      payload: { mailtoLinkId: link.id },
    });
    const { slug } = created.json<{ slug: string }>();
    const hits = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: `/t/${slug}`,
          headers: { ...NAVIGATION, 'user-agent': chrome(100 + (i % 50)) },
          remoteAddress: inNet(0x51, i),
        }),
      ),
    );
    expect(hits.every((r) => r.statusCode === 302)).toBe(true);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const now = clock.now().getTime();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/analytics?from=${day(now - 86_400_000)}&to=${day(now)}`,
      headers: owner.headers,
    });
    const { totals } = res.json<{ totals: { clicks: number; uniqueVisitors: number } }>();
    expect(totals.clicks).toBeGreaterThanOrEqual(1);
    expect(totals.clicks).toBeLessThanOrEqual(10);
    expect(totals.uniqueVisitors).toBeLessThanOrEqual(5);
  });
});

describe('budgets per /64', () => {
  it('sign-ups: 3 an hour from one /64, whatever the address; another /64 is not held back', async () => {
    const register = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: ip,
        payload: buildRegistration(),
      });
    for (let i = 0; i < 3; i += 1) expect((await register(inNet(0x52, i))).statusCode).toBe(201);
    const refused = await register(inNet(0x52, 99));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await register(inNet(0x53, 0))).statusCode).toBe(201);
  });

  it('contact messages: 2 an hour from one /64', async () => {
    const send = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        remoteAddress: ip,
        payload: {
          name: 'Someone',
          email: 'someone@example.com',
          subject: 'Question',
          message: 'How many members can a team have?',
        },
      });
    expect((await send(inNet(0x54, 1))).statusCode).toBe(201);
    expect((await send(inNet(0x54, 2))).statusCode).toBe(201);
    expect((await send(inNet(0x54, 3))).statusCode).toBe(429);
    expect((await send(inNet(0x55, 1))).statusCode).toBe(201);
  });

  it('reset confirmations: 4 per 15 minutes from one /64', async () => {
    const confirm = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        remoteAddress: ip,
        payload: { token: 'x'.repeat(43), password: 'a new password 123' },
      });
    for (let i = 0; i < 4; i += 1) expect((await confirm(inNet(0x56, i))).statusCode).toBe(400);
    expect((await confirm(inNet(0x56, 50))).statusCode).toBe(429);
    expect((await confirm(inNet(0x57, 0))).statusCode).toBe(400);
  });

  it('failed sign-ins: 5 per account from one /64, spread over its addresses, then 429 there while the owner signs in from another /64', async () => {
    const victim = await signUp(t.app);
    const login = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: ip,
        payload: { username: victim.user.username, password },
      });
    for (let i = 0; i < 5; i += 1)
      expect((await login('wrong', inNet(0x58, i))).statusCode).toBe(401);
    expect((await login(victim.password, inNet(0x58, 77))).statusCode).toBe(429);
    expect((await login(victim.password, inNet(0x59, 1))).statusCode).toBe(200);
  });

  it('an IPv4 client written as an IPv4-mapped IPv6 address is the same client', async () => {
    const register = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: ip,
        payload: buildRegistration(),
      });
    for (let i = 0; i < 3; i += 1) expect((await register('192.0.2.60')).statusCode).toBe(201);
    expect((await register('::ffff:192.0.2.60')).statusCode).toBe(429);
  });
});
