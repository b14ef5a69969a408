import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, createLink, createTestApp, signUpAs, type TestApp } from './helpers';

// TRUST_PROXY as a hop count, through a real server: Fastify's routes and the redirect's own
// fast path both take the right-most X-Forwarded-For entry the proxy appended, so a client
// that writes entries of its own in front of it cannot pass for someone else.

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
const chrome = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const spoofed = () =>
  `${1 + ((randomBytes(1)[0] ?? 0) % 200)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** The status of a GET sent as given (no redirect followed). */
const status = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });

let t: TestApp;
let base: string;
beforeAll(async () => {
  // One proxy in front (the test itself, on loopback), which appends the client's address.
  t = await createTestApp({
    config: { trustProxy: { hops: 1 } },
    limits: { registrationsPerHour: 3 },
  });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

describe('TRUST_PROXY=1 behind a proxy that appends', () => {
  it('budgets the appended address: a rotating first entry gets no more sign-ups', async () => {
    const register = (client: string) =>
      fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `${spoofed()}, ${client}`,
        },
        body: JSON.stringify(buildRegistration()),
      });
    for (let i = 0; i < 3; i += 1) expect((await register('198.51.100.20')).status).toBe(201);
    expect((await register('198.51.100.20')).status).toBe(429);
    expect((await register('198.51.100.21')).status).toBe(201);
  });

  it('counts the redirect fast path by the appended address too: 100 hits with rotating first entries are one client', async () => {
    const owner = await signUpAs(t, 'PREMIUM');
    const link = await createLink(t.app, owner.headers);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers: owner.headers,
      payload: { mailtoLinkId: link.id },
    });
    const { slug } = created.json<{ slug: string }>();
    // node:http rather than fetch, which would send `Sec-Fetch-Mode: cors` (not a click).
    const hits = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        status(`${base}/t/${slug}`, {
          ...NAVIGATION,
          'user-agent': chrome(100 + i),
          'x-forwarded-for': `${spoofed()}, 198.51.100.30`,
        }),
      ),
    );
    expect(hits).toEqual(Array(100).fill(302));
    const day = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/analytics?from=${day}&to=${day}`,
      headers: owner.headers,
    });
    const { totals } = res.json<{ totals: { clicks: number; uniqueVisitors: number } }>();
    expect(totals.clicks).toBeGreaterThanOrEqual(1);
    expect(totals.clicks).toBeLessThanOrEqual(10);
    expect(totals.uniqueVisitors).toBeLessThanOrEqual(5);
  });
});
