import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { FILTERED_ROWS_PER_ADDRESS_MINUTE } from '../src/modules/clicks/inflation';
import {
  createLink,
  createTestApp,
  movableClock,
  signUpAs,
  type CreatedLink,
  type SignedIn,
  type TestApp,
} from './helpers';

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
const chrome = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;

// Start the clock at the start of a minute, so that "within a minute" is one fixed window.
const clock = movableClock();
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ app: { clock: clock.now } });
  clock.advance(60_000 - (clock.now().getTime() % 60_000) + 1_000);
  owner = await signUpAs(t, 'PREMIUM');
});
afterAll(async () => {
  await t.close();
});

async function track(link: CreatedLink): Promise<{ id: number; slug: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking',
    headers: owner.headers,
    payload: { mailtoLinkId: link.id },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const hit = (slug: string, headers: Record<string, string>, remoteAddress = '203.0.113.50') =>
  t.app.inject({ method: 'GET', url: `/t/${slug}`, headers, remoteAddress });

/** The range of the app clock's yesterday and today (the clock runs ahead of the real one). */
const range = () => {
  const now = clock.now().getTime();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `from=${day(now - 86_400_000)}&to=${day(now)}`;
};

const analytics = async (linkId: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/mailto-links/${linkId}/analytics?${range()}`,
    headers: owner.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const classes = async (trackingLinkId: number) => {
  const rows = await t.db.kysely
    .selectFrom('clicks')
    .select(['classification', 'is_bot'])
    .where('tracking_link_id', '=', trackingLinkId)
    .execute();
  const counts: Record<string, number> = {};
  for (const r of rows) {
    counts[r.classification] = (counts[r.classification] ?? 0) + 1;
    expect(r.is_bot).toBe(r.classification === 'human' ? 0 : 1);
  }
  return counts;
};

/** Left-out hits of the tracking link counted without a row each. */
const tallied = async (trackingLinkId: number) => {
  const row = await t.db.kysely
    .selectFrom('filtered_hits')
    .select((eb) => eb.fn.sum<number>('hits').as('n'))
    .where('tracking_link_id', '=', trackingLinkId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

describe('inflation', () => {
  it('500 parallel hits from one address with rotating browser agents: at most 10 clicks and 5 visitors', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link);
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        hit(tracking.slug, { ...NAVIGATION, 'user-agent': chrome(100 + i) }),
      ),
    );
    // Every hit still gets its redirect and is counted: the address's first left-out hits of
    // the minute as rows, the rest tallied.
    expect(responses.every((r) => r.statusCode === 302)).toBe(true);
    const stored = await classes(tracking.id);
    expect(stored.repeat).toBe(FILTERED_ROWS_PER_ADDRESS_MINUTE);
    expect((stored.human ?? 0) + (stored.repeat ?? 0) + (await tallied(tracking.id))).toBe(500);

    const body = await analytics(link.id);
    expect(body.totals.clicks).toBeGreaterThanOrEqual(1);
    expect(body.totals.clicks).toBeLessThanOrEqual(10);
    expect(body.totals.uniqueVisitors).toBeLessThanOrEqual(5);
    expect(body.totals.filtered.repeat).toBe(500 - body.totals.clicks);
    expect(body.totals.botClicks).toBe(500 - body.totals.clicks);

    // The link's total and its tracking link's clicks say the same.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/tracking-links`,
      headers: owner.headers,
    });
    expect(list.json()[0].clicks).toBe(body.totals.clicks);
    const overview = await t.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/overview?${range()}`,
      headers: owner.headers,
    });
    const row = overview.json().links.find((l: { id: number }) => l.id === link.id);
    expect(row.clicks).toBe(body.totals.clicks);
    expect(overview.json().totals.filtered.repeat).toBeGreaterThanOrEqual(500 - row.clicks);
  });

  it('counts the same visitor once in 30 s, and again after', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link);
    const me = { ...NAVIGATION, 'user-agent': chrome(131) };
    for (let i = 0; i < 3; i++)
      expect((await hit(tracking.slug, me, '198.51.100.7')).statusCode).toBe(302);
    expect(await classes(tracking.id)).toEqual({ human: 1, repeat: 2 });
    clock.advance(31_000);
    await hit(tracking.slug, me, '198.51.100.7');
    expect(await classes(tracking.id)).toEqual({ human: 2, repeat: 2 });
    const body = await analytics(link.id);
    expect(body.totals).toMatchObject({ clicks: 2, uniqueVisitors: 1, botClicks: 2 });
  });

  it('lets one address add at most 5 visitors an hour, and new ones the next hour', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link);
    for (let i = 0; i < 8; i++)
      await hit(tracking.slug, { ...NAVIGATION, 'user-agent': chrome(90 + i) }, '198.51.100.8');
    expect(await classes(tracking.id)).toEqual({ human: 5, repeat: 3 });
    // Other addresses are not held back by this one.
    await hit(tracking.slug, { ...NAVIGATION, 'user-agent': chrome(90) }, '198.51.100.9');
    expect((await classes(tracking.id)).human).toBe(6);
    clock.advance(3_600_000);
    await hit(tracking.slug, { ...NAVIGATION, 'user-agent': chrome(99) }, '198.51.100.8');
    expect((await classes(tracking.id)).human).toBe(7);
    clock.advance(-3_600_000);
  });
});

describe('scanners, previews and prefetches', () => {
  const LEFT_OUT: [string, Record<string, string>, string][] = [
    [
      'Defender Safe Links',
      { 'user-agent': 'Microsoft Defender for Office 365 Safe Links', accept: '*/*' },
      'scanner',
    ],
    ['Proofpoint', { 'user-agent': 'Proofpoint URL Defense/3.0', accept: '*/*' }, 'scanner'],
    ['Mimecast', { 'user-agent': 'Mimecast URL Protect/1.0' }, 'scanner'],
    ['Barracuda', { 'user-agent': 'Barracuda Sentinel (EE)', accept: '*/*' }, 'scanner'],
    ['a browser agent fetching */*', { 'user-agent': chrome(131), accept: '*/*' }, 'scanner'],
    ['a browser agent without Accept', { 'user-agent': chrome(130) }, 'scanner'],
    [
      'Slack',
      { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      'preview',
    ],
    ['WhatsApp', { 'user-agent': 'WhatsApp/2.23.20.0 A' }, 'preview'],
    [
      'Chrome prefetch',
      { ...NAVIGATION, 'user-agent': chrome(129), 'sec-purpose': 'prefetch' },
      'prefetch',
    ],
    [
      'Firefox prefetch',
      { ...NAVIGATION, 'user-agent': chrome(128), purpose: 'prefetch' },
      'prefetch',
    ],
    ['curl', { 'user-agent': 'curl/8.5.0', accept: '*/*' }, 'bot'],
  ];

  it('redirects every one of them (302) and counts none, each with its reason', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link);
    for (const [name, headers] of LEFT_OUT) {
      const res = await hit(
        tracking.slug,
        headers,
        `192.0.2.${LEFT_OUT.findIndex((x) => x[0] === name) + 1}`,
      );
      expect(res.statusCode, name).toBe(302);
      expect(res.headers.location, name).toBe(link.mailtoUrl);
    }
    const want: Record<string, number> = {};
    for (const [, , reason] of LEFT_OUT) want[reason] = (want[reason] ?? 0) + 1;
    expect(await classes(tracking.id)).toEqual(want);
    const body = await analytics(link.id);
    expect(body.totals).toEqual({
      clicks: 0,
      uniqueVisitors: 0,
      botClicks: LEFT_OUT.length,
      filtered: { bot: 1, preview: 2, scanner: 6, prefetch: 2, repeat: 0, embedded: 0 },
    });
    // A person's click from a browser, as browsers send it, counts.
    await hit(tracking.slug, { ...NAVIGATION, 'user-agent': chrome(131) }, '192.0.2.99');
    expect((await analytics(link.id)).totals).toMatchObject({ clicks: 1, uniqueVisitors: 1 });
  });

  it('puts the classification in the clicks CSV', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link);
    await hit(tracking.slug, { ...NAVIGATION, 'user-agent': chrome(131) }, '192.0.2.200');
    await hit(tracking.slug, { 'user-agent': 'Mimecast URL Protect/1.0' }, '192.0.2.201');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/clicks.csv?${range()}`,
      headers: owner.headers,
    });
    const lines = res.body.trim().split('\r\n');
    const column = lines[0]!.split(',').indexOf('classification');
    expect(column).toBeGreaterThan(-1);
    expect(lines.slice(1).map((l) => l.split(',')[column])).toEqual(['human', 'scanner']);
  });
});

