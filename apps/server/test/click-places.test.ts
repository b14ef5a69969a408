import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createTestApp,
  createTrackingLink,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';
import { UNKNOWN_COUNTRY } from '@mailtokit/contracts/analytics';
import { fixtureGeoDb } from './mmdb-fixture';
import { startReceiver, waitFor } from './receiver';

// The place of a click comes from the client address the server trusts (TRUST_PROXY), looked
// up offline in the MaxMind-format database of GEOIP_DB_FILE (here a fixture of known
// networks); only country, region and city are stored, never the address.

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
let agentVersion = 100;
const chrome = () =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${agentVersion++}.0.0.0 Safari/537.36`;

let dir: string;
let geoipDbFile: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mailtokit-geo-'));
  geoipDbFile = path.join(dir, 'fixture-city.mmdb');
  writeFileSync(geoipDbFile, fixtureGeoDb());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function trackingSlug(t: TestApp, owner: SignedIn): Promise<{ id: number; slug: string }> {
  const link = await createLink(t.app, owner.headers);
  return createTrackingLink(t.app, owner.headers, link.id);
}

async function placesOf(t: TestApp, trackingLinkId: number) {
  const rows = await t.db.kysely
    .selectFrom('clicks')
    .selectAll()
    .where('tracking_link_id', '=', trackingLinkId)
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.country, r.region, r.city]);
}

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  let base: string;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: { hops: 1 }, geoipDbFile } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = await signUpAs(t, 'PREMIUM');
  });
  afterAll(() => t.close());

  it('stores the place of the address the proxy appended, IPv4 and IPv6, through every door', async () => {
    const { id, slug } = await trackingSlug(t, owner);
    // The node:http door (a real request without a query string); a client-written first entry
    // names another country and is not believed.
    const raw = (forwarded: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            `${base}/t/${slug}`,
            { headers: { ...NAVIGATION, 'user-agent': chrome(), 'x-forwarded-for': forwarded } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          )
          .on('error', reject);
      });
    expect(await raw('83.5.5.5, 81.0.20.30')).toBe(302);
    expect(await raw('2a01:4f8:0:1::9')).toBe(302);
    // The fast path (inject) and the routes (a query string).
    const inject = (url: string, forwarded: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...NAVIGATION, 'user-agent': chrome(), 'x-forwarded-for': forwarded },
      });
    expect((await inject(`/t/${slug}`, '82.1.2.3')).statusCode).toBe(302);
    expect((await inject(`/t/${slug}?utm=x`, '2400:cb00:1::1')).statusCode).toBe(302);
    expect((await inject(`/t/${slug}`, '10.0.0.8')).statusCode).toBe(302);
    expect((await inject(`/t/${slug}`, '::1')).statusCode).toBe(302);
    expect((await inject(`/t/${slug}`, '9.9.9.9')).statusCode).toBe(302);

    expect(await placesOf(t, id)).toEqual([
      ['DE', 'BE', 'Berlin'],
      ['DE', 'BY', 'Munich'],
      ['FR', 'IDF', 'Paris'],
      ['US', null, null],
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
  });

  it('breaks the analytics and the clicks CSV down by country (rollup and raw clicks alike)', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await createTrackingLink(t.app, owner.headers, link.id);
    const from = ['81.0.1.1', '81.0.1.2', '2a01:4f8::7', '82.1.2.3', '2400:cb00::1', '10.9.9.9'];
    for (const ip of from) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/t/${tracking.slug}`,
        headers: { ...NAVIGATION, 'user-agent': chrome(), 'x-forwarded-for': ip },
      });
      expect(res.statusCode).toBe(302);
    }
    const day = new Date().toISOString().slice(0, 10);
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(res.statusCode).toBe(200);
      return res;
    };
    const expected = [
      // Most first; ties by code, unknown first.
      { key: 'DE', clicks: 3 },
      { key: UNKNOWN_COUNTRY, clicks: 1 },
      { key: 'FR', clicks: 1 },
      { key: 'US', clicks: 1 },
    ];
    const daily = await get(`/api/v1/mailto-links/${link.id}/analytics?from=${day}&to=${day}`);
    expect(daily.json().countries).toEqual(expected);
    const hourly = await get(
      `/api/v1/mailto-links/${link.id}/analytics?interval=hour&from=${day}T00:00:00Z&to=${day}T23:59:59Z`,
    );
    expect(hourly.json().countries).toEqual(expected);

    const csv = await get(`/api/v1/mailto-links/${link.id}/clicks.csv?from=${day}&to=${day}`);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header?.split(',').slice(-4, -2)).toEqual(['country', 'city']);
    expect(rows.map((r) => r.split(',').slice(-4, -2))).toEqual([
      ['DE', 'Berlin'],
      ['DE', 'Berlin'],
      ['DE', 'Munich'],
      ['FR', 'Paris'],
      ['US', ''],
      ['', ''],
    ]);
  });

  it('never stores the address itself', async () => {
    const { id, slug } = await trackingSlug(t, owner);
    await t.app.inject({
      method: 'GET',
      url: `/t/${slug}`,
      headers: { ...NAVIGATION, 'user-agent': chrome(), 'x-forwarded-for': '81.0.99.123' },
    });
    const [row] = await t.db.kysely
      .selectFrom('clicks')
      .selectAll()
      .where('tracking_link_id', '=', id)
      .execute();
    expect(row?.country).toBe('DE');
    expect(JSON.stringify(row)).not.toContain('81.0.99.123');
  });
});

