import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_COUNTRY } from '@mailtokit/contracts/analytics';
import { linkSeries, linkTotals } from '../src/modules/analytics/raw-repo';
import {
  rebuildClickDaily,
  storeClicks,
  type ClickRecord,
} from '../src/modules/clicks/click-store';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  type CreatedLink,
  type SignedIn,
  type TestApp,
  signUpAs,
} from './helpers';

const PREMIUM_REQUIRED = { detail: 'Premium subscription required', code: 'PREMIUM_REQUIRED' };
const LINK_NOT_FOUND = { detail: 'Link not found', code: 'NOT_FOUND' };
const BAD_DATE = 'Must be a date (YYYY-MM-DD) or an ISO 8601 date-time with a time zone';

let t: TestApp;
let free: SignedIn;
let owner: SignedIn;
let stranger: SignedIn;

const user = (tier: 'FREE' | 'PREMIUM' | 'TEAM'): Promise<SignedIn> => signUpAs(t, tier);

interface Tracking {
  id: number;
  slug: string;
}

async function track(link: CreatedLink, who: SignedIn, label?: string): Promise<Tracking> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking',
    headers: who.headers,
    payload: { mailtoLinkId: link.id, ...(label ? { label } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`create tracking failed: ${res.body}`);
  return res.json();
}

/** A visitor's hash on a day (hashes are salted per day, so a day is part of the identity). */
const visitor = (name: string, day: string) =>
  createHash('sha256').update(`${day}|${name}`).digest('hex');

interface Click {
  at: string;
  tracking: Tracking;
  linkId: number;
  who?: string;
  bot?: boolean;
  ref?: string | null;
  browser?: string;
  os?: string;
  device?: ClickRecord['device'];
}

/** Stores clicks with chosen times, through the same click batch the redirect uses. */
async function seed(clicks: Click[]): Promise<void> {
  await storeClicks(
    t.db,
    clicks.map((c) => ({
      tracking_link_id: c.tracking.id,
      mailto_link_id: c.linkId,
      occurred_at: c.at,
      referrer_host: c.ref ?? null,
      browser: c.bot ? 'Slackbot' : (c.browser ?? 'Chrome'),
      os: c.os ?? 'Windows',
      device: c.bot ? 'bot' : (c.device ?? 'desktop'),
      is_bot: c.bot ? 1 : 0,
      classification: c.bot ? 'bot' : 'human',
      visitor_hash: visitor(c.who ?? 'bot', c.at.slice(0, 10)),
    })),
  );
}

const get = (url: string, who: SignedIn | null = owner) =>
  t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

// A hand-made month: link A has two tracking links, link B one; times are fixed in the past.
let linkA: CreatedLink;
let linkB: CreatedLink;
let newsletter: Tracking;
let unlabelled: Tracking;
let onB: Tracking;

beforeAll(async () => {
  t = await createTestApp();
  [free, owner, stranger] = await Promise.all([user('FREE'), user('PREMIUM'), user('PREMIUM')]);
  linkA = await createLink(t.app, owner.headers, { name: 'Link A' });
  linkB = await createLink(t.app, owner.headers, { name: 'Link B' });
  newsletter = await track(linkA, owner, 'Newsletter');
  unlabelled = await track(linkA, owner);
  onB = await track(linkB, owner, 'B only');
  const a = linkA.id;
  await seed([
    // Just outside the range (2025-03-01 .. 2025-03-03) on both sides.
    { at: '2025-02-28T23:59:59.999Z', tracking: newsletter, linkId: a, who: 'v1' },
    { at: '2025-03-04T00:00:00.000Z', tracking: newsletter, linkId: a, who: 'v1' },
    // Day 1: v1 twice (via the newsletter), v2 once, one bot.
    {
      at: '2025-03-01T10:15:00.000Z',
      tracking: newsletter,
      linkId: a,
      who: 'v1',
      ref: 'news.example.com',
    },
    {
      at: '2025-03-01T10:45:00.000Z',
      tracking: newsletter,
      linkId: a,
      who: 'v1',
      ref: 'news.example.com',
    },
    {
      at: '2025-03-01T11:05:00.000Z',
      tracking: unlabelled,
      linkId: a,
      who: 'v2',
      browser: 'Safari',
      os: 'iOS',
      device: 'mobile',
    },
    {
      at: '2025-03-01T12:00:00.000Z',
      tracking: newsletter,
      linkId: a,
      bot: true,
      ref: 'slack.com',
    },
    // Day 2: nothing. Day 3: v3, and v1 again (a new day: a new visitor).
    {
      at: '2025-03-03T09:00:00.000Z',
      tracking: unlabelled,
      linkId: a,
      who: 'v3',
      ref: 't.co',
      browser: 'Firefox',
      os: 'Linux',
    },
    { at: '2025-03-03T09:30:00.000Z', tracking: newsletter, linkId: a, who: 'v1' },
    // Link B: v1 on day 1 (same person as on A, counted again on B), v4 on day 3.
    { at: '2025-03-01T10:20:00.000Z', tracking: onB, linkId: linkB.id, who: 'v1' },
    { at: '2025-03-03T23:59:59.999Z', tracking: onB, linkId: linkB.id, who: 'v4' },
  ]);
});
afterAll(async () => {
  await t.close();
});