describe('hits from inside a page', () => {
  /** What a browser sends for a request that a page makes, by `Sec-Fetch-Dest`. */
  const FROM_A_PAGE: [string, Record<string, string>][] = [
    ['a hidden iframe', { ...NAVIGATION, 'sec-fetch-dest': 'iframe' }],
    ['a frame', { ...NAVIGATION, 'sec-fetch-dest': 'frame' }],
    [
      'an <img>',
      {
        accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
        'sec-fetch-mode': 'no-cors',
        'sec-fetch-dest': 'image',
      },
    ],
    ['a fetch()', { accept: '*/*', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
    ['an old Chromium iframe', { ...NAVIGATION, 'sec-fetch-mode': 'nested-navigate' }],
  ];

  it('redirects them, stores them as `embedded` and counts none; a page opened from a link counts', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link);
    for (const [i, [name, headers]] of FROM_A_PAGE.entries()) {
      const res = await hit(
        tracking.slug,
        { ...headers, 'user-agent': chrome(120 + i) },
        `192.0.2.${120 + i}`,
      );
      expect(res.statusCode, name).toBe(302);
    }
    expect(await classes(tracking.id)).toEqual({ embedded: FROM_A_PAGE.length });
    const body = await analytics(link.id);
    expect(body.totals).toEqual({
      clicks: 0,
      uniqueVisitors: 0,
      botClicks: FROM_A_PAGE.length,
      filtered: {
        bot: 0,
        preview: 0,
        scanner: 0,
        prefetch: 0,
        repeat: 0,
        embedded: FROM_A_PAGE.length,
      },
    });

    // A top-level navigation counts; so does a browser that sends no Fetch Metadata (plain
    // HTTP, older browsers), by the rules that held before.
    await hit(tracking.slug, { ...NAVIGATION, 'user-agent': chrome(131) }, '192.0.2.140');
    const { accept, 'accept-language': lang } = NAVIGATION;
    await hit(
      tracking.slug,
      { accept, 'accept-language': lang, 'user-agent': chrome(109) },
      '192.0.2.141',
    );
    expect(await classes(tracking.id)).toEqual({ embedded: FROM_A_PAGE.length, human: 2 });

    // Every reader says the same: whole days (rollups), hours (raw clicks), the overview
    // (the author's rollup).
    expect((await analytics(link.id)).totals).toMatchObject({
      clicks: 2,
      filtered: { embedded: FROM_A_PAGE.length },
    });
    const now = clock.now();
    const hour = new Date(now.getTime() - (now.getTime() % 3_600_000)).toISOString();
    const hourly = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/analytics?interval=hour&from=${hour}&to=${hour}`,
      headers: owner.headers,
    });
    expect(hourly.json().totals).toMatchObject({
      clicks: 2,
      filtered: { embedded: FROM_A_PAGE.length },
    });
    const overview = await t.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/overview?${range()}`,
      headers: owner.headers,
    });
    expect(overview.json().totals.filtered.embedded).toBeGreaterThanOrEqual(FROM_A_PAGE.length);
  });
});

describe('migration 017', () => {
  it('stores the clicks recorded before it as bot or human', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await track(link);
    await hit(tracking.slug, { ...NAVIGATION, 'user-agent': chrome(131) }, '192.0.2.210');
    await hit(tracking.slug, { 'user-agent': 'curl/8.5.0' }, '192.0.2.211');
    await migrateToLatest(t.db, '016-team-invitations');
    await migrateToLatest(t.db);
    expect(await classes(tracking.id)).toEqual({ human: 1, bot: 1 });
  });
});
