import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildClickDimensions } from '../src/modules/clicks/dimensions';
import { rebuildClickDaily } from '../src/modules/clicks/click-store';
import { FILTERED_ROWS_PER_ADDRESS_MINUTE } from '../src/modules/clicks/inflation';
import {
  createLink,
  createTestApp,
  createTrackingLink,
  dialect,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

/** One fixed instant, a second into a minute: every hit below falls in that minute. */
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
const chrome = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ app: { clock: () => NOW } });
  owner = await signUpAs(t, 'PREMIUM');
});
afterAll(async () => {
  await t.close();
});

/** Bytes the database takes now. */
async function databaseBytes(): Promise<number> {
  const driver = t.db.driver;
  if (driver.dialect === 'sqlite') {
    const pages = driver.sqlite.pragma('page_count', { simple: true }) as number;
    const size = driver.sqlite.pragma('page_size', { simple: true }) as number;
    return pages * size;
  }
  const { rows } = await sql<{
    n: string;
  }>`select pg_database_size(current_database()) as n`.execute(t.db.kysely);
  return Number(rows[0]?.n);
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe(`a flood of left-out hits from one address (${dialect})`, () => {
  it('20,000 curl hits in a minute: a few rows, counted as left out; people from other addresses all count', async () => {
    const link = await createLink(t.app, owner.headers);
    const tracking = await createTrackingLink(t.app, owner.headers, link.id);
    const before = await databaseBytes();

    const FLOOD = 20_000;
    const PEOPLE = 25;
    const CHUNK = 500;
    const curl = () =>
      t.app.inject({
        method: 'GET',
        url: `/t/${tracking.slug}`,
        headers: { 'user-agent': 'curl/8.5.0', accept: '*/*' },
        remoteAddress: '203.0.113.66',
      });
    const person = (i: number) =>
      t.app.inject({
        method: 'GET',
        url: `/t/${tracking.slug}`,
        headers: { ...NAVIGATION, 'user-agent': chrome(100 + i) },
        remoteAddress: `198.51.100.${i + 1}`,
      });
    const statuses = new Map<number, number>();
    let people = 0;
    for (let sent = 0; sent < FLOOD; sent += CHUNK) {
      // People click while the flood runs, in the same requests' batches.
      const clicks = people < PEOPLE ? [person(people++)] : [];
      const answers = await Promise.all([...Array.from({ length: CHUNK }, curl), ...clicks]);
      for (const r of answers) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
    }
    while (people < PEOPLE) {
      const r = await person(people++);
      statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
    }
    // Every hit got its redirect.
    expect(Object.fromEntries(statuses)).toEqual({ 302: FLOOD + PEOPLE });

    // What the analytics say, once the clicks are applied: the people, and the flood as
    // left out, whole days (rollups), hours (raw clicks and tallies) and the overview alike.
    const day = NOW.toISOString().slice(0, 10);
    const hour = new Date(Math.floor(NOW.getTime() / 3_600_000) * 3_600_000).toISOString();
    const expected = {
      clicks: PEOPLE,
      uniqueVisitors: PEOPLE,
      botClicks: FLOOD,
      filtered: { bot: FLOOD, preview: 0, scanner: 0, prefetch: 0, repeat: 0, embedded: 0 },
    };
    const daily = await get(`/api/v1/mailto-links/${link.id}/analytics?from=${day}&to=${day}`);
    expect(daily.totals).toEqual(expected);
    const hourly = await get(
      `/api/v1/mailto-links/${link.id}/analytics?interval=hour&from=${hour}&to=${hour}`,
    );
    expect(hourly.totals).toEqual(expected);
    const overview = await get(`/api/v1/analytics/overview?from=${day}&to=${day}`);
    expect(overview.totals).toMatchObject(expected);
    const list = await get(`/api/v1/mailto-links/${link.id}/tracking-links`);
    expect(list[0].clicks).toBe(PEOPLE);

    // The address's first left-out hits of the minute are rows; the rest one tally row.
    const rows = await t.db.kysely
      .selectFrom('clicks')
      .select(['classification', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tracking_link_id', '=', tracking.id)
      .groupBy('classification')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.classification, Number(r.n)]))).toEqual({
      human: PEOPLE,
      bot: FILTERED_ROWS_PER_ADDRESS_MINUTE,
    });
    const tallies = await t.db.kysely
      .selectFrom('filtered_hits')
      .selectAll()
      .where('tracking_link_id', '=', tracking.id)
      .execute();
    expect(tallies.map((r) => ({ ...r, hits: Number(r.hits) }))).toEqual([
      {
        tracking_link_id: tracking.id,
        hour: hour.slice(0, 13),
        reason: 'bot',
        hits: FLOOD - FILTERED_ROWS_PER_ADDRESS_MINUTE,
      },
    ]);

    // The database grew by far less than a row per hit (20,000 rows took about 5 MB).
    expect(await databaseBytes()).toBeLessThan(before + 2 * 1024 * 1024);

    // Rollups rebuilt from the raw clicks keep the tallies.
    await rebuildClickDaily(t.db.kysely, day);
    await rebuildClickDimensions(t.db.kysely, day);
    expect(
      (await get(`/api/v1/mailto-links/${link.id}/analytics?from=${day}&to=${day}`)).totals,
    ).toEqual(expected);
    expect((await get(`/api/v1/analytics/overview?from=${day}&to=${day}`)).totals).toMatchObject(
      expected,
    );
  }, 240_000);
});