describe('without a trusted proxy (TRUST_PROXY=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { geoipDbFile } });
  });
  afterAll(() => t.close());

  it('takes the connection address and ignores X-Forwarded-For', async () => {
    const owner = await signUpAs(t, 'PREMIUM');
    const { id, slug } = await trackingSlug(t, owner);
    const res = await t.app.inject({
      method: 'GET',
      url: `/t/${slug}`,
      remoteAddress: '82.1.2.200',
      headers: { ...NAVIGATION, 'user-agent': chrome(), 'x-forwarded-for': '81.0.0.1' },
    });
    expect(res.statusCode).toBe(302);
    expect(await placesOf(t, id)).toEqual([['FR', 'IDF', 'Paris']]);
  });
});

describe('with the bundled country database (no GEOIP_DB_FILE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a country and no region or city', async () => {
    const owner = await signUpAs(t, 'PREMIUM');
    const { id, slug } = await trackingSlug(t, owner);
    await t.app.inject({
      method: 'GET',
      url: `/t/${slug}`,
      remoteAddress: '193.0.14.129',
      headers: { ...NAVIGATION, 'user-agent': chrome() },
    });
    const [place] = await placesOf(t, id);
    expect(place?.[0]).toMatch(/^[A-Z]{2}$/);
    expect(place?.slice(1)).toEqual([null, null]);
    // The rollup by country counts the click, and keeps no city row for a city it lacks.
    const rollup = await t.db.kysely
      .selectFrom('click_daily_places')
      .select(['dim', 'country'])
      .where('dim', 'in', ['clicks', 'city'])
      .execute();
    expect(rollup.map((r) => r.dim)).toEqual(['clicks']);
    expect(rollup[0]?.country).toBe(place?.[0]);
  });
});

describe('with place lookups turned off (GEOIP_DB_FILE=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { geoipDbFile: false } });
  });
  afterAll(() => t.close());

  it('stores the click with no country, region or city', async () => {
    const owner = await signUpAs(t, 'PREMIUM');
    const { id, slug } = await trackingSlug(t, owner);
    const res = await t.app.inject({
      method: 'GET',
      url: `/t/${slug}`,
      remoteAddress: '193.0.14.129',
      headers: { ...NAVIGATION, 'user-agent': chrome() },
    });
    expect(res.statusCode).toBe(302);
    expect(await placesOf(t, id)).toEqual([[null, null, null]]);
  });
});

describe('the link.clicked event', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { geoipDbFile, webhooks: { allowPrivate: true, retryBaseMs: 40 } },
    });
  });
  afterAll(() => t.close());

  it('carries the country of the click, IPv6 too, and not the address', async () => {
    const receiver = await startReceiver([200, 200]);
    try {
      const owner = await signUpAs(t, 'PREMIUM');
      const { slug } = await trackingSlug(t, owner);
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: owner.headers,
        payload: { currentPassword: owner.password, url: receiver.url },
      });
      expect(hook.statusCode).toBe(201);
      for (const remoteAddress of ['2a01:4f8:5::1', '82.1.2.77']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/t/${slug}`,
          remoteAddress,
          headers: { ...NAVIGATION, 'user-agent': chrome() },
        });
        expect(res.statusCode).toBe(302);
      }
      await waitFor(() => receiver.received.length === 2);
      const events = receiver.received.map((r) => JSON.parse(r.body));
      expect(events.map((e) => e.data.country).sort()).toEqual(['DE', 'FR']);
      for (const r of receiver.received) {
        expect(r.body).not.toContain('82.1.2.77');
        expect(r.body).not.toContain('2a01:4f8:5::1');
      }
    } finally {
      await receiver.close();
    }
  });
});