const RANGE = 'from=2025-03-01&to=2025-03-03';

describe('a link’s analytics', () => {
  it('adds up totals, a zero-filled daily series and the breakdowns by hand', async () => {
    const res = await get(`/api/v1/mailto-links/${linkA.id}/analytics?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      linkId: linkA.id,
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-04T00:00:00.000Z',
      interval: 'day',
      country: null,
      totals: {
        clicks: 5,
        uniqueVisitors: 4,
        botClicks: 1,
        filtered: { bot: 1, preview: 0, scanner: 0, prefetch: 0, repeat: 0, embedded: 0 },
      },
      series: [
        { t: '2025-03-01T00:00:00.000Z', clicks: 3, uniqueVisitors: 2 },
        { t: '2025-03-02T00:00:00.000Z', clicks: 0, uniqueVisitors: 0 },
        { t: '2025-03-03T00:00:00.000Z', clicks: 2, uniqueVisitors: 2 },
      ],
      referrers: [
        { key: '(direct)', clicks: 2 },
        { key: 'news.example.com', clicks: 2 },
        { key: 't.co', clicks: 1 },
      ],
      browsers: [
        { key: 'Chrome', clicks: 3 },
        { key: 'Firefox', clicks: 1 },
        { key: 'Safari', clicks: 1 },
      ],
      os: [
        { key: 'Windows', clicks: 3 },
        { key: 'Linux', clicks: 1 },
        { key: 'iOS', clicks: 1 },
      ],
      devices: [
        { key: 'desktop', clicks: 4 },
        { key: 'mobile', clicks: 1 },
      ],
      // Stored without a place: unknown.
      countries: [{ key: UNKNOWN_COUNTRY, clicks: 5 }],
      sources: [{ key: 'link', clicks: 5 }],
      openedWith: [],
      cities: [],
      labels: [
        { key: 'Newsletter', clicks: 3 },
        { key: unlabelled.slug, clicks: 2 },
      ],
    });
  });

  it('takes totals and the daily series from the rollup, equal to the raw clicks', async () => {
    const link = await createLink(t.app, owner.headers, { name: 'Rollup vs raw' });
    const [t1, t2] = [await track(link, owner, 'One'), await track(link, owner)];
    const c = (at: string, tracking: Tracking, who?: string): Click =>
      who ? { at, tracking, linkId: link.id, who } : { at, tracking, linkId: link.id, bot: true };
    await seed([
      c('2025-03-31T23:59:59.999Z', t1, 'p1'), // outside the range
      // Day 1: p1 twice, p2 on the other tracking link, two bots.
      c('2025-04-01T00:00:00.000Z', t1, 'p1'),
      c('2025-04-01T08:00:00.000Z', t1, 'p1'),
      c('2025-04-01T09:00:00.000Z', t2, 'p2'),
      c('2025-04-01T09:30:00.000Z', t1),
      c('2025-04-01T23:00:00.000Z', t2),
      // Day 2: p1 again (another day: another visitor), p3.
      c('2025-04-02T12:00:00.000Z', t2, 'p1'),
      c('2025-04-02T13:00:00.000Z', t1, 'p3'),
      // Day 3: nothing. Day 4: p1, p2 twice (on both tracking links), a bot.
      c('2025-04-04T01:00:00.000Z', t1, 'p1'),
      c('2025-04-04T02:00:00.000Z', t1, 'p2'),
      c('2025-04-04T03:00:00.000Z', t2, 'p2'),
      c('2025-04-04T23:59:59.999Z', t2),
      c('2025-04-05T00:00:00.000Z', t1, 'p1'), // outside the range
    ]);
    const res = await get(
      `/api/v1/mailto-links/${link.id}/analytics?from=2025-04-01&to=2025-04-04`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toMatchObject({ clicks: 8, uniqueVisitors: 6, botClicks: 3 });
    expect(body.series).toEqual([
      { t: '2025-04-01T00:00:00.000Z', clicks: 3, uniqueVisitors: 2 },
      { t: '2025-04-02T00:00:00.000Z', clicks: 2, uniqueVisitors: 2 },
      { t: '2025-04-03T00:00:00.000Z', clicks: 0, uniqueVisitors: 0 },
      { t: '2025-04-04T00:00:00.000Z', clicks: 3, uniqueVisitors: 2 },
    ]);
    expect(body.labels).toEqual([
      { key: 'One', clicks: 5 },
      { key: t2.slug, clicks: 3 },
    ]);

    // The same figures straight from the raw clicks (distinct hashes over the whole range).
    const r = {
      fromIso: '2025-04-01T00:00:00.000Z',
      toIso: '2025-04-05T00:00:00.000Z',
      keyLength: 10,
      country: null,
    } as const;
    const raw = await linkTotals(t.db.kysely, link.id, r);
    expect(body.totals).toMatchObject({
      clicks: raw.clicks,
      uniqueVisitors: raw.visitors,
      botClicks: raw.botClicks,
    });
    const rawSeries = new Map(
      (await linkSeries(t.db.kysely, link.id, r)).map((b) => [`${b.key}T00:00:00.000Z`, b]),
    );
    for (const point of body.series as { t: string; clicks: number; uniqueVisitors: number }[])
      expect([point.clicks, point.uniqueVisitors]).toEqual([
        rawSeries.get(point.t)?.clicks ?? 0,
        rawSeries.get(point.t)?.visitors ?? 0,
      ]);
    // And hourly (raw clicks, a range that is not whole days) agrees on a part of it.
    const hourly = await get(
      `/api/v1/mailto-links/${link.id}/analytics?from=2025-04-01T08:00:00Z&to=2025-04-02T12:00:00Z&interval=hour`,
    );
    expect(hourly.json().totals).toMatchObject({ clicks: 3, uniqueVisitors: 3, botClicks: 2 });
  });

  it('takes date-times and buckets by hour', async () => {
    const res = await get(
      `/api/v1/mailto-links/${linkA.id}/analytics?from=2025-03-01T10:00:00Z&to=2025-03-01T12:30:00Z&interval=hour`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect([body.from, body.to, body.interval]).toEqual([
      '2025-03-01T10:00:00.000Z',
      '2025-03-01T13:00:00.000Z',
      'hour',
    ]);
    expect(body.series).toEqual([
      { t: '2025-03-01T10:00:00.000Z', clicks: 2, uniqueVisitors: 1 },
      { t: '2025-03-01T11:00:00.000Z', clicks: 1, uniqueVisitors: 1 },
      { t: '2025-03-01T12:00:00.000Z', clicks: 0, uniqueVisitors: 0 },
    ]);
    expect(body.totals).toMatchObject({ clicks: 3, uniqueVisitors: 2, botClicks: 1 });
  });

  it('covers a whole day for a date `to`, and honours time zones in date-times', async () => {
    const res = await get(
      `/api/v1/mailto-links/${linkA.id}/analytics?from=2025-03-03T10:00:00%2B01:00&to=2025-03-03&interval=hour`,
    );
    const body = res.json();
    expect(body.from).toBe('2025-03-03T09:00:00.000Z');
    expect(body.to).toBe('2025-03-04T00:00:00.000Z');
    expect(body.series).toHaveLength(15);
    expect(body.totals.clicks).toBe(2);
  });

  it('defaults to the last 30 days ending today, and counts clicks made through /t/', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link, owner, 'Live');
    for (const ip of ['192.0.2.1', '192.0.2.1', '192.0.2.2'])
      await t.app.inject({
        method: 'GET',
        url: `/t/${tracking.slug}`,
        remoteAddress: ip,
        headers: {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'accept-language': 'en-US,en;q=0.5',
        },
      });
    const res = await get(`/api/v1/mailto-links/${link.id}/analytics`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(body.series).toHaveLength(30);
    expect(body.series.at(-1)).toEqual({
      t: `${today}T00:00:00.000Z`,
      clicks: 2,
      uniqueVisitors: 2,
    });
    expect(body.to).toBe(new Date(Date.parse(today) + 86_400_000).toISOString());
    // The same visitor again within seconds counts once: the second hit is a repeat.
    expect(body.totals).toEqual({
      clicks: 2,
      uniqueVisitors: 2,
      botClicks: 1,
      filtered: { bot: 0, preview: 0, scanner: 0, prefetch: 0, repeat: 1, embedded: 0 },
    });
    expect(body.labels).toEqual([{ key: 'Live', clicks: 2 }]);
    expect(body.browsers).toEqual([{ key: 'Firefox', clicks: 2 }]);
  });

  it('answers an empty range with zeros, not an error', async () => {
    const res = await get(
      `/api/v1/mailto-links/${linkA.id}/analytics?from=2024-01-01&to=2024-01-02`,
    );
    expect(res.json()).toMatchObject({
      totals: { clicks: 0, uniqueVisitors: 0, botClicks: 0 },
      series: [
        { t: '2024-01-01T00:00:00.000Z', clicks: 0, uniqueVisitors: 0 },
        { t: '2024-01-02T00:00:00.000Z', clicks: 0, uniqueVisitors: 0 },
      ],
      referrers: [],
      labels: [],
    });
  });

  it.each([
    ['a malformed from', 'from=yesterday', { from: BAD_DATE }],
    ['an impossible date', 'to=2025-02-30', { to: BAD_DATE }],
    ['a date-time without a zone', 'from=2025-03-01T10:00:00', { from: BAD_DATE }],
    ['both bad', 'from=x&to=y', { from: BAD_DATE, to: BAD_DATE }],
    ['from after to', 'from=2025-03-05&to=2025-03-01', { from: 'Must not be after to' }],
    [
      'from after to by the hour',
      'from=2025-03-01T11:00:00Z&to=2025-03-01T10:00:00Z&interval=hour',
      { from: 'Must not be after to' },
    ],
    [
      'a range over 366 days',
      'from=2024-01-01&to=2025-01-01',
      { to: 'The range may cover at most 366 days' },
    ],
  ])('refuses %s with 400 and a field message', async (_what, query, fields) => {
    const res = await get(`/api/v1/mailto-links/${linkA.id}/analytics?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: `Validation error: ${Object.values(fields)[0]}`,
      code: 'VALIDATION_ERROR',
      fields,
    });
  });

  it('refuses an unknown interval', async () => {
    const res = await get(`/api/v1/mailto-links/${linkA.id}/analytics?interval=week`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['interval']);
  });

  it('accepts exactly 366 days, and cuts an hourly range to its last 744 hours', async () => {
    const year = await get(
      `/api/v1/mailto-links/${linkA.id}/analytics?from=2024-01-01&to=2024-12-31`,
    );
    expect(year.statusCode).toBe(200);
    expect(year.json().series).toHaveLength(366);

    const hourly = await get(
      `/api/v1/mailto-links/${linkA.id}/analytics?from=2025-01-01&to=2025-03-03&interval=hour`,
    );
    expect(hourly.statusCode).toBe(200);
    const body = hourly.json();
    expect(body.series).toHaveLength(744);
    expect(body.to).toBe('2025-03-04T00:00:00.000Z');
    expect(body.from).toBe('2025-02-01T00:00:00.000Z');
    expect(body.totals.clicks).toBe(6); // the 02-28 click is in, the 03-04 one is not
  });
});

