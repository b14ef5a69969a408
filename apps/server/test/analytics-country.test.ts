import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_COUNTRY } from '@mailtokit/contracts/analytics';
import { rebuildClickDimensions } from '../src/modules/clicks/dimensions';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  createTrackingLink,
  movableClock,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';
import { fixtureGeoDb } from './mmdb-fixture';

// The `country` filter of link analytics and of the overview: every figure of the answer
// (totals, left-out hits, series, breakdowns, links) counts only that country's clicks, read
// from the daily rollup by country for whole days and from the raw clicks otherwise, with
// the same answer. Places come from a fixture database of known networks, through the
// address the trusted proxy appended (TRUST_PROXY=1).

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
let agentVersion = 200;
const chrome = () =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${agentVersion++}.0.0.0 Safari/537.36`;

const DAY_MS = 24 * 60 * 60_000;

let dir: string;
let t: TestApp;
let owner: SignedIn;
const clock = movableClock();
let linkA: number;
let linkB: number;
let news: { id: number; slug: string };
let plain: { id: number; slug: string };
let day1: string;
let day2: string;
let lastOfB: string;

/** A navigation to `url` from the client the proxy saw at `forwarded`. */
const visit = (url: string, forwarded: string, agent: string) =>
  t.app.inject({
    method: 'GET',
    url,
    // A client-written first entry is not believed: the proxy's own entry is last.
    headers: { ...NAVIGATION, 'user-agent': agent, 'x-forwarded-for': `9.9.9.9, ${forwarded}` },
  });

async function click(slug: string, forwarded: string, agent = chrome()): Promise<void> {
  expect((await visit(`/t/${slug}`, forwarded, agent)).statusCode).toBe(302);
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.headers });

async function ok(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mailtokit-geo-filter-'));
  const geoipDbFile = path.join(dir, 'fixture-city.mmdb');
  writeFileSync(geoipDbFile, fixtureGeoDb());
  t = await createTestApp({
    config: { trustProxy: { hops: 1 }, geoipDbFile },
    app: { clock: clock.now },
  });
  owner = await signUpAs(t, 'PREMIUM');
  linkA = (await createLink(t.app, owner.headers, { name: 'A' })).id;
  linkB = (await createLink(t.app, owner.headers, { name: 'B' })).id;
  news = await createTrackingLink(t.app, owner.headers, linkA, 'News');
  plain = await createTrackingLink(t.app, owner.headers, linkA);
  const other = await createTrackingLink(t.app, owner.headers, linkB);

  day1 = clock.now().toISOString().slice(0, 10);
  await click(news.slug, '81.0.1.1'); // DE, Berlin
  await click(news.slug, '81.0.1.2'); // DE, Berlin
  await click(news.slug, '2a01:4f8::7'); // DE, Munich (IPv6)
  await click(plain.slug, '82.1.2.3'); // FR, Paris
  await click(news.slug, '10.0.0.1'); // unknown
  await click(news.slug, '81.0.5.5', 'curl/8.4.0'); // DE, a bot: left out
  // To a minute past the next UTC midnight (the session, a day long, stays valid).
  clock.advance(DAY_MS - (clock.now().getTime() % DAY_MS) + 60_000);
  day2 = clock.now().toISOString().slice(0, 10);
  await click(plain.slug, '81.0.2.2'); // DE, Berlin
  await click(other.slug, '82.1.2.4'); // FR, Paris
  await click(other.slug, '81.0.3.3'); // DE, Berlin
  const [last] = await t.db.kysely
    .selectFrom('clicks')
    .select('occurred_at')
    .where('tracking_link_id', '=', other.id)
    .where('country', '=', 'DE')
    .execute();
  lastOfB = last!.occurred_at;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const range = () => `from=${day1}&to=${day2}`;
const hourly = () => `interval=hour&from=${day1}T00:00:00Z&to=${day2}T23:59:59Z`;
const sum = (series: { clicks: number }[]) => series.reduce((n, p) => n + p.clicks, 0);

describe('link analytics filtered to one country', () => {
  it('counts only that country in totals, left-out hits, series and every breakdown', async () => {
    const body = await ok(`/api/v1/mailto-links/${linkA}/analytics?${range()}&country=DE`);
    expect(body.country).toBe('DE');
    expect(body.totals).toEqual({
      clicks: 4,
      uniqueVisitors: 4,
      botClicks: 1,
      filtered: { bot: 1, preview: 0, scanner: 0, prefetch: 0, repeat: 0, embedded: 0 },
    });
    expect(body.series).toEqual([
      { t: `${day1}T00:00:00.000Z`, clicks: 3, uniqueVisitors: 3 },
      { t: `${day2}T00:00:00.000Z`, clicks: 1, uniqueVisitors: 1 },
    ]);
    expect(body.countries).toEqual([{ key: 'DE', clicks: 4 }]);
    expect(body.cities).toEqual([
      { country: 'DE', city: 'Berlin', clicks: 3 },
      { country: 'DE', city: 'Munich', clicks: 1 },
    ]);
    expect(body.labels).toEqual([
      { key: 'News', clicks: 3 },
      { key: plain.slug, clicks: 1 },
    ]);
    expect(body.browsers).toEqual([{ key: 'Chrome', clicks: 4 }]);
    expect(body.devices).toEqual([{ key: 'desktop', clicks: 4 }]);
    expect(body.referrers).toEqual([{ key: '(direct)', clicks: 4 }]);
  });

  it('gives the same figures from the raw clicks (hourly) as from the rollup (daily)', async () => {
    for (const country of ['DE', 'FR', UNKNOWN_COUNTRY]) {
      const daily = await ok(
        `/api/v1/mailto-links/${linkA}/analytics?${range()}&country=${country}`,
      );
      const byHour = await ok(
        `/api/v1/mailto-links/${linkA}/analytics?${hourly()}&country=${country}`,
      );
      expect(byHour.totals).toEqual(daily.totals);
      expect(sum(byHour.series)).toBe(sum(daily.series));
      for (const key of ['referrers', 'browsers', 'os', 'devices', 'countries', 'cities', 'labels'])
        expect(byHour[key], key).toEqual(daily[key]);
    }
  });

  it('filters to France, to unknown (ZZ), and takes the code in any case', async () => {
    const fr = await ok(`/api/v1/mailto-links/${linkA}/analytics?${range()}&country=fr`);
    expect(fr.country).toBe('FR');
    expect(fr.totals.clicks).toBe(1);
    expect(fr.totals.botClicks).toBe(0);
    expect(fr.labels).toEqual([{ key: plain.slug, clicks: 1 }]);
    expect(fr.cities).toEqual([{ country: 'FR', city: 'Paris', clicks: 1 }]);
    const unknown = await ok(`/api/v1/mailto-links/${linkA}/analytics?${range()}&country=ZZ`);
    expect(unknown.totals.clicks).toBe(1);
    expect(unknown.countries).toEqual([{ key: UNKNOWN_COUNTRY, clicks: 1 }]);
    expect(unknown.cities).toEqual([]);
    const none = await ok(`/api/v1/mailto-links/${linkA}/analytics?${range()}&country=JP`);
    expect(none.totals.clicks).toBe(0);
    expect(sum(none.series)).toBe(0);
    expect(none.countries).toEqual([]);
  });

  it('without the filter, breaks every click down by country and city', async () => {
    const body = await ok(`/api/v1/mailto-links/${linkA}/analytics?${range()}`);
    expect(body.country).toBeNull();
    expect(body.totals.clicks).toBe(6);
    // Most first; ties by code, unknown first.
    expect(body.countries).toEqual([
      { key: 'DE', clicks: 4 },
      { key: UNKNOWN_COUNTRY, clicks: 1 },
      { key: 'FR', clicks: 1 },
    ]);
    expect(body.cities).toEqual([
      { country: 'DE', city: 'Berlin', clicks: 3 },
      { country: 'DE', city: 'Munich', clicks: 1 },
      { country: 'FR', city: 'Paris', clicks: 1 },
    ]);
  });

  it('refuses a code that is not an ISO 3166-1 alpha-2 country with 400', async () => {
    for (const bad of ['XX', 'DEU', 'D', '12', 'D%C3%A9', '']) {
      for (const url of [
        `/api/v1/mailto-links/${linkA}/analytics?country=${bad}`,
        `/api/v1/analytics/overview?country=${bad}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, `${url}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
        expect(res.json().detail).toEqual(expect.any(String));
      }
    }
  });
});

describe('the overview filtered to one country', () => {
  it('counts only that country in totals, series, links and breakdowns', async () => {
    const body = await ok(`/api/v1/analytics/overview?${range()}&country=DE`);
    expect(body.country).toBe('DE');
    expect(body.totals).toMatchObject({ clicks: 5, uniqueVisitors: 5, botClicks: 1 });
    expect(body.series.map((p: { clicks: number }) => p.clicks)).toEqual([3, 2]);
    expect(body.countries).toEqual([{ key: 'DE', clicks: 5 }]);
    expect(body.cities).toEqual([
      { country: 'DE', city: 'Berlin', clicks: 4 },
      { country: 'DE', city: 'Munich', clicks: 1 },
    ]);
    const byId = new Map(
      body.links.map((l: { id: number; clicks: number; lastClickAt: string | null }) => [l.id, l]),
    );
    expect(byId.get(linkA)).toMatchObject({ clicks: 4, uniqueVisitors: 4 });
    expect(byId.get(linkB)).toMatchObject({ clicks: 1, uniqueVisitors: 1, lastClickAt: lastOfB });

    const byHour = await ok(`/api/v1/analytics/overview?${hourly()}&country=DE`);
    expect(byHour.totals).toEqual(body.totals);
    expect(byHour.countries).toEqual(body.countries);
    expect(byHour.cities).toEqual(body.cities);
    expect(byHour.links.map((l: { clicks: number }) => l.clicks)).toEqual(
      body.links.map((l: { clicks: number }) => l.clicks),
    );
  });

  it('breaks every link’s clicks down by country and city without the filter', async () => {
    const body = await ok(`/api/v1/analytics/overview?${range()}`);
    expect(body.country).toBeNull();
    expect(body.totals.clicks).toBe(8);
    expect(body.countries).toEqual([
      { key: 'DE', clicks: 5 },
      { key: 'FR', clicks: 2 },
      { key: UNKNOWN_COUNTRY, clicks: 1 },
    ]);
    expect(body.cities).toEqual([
      { country: 'DE', city: 'Berlin', clicks: 4 },
      { country: 'FR', city: 'Paris', clicks: 2 },
      { country: 'DE', city: 'Munich', clicks: 1 },
    ]);
  });
});

describe('how clicks came and what chooser visitors chose, filtered to one country', () => {
  // A second account, so the figures above stay as they are: a chooser link (C) and a direct
  // one (D), each reached through its address (`/t/<slug>`) and its QR code's (`/t/<slug>/q`).
  let other: SignedIn;
  let linkC: number;
  beforeAll(async () => {
    other = await signUpAs(t, 'PREMIUM');
    linkC = (await createLink(t.app, other.headers, { name: 'C' })).id;
    const linkD = (await createLink(t.app, other.headers, { name: 'D' })).id;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers: other.headers,
      payload: { mailtoLinkId: linkC, opens: 'choose' },
    });
    expect(made.statusCode).toBe(201);
    const chooser = made.json<{ slug: string }>().slug;
    const direct = (await createTrackingLink(t.app, other.headers, linkD)).slug;
    /** The chooser page through `door`, then the visitor's choice (none: left without one). */
    const choose = async (door: '' | '/q', forwarded: string, choice: string | null) => {
      const agent = chrome();
      expect((await visit(`/t/${chooser}${door}`, forwarded, agent)).statusCode).toBe(200);
      if (choice !== null)
        expect((await visit(`/t/${chooser}/open/${choice}`, forwarded, agent)).statusCode).toBe(
          302,
        );
    };
    await choose('/q', '81.0.1.10', 'gmail'); // DE
    await choose('/q', '81.0.2.10', 'gmail'); // DE
    await choose('', '81.0.3.10', 'outlook'); // DE
    await choose('', '82.1.2.10', 'yahoo'); // FR
    await choose('', '82.1.2.11', null); // FR
    await choose('/q', '82.1.2.12', 'mail-app'); // FR
    expect((await visit(`/t/${direct}/q`, '81.0.1.11', chrome())).statusCode).toBe(302); // DE
    expect((await visit(`/t/${direct}`, '82.1.2.13', chrome())).statusCode).toBe(302); // FR
  });

  const okAs = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: other.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const day = () => `from=${day2}&to=${day2}`;
  // Hours that are not whole days: read from the raw clicks.
  const hours = () => `interval=hour&from=${day2}T00:00:00Z&to=${day2}T05:00:00Z`;
  /** The two breakdowns of an answer from the rollup (whole days) and the raw clicks (hours). */
  const ways = async (path: string, country: string | null) => {
    const filter = country === null ? '' : `&country=${country}`;
    const daily = await okAs(`${path}?${day()}${filter}`);
    const hourly = await okAs(`${path}?${hours()}${filter}`);
    expect(hourly.sources, 'sources by the hour').toEqual(daily.sources);
    expect(hourly.openedWith, 'choices by the hour').toEqual(daily.openedWith);
    return { sources: daily.sources, openedWith: daily.openedWith };
  };

  it('narrows a link’s sources and choices to the country', async () => {
    const path = `/api/v1/mailto-links/${linkC}/analytics`;
    expect(await ways(path, 'DE')).toEqual({
      sources: [
        { key: 'qr', clicks: 2 },
        { key: 'link', clicks: 1 },
      ],
      openedWith: [
        { key: 'gmail', clicks: 2 },
        { key: 'outlook', clicks: 1 },
      ],
    });
    expect(await ways(path, 'FR')).toEqual({
      sources: [
        { key: 'link', clicks: 2 },
        { key: 'qr', clicks: 1 },
      ],
      openedWith: [
        { key: 'mail-app', clicks: 1 },
        { key: 'none', clicks: 1 },
        { key: 'yahoo', clicks: 1 },
      ],
    });
    expect(await ways(path, 'JP')).toEqual({ sources: [], openedWith: [] });
    expect(await ways(path, null)).toEqual({
      sources: [
        { key: 'link', clicks: 3 },
        { key: 'qr', clicks: 3 },
      ],
      openedWith: [
        { key: 'gmail', clicks: 2 },
        { key: 'mail-app', clicks: 1 },
        { key: 'none', clicks: 1 },
        { key: 'outlook', clicks: 1 },
        { key: 'yahoo', clicks: 1 },
      ],
    });
  });

  it('narrows the overview’s sources and choices to the country, over every link', async () => {
    const path = '/api/v1/analytics/overview';
    expect(await ways(path, 'DE')).toEqual({
      sources: [
        { key: 'qr', clicks: 3 },
        { key: 'link', clicks: 1 },
      ],
      openedWith: [
        { key: 'gmail', clicks: 2 },
        { key: 'outlook', clicks: 1 },
      ],
    });
    expect(await ways(path, 'FR')).toEqual({
      sources: [
        { key: 'link', clicks: 3 },
        { key: 'qr', clicks: 1 },
      ],
      openedWith: [
        { key: 'mail-app', clicks: 1 },
        { key: 'none', clicks: 1 },
        { key: 'yahoo', clicks: 1 },
      ],
    });
    expect(await ways(path, null)).toEqual({
      sources: [
        { key: 'link', clicks: 4 },
        { key: 'qr', clicks: 4 },
      ],
      openedWith: [
        { key: 'gmail', clicks: 2 },
        { key: 'mail-app', clicks: 1 },
        { key: 'none', clicks: 1 },
        { key: 'outlook', clicks: 1 },
        { key: 'yahoo', clicks: 1 },
      ],
    });
  });
});

describe('the overview of a team member filtered to one country', () => {
  // A member's overview adds up their own links (the per-author rollup by country) and the
  // links the team shares with them (each link's rows): the same figures as the raw clicks.
  let member: SignedIn;
  let shared: number;
  let own: number;
  beforeAll(async () => {
    const lead = await signUpAs(t, 'TEAM');
    member = await signUpAs(t, 'PREMIUM');
    const team = await createTeam(t.app, lead);
    await addMember(t.app, lead, team.id, member);
    shared = (await createLink(t.app, lead.headers, { name: 'Shared', teamId: team.id })).id;
    own = (await createLink(t.app, member.headers, { name: 'Own' })).id;
    const s = (await createTrackingLink(t.app, lead.headers, shared)).slug;
    const o = (await createTrackingLink(t.app, member.headers, own)).slug;
    await click(s, '81.0.1.20'); // DE, Berlin
    expect((await visit(`/t/${s}/q`, '81.0.1.21', chrome())).statusCode).toBe(302); // DE, Berlin
    await click(s, '82.1.2.20'); // FR, Paris
    await click(s, '81.0.5.20', 'curl/8.4.0'); // DE, a bot: left out
    await click(o, '2a01:4f8::20'); // DE, Munich
    await click(o, '10.0.0.20'); // unknown
  });

  const okAs = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: member.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('counts the shared and the own links of that country, as the raw clicks do', async () => {
    const path = '/api/v1/analytics/overview';
    const daily = await okAs(`${path}?from=${day2}&to=${day2}&country=DE`);
    expect(daily.totals).toMatchObject({ clicks: 3, uniqueVisitors: 3, botClicks: 1 });
    expect(daily.countries).toEqual([{ key: 'DE', clicks: 3 }]);
    expect(daily.cities).toEqual([
      { country: 'DE', city: 'Berlin', clicks: 2 },
      { country: 'DE', city: 'Munich', clicks: 1 },
    ]);
    expect(daily.sources).toEqual([
      { key: 'link', clicks: 2 },
      { key: 'qr', clicks: 1 },
    ]);
    type Row = { id: number; lastClickAt: string | null };
    const byId = (body: { links: Row[] }) => Object.fromEntries(body.links.map((l) => [l.id, l]));
    expect(byId(daily)[shared]).toMatchObject({ clicks: 2, uniqueVisitors: 2 });
    expect(byId(daily)[own]).toMatchObject({ clicks: 1, uniqueVisitors: 1 });
    expect(byId(daily)[shared]?.lastClickAt).not.toBeNull();

    // Hours that are not whole days: every figure from the raw clicks.
    const raw = await okAs(
      `${path}?interval=hour&from=${day2}T00:00:00Z&to=${day2}T05:00:00Z&country=DE`,
    );
    for (const part of ['totals', 'countries', 'cities', 'sources', 'openedWith'])
      expect([part, daily[part]]).toEqual([part, raw[part]]);
    expect(byId(daily)).toEqual(byId(raw));
  });
});

describe('the rollup by country', () => {
  it('equals a rebuild from the raw clicks', async () => {
    // A choice moves its page view out of `none`, which may leave a row of 0 clicks: the same
    // figure as no row, which is what a rebuild writes.
    const rows = async () =>
      (await t.db.kysely.selectFrom('click_daily_places').selectAll().execute())
        .filter((r) => Number(r.clicks) !== 0)
        .map((r) => `${r.mailto_link_id}|${r.dim}|${r.country}|${r.day}|${r.value}|${r.clicks}`)
        .sort();
    const before = await rows();
    expect(before.length).toBeGreaterThan(10);
    await rebuildClickDimensions(t.db.kysely);
    expect(await rows()).toEqual(before);
  });
});

describe('the account export', () => {
  it('holds the country and city of each tracking link’s clicks, never an address', async () => {
    const res = await get('/api/v1/account/export');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const places = new Map(
      body.trackingLinks.map((x: { id: number; places: unknown }) => [x.id, x.places]),
    );
    expect(places.get(news.id)).toEqual([
      { country: 'DE', city: 'Berlin', clicks: 2 },
      { country: 'DE', city: 'Munich', clicks: 1 },
      { country: UNKNOWN_COUNTRY, city: null, clicks: 1 },
    ]);
    expect(places.get(plain.id)).toEqual([
      { country: 'DE', city: 'Berlin', clicks: 1 },
      { country: 'FR', city: 'Paris', clicks: 1 },
    ]);
    for (const address of ['81.0.1.1', '2a01:4f8::7', '82.1.2.3', '9.9.9.9'])
      expect(res.body).not.toContain(address);
  });
});