describe('access', () => {
  const paths = () => [
    `/api/v1/mailto-links/${linkA.id}/analytics`,
    `/api/v1/mailto-links/${linkA.id}/clicks.csv`,
  ];

  it('answers 404 to users who cannot see the link', async () => {
    for (const path of paths()) {
      const res = await get(path, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(LINK_NOT_FOUND);
    }
  });

  it('answers 404 to unknown ids and 400 to ids that are not decimal digits', async () => {
    for (const id of ['999999', '0'])
      expect((await get(`/api/v1/mailto-links/${id}/analytics`)).statusCode).toBe(404);
    for (const id of ['abc', '0x5', '5e0'])
      expect((await get(`/api/v1/mailto-links/${id}/analytics`)).statusCode).toBe(400);
  });

  it('answers FREE users 403 (even with a bad query) and anonymous callers 401', async () => {
    for (const path of [...paths(), '/api/v1/analytics/overview']) {
      const asFree = await get(`${path}?from=garbage`, free);
      expect(asFree.statusCode).toBe(403);
      expect(asFree.json()).toEqual(PREMIUM_REQUIRED);
      expect((await get(path, null)).statusCode).toBe(401);
    }
  });

  it('keeps other users’ links out of the overview', async () => {
    const res = await get(`/api/v1/analytics/overview?${RANGE}`, stranger);
    expect(res.statusCode).toBe(200);
    expect(res.json().links).toEqual([]);
    expect(res.json().totals).toMatchObject({ clicks: 0, uniqueVisitors: 0, botClicks: 0 });
  });
});

describe('links shared with a team', () => {
  it('show their analytics to the members, and to nobody else', async () => {
    const [lead, admin, member, outsider] = await Promise.all([
      user('TEAM'),
      user('PREMIUM'),
      user('PREMIUM'),
      user('TEAM'),
    ]);
    const team = await createTeam(t.app, lead);
    await addMember(t.app, lead, team.id, admin, 'ADMIN');
    await addMember(t.app, lead, team.id, member, 'MEMBER');
    const shared = await createLink(t.app, lead.headers, { name: 'Shared', teamId: team.id });
    const byLead = await track(shared, lead, 'By lead');
    await seed([
      { at: '2025-03-02T12:00:00.000Z', tracking: byLead, linkId: shared.id, who: 'v7' },
    ]);

    for (const who of [admin, member]) {
      const res = await get(`/api/v1/mailto-links/${shared.id}/analytics?${RANGE}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().totals).toMatchObject({ clicks: 1, uniqueVisitors: 1, botClicks: 0 });
      const csv = await get(`/api/v1/mailto-links/${shared.id}/clicks.csv?${RANGE}`, who);
      expect(csv.statusCode).toBe(200);
      const overview = (await get(`/api/v1/analytics/overview?${RANGE}`, who)).json();
      expect(overview.links.find((l: { id: number }) => l.id === shared.id)).toMatchObject({
        name: 'Shared',
        teamId: team.id,
        clicks: 1,
      });
    }
    const asOutsider = await get(`/api/v1/mailto-links/${shared.id}/analytics`, outsider);
    expect(asOutsider.statusCode).toBe(404);
    expect((await get(`/api/v1/analytics/overview?${RANGE}`, outsider)).json().links).toEqual([]);

    // Members read the link's tracking links; only those who may edit the link (its author,
    // the team's admins) make or delete them.
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers: member.headers,
      payload: { mailtoLinkId: shared.id, label: 'By member' },
    });
    expect(asMember.statusCode).toBe(403);
    const byAdmin = await track(shared, admin, 'By admin');
    const list = await get(`/api/v1/mailto-links/${shared.id}/tracking-links`, member);
    expect(list.json().map((x: { label: string }) => x.label)).toEqual(['By admin', 'By lead']);
    const del = (id: number, who: SignedIn) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/tracking/${id}`, headers: who.headers });
    expect((await del(byLead.id, member)).statusCode).toBe(403);
    expect((await del(byLead.id, outsider)).statusCode).toBe(404);
    expect((await del(byAdmin.id, admin)).statusCode).toBe(200);
  });
});

describe('the overview', () => {
  it('adds up every visible link from the daily rollup', async () => {
    const res = await get(`/api/v1/analytics/overview?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.from).toBe('2025-03-01T00:00:00.000Z');
    expect(body.to).toBe('2025-03-04T00:00:00.000Z');
    // Link A: 5 clicks, 4 visitors; link B: 2 clicks, 2 visitors (v1 counts on both links).
    expect(body.totals).toMatchObject({ clicks: 7, uniqueVisitors: 6, botClicks: 1 });
    expect(body.series).toEqual([
      { t: '2025-03-01T00:00:00.000Z', clicks: 4, uniqueVisitors: 3 },
      { t: '2025-03-02T00:00:00.000Z', clicks: 0, uniqueVisitors: 0 },
      { t: '2025-03-03T00:00:00.000Z', clicks: 3, uniqueVisitors: 3 },
    ]);
    const byId = new Map(body.links.map((l: { id: number }) => [l.id, l]));
    expect(byId.get(linkA.id)).toEqual({
      id: linkA.id,
      name: 'Link A',
      teamId: null,
      clicks: 5,
      uniqueVisitors: 4,
      trackingLinks: 2,
      lastClickAt: '2025-03-03T09:30:00.000Z',
    });
    expect(byId.get(linkB.id)).toEqual({
      id: linkB.id,
      name: 'Link B',
      teamId: null,
      clicks: 2,
      uniqueVisitors: 2,
      trackingLinks: 1,
      lastClickAt: '2025-03-03T23:59:59.999Z',
    });
    // Most clicked first; links without clicks are listed too.
    expect(body.links[0].id).toBe(linkA.id);
    expect(body.links[1].id).toBe(linkB.id);
    expect(body.links.length).toBeGreaterThan(2);
  });

  it('agrees with itself hourly (from the raw clicks)', async () => {
    const res = await get(
      '/api/v1/analytics/overview?from=2025-03-01T10:00:00Z&to=2025-03-01T11:59:00Z&interval=hour',
    );
    const body = res.json();
    expect(body.series).toEqual([
      { t: '2025-03-01T10:00:00.000Z', clicks: 3, uniqueVisitors: 2 },
      { t: '2025-03-01T11:00:00.000Z', clicks: 1, uniqueVisitors: 1 },
    ]);
    expect(body.totals).toMatchObject({ clicks: 4, uniqueVisitors: 3, botClicks: 0 });
    const a = body.links.find((l: { id: number }) => l.id === linkA.id);
    expect(a).toMatchObject({
      clicks: 3,
      uniqueVisitors: 2,
      lastClickAt: '2025-03-01T11:05:00.000Z',
    });
  });

  it('matches the per-link figures, and survives a rebuild of the rollup', async () => {
    const before = (await get(`/api/v1/analytics/overview?${RANGE}`)).json();
    await rebuildClickDaily(t.db.kysely);
    const after = (await get(`/api/v1/analytics/overview?${RANGE}`)).json();
    expect(after).toEqual(before);
    const perLink = (await get(`/api/v1/mailto-links/${linkA.id}/analytics?${RANGE}`)).json();
    const inOverview = after.links.find((l: { id: number }) => l.id === linkA.id);
    expect([inOverview.clicks, inOverview.uniqueVisitors]).toEqual([
      perLink.totals.clicks,
      perLink.totals.uniqueVisitors,
    ]);
  });

  it('counts a retired tracking link’s clicks, but not the tracking link itself', async () => {
    const link = await createLink(t.app, owner.headers, { name: 'Retiring' });
    const tracking = await track(link, owner, 'Old');
    await seed([{ at: '2025-03-02T08:00:00.000Z', tracking, linkId: link.id, who: 'v9' }]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracking/${tracking.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(200);
    const body = (await get(`/api/v1/analytics/overview?${RANGE}`)).json();
    expect(body.links.find((l: { id: number }) => l.id === link.id)).toMatchObject({
      clicks: 1,
      trackingLinks: 0,
    });
    const perLink = (await get(`/api/v1/mailto-links/${link.id}/analytics?${RANGE}`)).json();
    expect(perLink.labels).toEqual([{ key: 'Old', clicks: 1 }]);
  });
});

describe('the CSV export', () => {
  it('streams the clicks with a header row, as an attachment', async () => {
    const res = await get(`/api/v1/mailto-links/${linkA.id}/clicks.csv?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="link-${linkA.id}-clicks.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'occurred_at,tracking_link,label,referrer_host,browser,os,device,is_bot,visitor_id,classification,country,city,source,opened_with',
    );
    const all = lines.slice(1, -1).map((l) => l.split(','));
    // These clicks were stored without a place (country and city empty), as link clicks of
    // tracking links without a chooser (no choice).
    for (const row of all) expect(row.slice(10)).toEqual(['', '', 'link', '']);
    const rows = all.map((row) => row.slice(0, 10));
    const v = (name: string, day: string) => visitor(name, day).slice(0, 16);
    // Per tracking link (oldest first), in time order; bots included and flagged.
    expect(rows).toEqual([
      [
        '2025-03-01T10:15:00.000Z',
        newsletter.slug,
        'Newsletter',
        'news.example.com',
        'Chrome',
        'Windows',
        'desktop',
        'false',
        v('v1', '2025-03-01'),
        'human',
      ],
      [
        '2025-03-01T10:45:00.000Z',
        newsletter.slug,
        'Newsletter',
        'news.example.com',
        'Chrome',
        'Windows',
        'desktop',
        'false',
        v('v1', '2025-03-01'),
        'human',
      ],
      [
        '2025-03-01T12:00:00.000Z',
        newsletter.slug,
        'Newsletter',
        'slack.com',
        'Slackbot',
        'Windows',
        'bot',
        'true',
        v('bot', '2025-03-01'),
        'bot',
      ],
      [
        '2025-03-03T09:30:00.000Z',
        newsletter.slug,
        'Newsletter',
        '',
        'Chrome',
        'Windows',
        'desktop',
        'false',
        v('v1', '2025-03-03'),
        'human',
      ],
      [
        '2025-03-01T11:05:00.000Z',
        unlabelled.slug,
        '',
        '',
        'Safari',
        'iOS',
        'mobile',
        'false',
        v('v2', '2025-03-01'),
        'human',
      ],
      [
        '2025-03-03T09:00:00.000Z',
        unlabelled.slug,
        '',
        't.co',
        'Firefox',
        'Linux',
        'desktop',
        'false',
        v('v3', '2025-03-03'),
        'human',
      ],
    ]);
  });

  it('escapes quotes, commas and line breaks, and defuses formulas', async () => {
    const link = await createLink(t.app, owner.headers);
    const label = '=HYPERLINK("http://x.example"), "quoted"\nline';
    const tracking = await track(link, owner);
    // A label is one line today; one stored before that rule may still hold a line break.
    await t.db.kysely
      .updateTable('tracking_links')
      .set({ label })
      .where('id', '=', tracking.id)
      .execute();
    await seed([
      {
        at: '2025-03-02T08:00:00.000Z',
        tracking,
        linkId: link.id,
        who: 'v1',
        browser: '@evil',
        os: '+1',
        ref: null,
      },
    ]);
    const res = await get(`/api/v1/mailto-links/${link.id}/clicks.csv?${RANGE}`);
    const [, row] = res.body.split('\r\n');
    expect(row).toBe(
      `2025-03-02T08:00:00.000Z,${tracking.slug},"'=HYPERLINK(""http://x.example""), ""quoted""\nline",,'@evil,'+1,desktop,false,${visitor('v1', '2025-03-02').slice(0, 16)},human,,,link,`,
    );
  });

  it('pages through thousands of clicks with equal timestamps without losing or repeating one', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link, owner);
    const clicks: Click[] = [];
    for (let i = 0; i < 2500; i += 1) {
      // Five clicks share each millisecond: the cursor must break ties by id.
      const at = new Date(Date.UTC(2025, 2, 2, 8) + Math.floor(i / 5)).toISOString();
      clicks.push({ at, tracking, linkId: link.id, who: `p${i}`, browser: `B${i}` });
    }
    await seed(clicks);
    const res = await get(`/api/v1/mailto-links/${link.id}/clicks.csv?${RANGE}`);
    const rows = res.body.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(2500);
    const browsers = rows.map((r) => r.split(',')[4]);
    expect(new Set(browsers).size).toBe(2500);
    const times = rows.map((r) => r.split(',')[0]!);
    expect([...times].sort()).toEqual(times);
    const analytics = (await get(`/api/v1/mailto-links/${link.id}/analytics?${RANGE}`)).json();
    expect(analytics.totals).toMatchObject({ clicks: 2500, uniqueVisitors: 2500, botClicks: 0 });
    expect(analytics.browsers).toHaveLength(10);
  });

  it('answers with just the header when there is nothing in the range', async () => {
    const res = await get(
      `/api/v1/mailto-links/${linkA.id}/clicks.csv?from=2024-01-01&to=2024-01-31`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')).toHaveLength(2);
  });

  it('validates the range like the analytics', async () => {
    const res = await get(`/api/v1/mailto-links/${linkA.id}/clicks.csv?from=nope`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ from: BAD_DATE });
  });
});
