import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildClickDimensions } from '../src/modules/clicks/dimensions';
import {
  rebuildClickDaily,
  storeClicks,
  type ClickRecord,
} from '../src/modules/clicks/click-store';
import { createLink, createTestApp, signUpAs, type SignedIn, type TestApp } from './helpers';

// The breakdown rollup (`click_daily_dims`) against the raw clicks it stands for: what the
// triggers keep equals what the clicks add up to, a rebuild changes nothing, and the answers
// read from it equal the answers read from the raw clicks.

let t: TestApp;
let owner: SignedIn;
const links: { id: number; tracking: { id: number; slug: string }[] }[] = [];

async function track(linkId: number, label?: string): Promise<{ id: number; slug: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking',
    headers: owner.headers,
    payload: { mailtoLinkId: linkId, ...(label ? { label } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`create tracking failed: ${res.body}`);
  return res.json();
}

/** A seeded uniform [0, 1) generator (mulberry32), so every run stores the same clicks. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let z = Math.imul(a ^ (a >>> 15), 1 | a);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

const AGENTS = [
  ['Chrome', 'Windows', 'desktop'],
  ['Safari', 'iOS', 'mobile'],
  ['Firefox', 'Linux', 'desktop'],
  ['Chrome', 'Android', 'tablet'],
] as const;
const REFERRERS = [null, 'mail.google.com', 't.co', 'news.example.com'] as const;
const COUNTRIES = [null, 'DE', 'FR', 'US', 'JP'] as const;
const LEFT_OUT = ['bot', 'preview', 'scanner', 'prefetch', 'repeat', 'embedded'] as const;

/** Clicks over 50 days from 2025-02-20 (most in March 2025), spread over every link. */
function generate(n: number, seed: number): ClickRecord[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  return Array.from({ length: n }, () => {
    const link = pick(links);
    const tracking = pick(link.tracking);
    const days = rnd() < 0.5 ? [Date.UTC(2025, 2, 1), 5] : [Date.UTC(2025, 1, 20), 50];
    const time = new Date(days[0]! + Math.floor(rnd() * days[1]! * 86_400_000));
    // None in the last hour of a day, which the raw-click ranges below start with.
    if (time.getUTCHours() === 23) time.setUTCHours(22);
    const at = time.toISOString();
    const leftOut = rnd() < 0.25 ? pick(LEFT_OUT) : null;
    const [browser, os, device] = leftOut ? (['Slackbot', 'Other', 'bot'] as const) : pick(AGENTS);
    return {
      tracking_link_id: tracking.id,
      mailto_link_id: link.id,
      occurred_at: at,
      referrer_host: pick(REFERRERS),
      country: pick(COUNTRIES),
      source: pick(['link', 'link', 'qr'] as const),
      opened_with: leftOut ? null : pick([null, null, 'none', 'gmail', 'copy'] as const),
      browser,
      os,
      device,
      is_bot: leftOut ? 1 : 0,
      classification: leftOut ?? 'human',
      visitor_hash: createHash('sha256')
        .update(`${at.slice(0, 10)}|${rnd()}`)
        .digest('hex'),
    };
  });
}

interface Row {
  mailto_link_id: number;
  dim: string;
  day: string;
  value: string;
  clicks: number;
}

const keyOf = (r: Omit<Row, 'clicks'>) => `${r.mailto_link_id}|${r.dim}|${r.day}|${r.value}`;

/** The rollup's rows, in key order. */
async function rollupRows(): Promise<Row[]> {
  const rows = await t.db.kysely.selectFrom('click_daily_dims').selectAll().execute();
  return rows
    .map((r) => ({ ...r, clicks: Number(r.clicks) }))
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
}

/** What the rollup must hold, counted here from the raw clicks one by one. */
async function expectedRows(): Promise<Row[]> {
  const clicks = await t.db.kysely
    .selectFrom('clicks as c')
    .innerJoin('tracking_links as t', 't.id', 'c.tracking_link_id')
    .select([
      't.mailto_link_id',
      'c.tracking_link_id',
      'c.occurred_at',
      'c.referrer_host',
      'c.browser',
      'c.os',
      'c.device',
      'c.country',
      'c.source',
      'c.opened_with',
      'c.is_bot',
      'c.classification',
    ])
    .execute();
  const counts = new Map<string, Row>();
  const add = (r: Omit<Row, 'clicks'>) => {
    const k = keyOf(r);
    const row = counts.get(k) ?? { ...r, clicks: 0 };
    row.clicks += 1;
    counts.set(k, row);
  };
  for (const c of clicks) {
    const base = { mailto_link_id: c.mailto_link_id, day: c.occurred_at.slice(0, 10) };
    if (c.is_bot) {
      add({ ...base, dim: 'filtered', value: c.classification });
      continue;
    }
    add({ ...base, dim: 'tracking', value: String(c.tracking_link_id) });
    add({ ...base, dim: 'referrer', value: c.referrer_host ?? '' });
    add({ ...base, dim: 'browser', value: c.browser });
    add({ ...base, dim: 'os', value: c.os });
    add({ ...base, dim: 'device', value: c.device });
    add({ ...base, dim: 'country', value: c.country ?? '' });
    add({ ...base, dim: 'source', value: c.source });
    if (c.opened_with !== null) add({ ...base, dim: 'opened', value: c.opened_with });
  }
  return [...counts.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
}

/** What the monthly and per-author rollups must hold, added up here from the daily ones. */
async function coarseRollups() {
  const k = t.db.kysely;
  const [
    daily,
    dims,
    authors,
    monthly,
    owner,
    ownerDimRows,
    breakdowns,
    placeRows,
    ownerPlaceRows,
    monthlyPlaceRows,
  ] = await Promise.all([
    k.selectFrom('click_daily').selectAll().execute(),
    k.selectFrom('click_daily_dims').selectAll().where('dim', '=', 'filtered').execute(),
    k.selectFrom('mailto_links').select(['id', 'user_id']).execute(),
    k.selectFrom('click_monthly').selectAll().execute(),
    k.selectFrom('click_owner_daily').selectAll().execute(),
    k.selectFrom('click_owner_dims').selectAll().execute(),
    k
      .selectFrom('click_daily_dims')
      .selectAll()
      .where('dim', 'in', ['country', 'source', 'opened'])
      .execute(),
    k.selectFrom('click_daily_places').selectAll().execute(),
    k.selectFrom('click_owner_places').selectAll().execute(),
    k.selectFrom('click_monthly_places').selectAll().execute(),
  ]);
  const authorOf = new Map(authors.map((a) => [a.id, a.user_id]));
  const months = new Map<string, Record<string, unknown>>();
  const owners = new Map<string, Record<string, number | string>>();
  const ownerRow = (user: number, day: string) => {
    const key = `${user}|${day}`;
    const row = owners.get(key) ?? {
      user_id: user,
      day,
      clicks: 0,
      visitors: 0,
      bot: 0,
      preview: 0,
      scanner: 0,
      prefetch: 0,
      repeat: 0,
      embedded: 0,
    };
    owners.set(key, row);
    return row as Record<string, number>;
  };
  for (const d of daily) {
    const key = `${d.mailto_link_id}|${d.day.slice(0, 7)}`;
    const m = (months.get(key) ?? {
      mailto_link_id: d.mailto_link_id,
      month: d.day.slice(0, 7),
      clicks: 0,
      bot_clicks: 0,
      visitors: 0,
      last_click_at: null,
    }) as { clicks: number; bot_clicks: number; visitors: number; last_click_at: string | null };
    m.clicks += d.clicks;
    m.bot_clicks += d.bot_clicks;
    m.visitors += d.visitors;
    if (d.last_click_at !== null && (m.last_click_at === null || d.last_click_at > m.last_click_at))
      m.last_click_at = d.last_click_at;
    months.set(key, m);
    const o = ownerRow(authorOf.get(d.mailto_link_id)!, d.day);
    o.clicks! += d.clicks;
    o.visitors! += d.visitors;
  }
  for (const d of dims) ownerRow(authorOf.get(d.mailto_link_id)!, d.day)[d.value]! += d.clicks;
  // Countries, sources and choices per author, day and value.
  const ownerDims = new Map<
    string,
    { user_id: number; dim: string; day: string; value: string; clicks: number }
  >();
  for (const d of breakdowns) {
    const user = authorOf.get(d.mailto_link_id)!;
    const key = `${user}|${d.dim}|${d.day}|${d.value}`;
    const row = ownerDims.get(key) ?? {
      user_id: user,
      dim: d.dim,
      day: d.day,
      value: d.value,
      clicks: 0,
    };
    row.clicks += d.clicks;
    ownerDims.set(key, row);
  }
  // The rollup by country per author (the overview's dimensions) and per link and month (a
  // link's figures, every left-out reason together).
  const ownerPlaces = new Map<string, Record<string, string | number>>();
  const monthlyPlaces = new Map<string, Record<string, string | number>>();
  const addTo = (map: typeof ownerPlaces, key: Record<string, string | number>, n: number) => {
    const id = JSON.stringify(key);
    const row = map.get(id) ?? { ...key, clicks: 0 };
    (row.clicks as number) += n;
    map.set(id, row);
  };
  for (const p of placeRows) {
    const { dim, country, day, value } = p;
    if (['clicks', 'visitors', 'filtered', 'source', 'opened', 'city'].includes(dim))
      addTo(
        ownerPlaces,
        { user_id: authorOf.get(p.mailto_link_id)!, dim, country, day, value },
        p.clicks,
      );
    if (['clicks', 'visitors', 'filtered'].includes(dim))
      addTo(
        monthlyPlaces,
        { mailto_link_id: p.mailto_link_id, dim, country, month: day.slice(0, 7) },
        p.clicks,
      );
  }
  const sorted = <T extends Record<string, unknown>>(rows: T[]) =>
    rows
      .map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
          ]),
        ),
      )
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  // Rows whose figures all went back to zero (a rebuild, a deleted link) count as absent.
  const live = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.filter((r) =>
      Object.entries(r).some(
        ([k, v]) =>
          ![
            'user_id',
            'mailto_link_id',
            'day',
            'month',
            'last_click_at',
            'dim',
            'country',
            'value',
          ].includes(k) && Number(v) !== 0,
      ),
    );
  return {
    actual: {
      monthly: sorted(live(monthly)),
      owner: sorted(live(owner)),
      ownerDims: sorted(live(ownerDimRows)),
      ownerPlaces: sorted(live(ownerPlaceRows)),
      monthlyPlaces: sorted(live(monthlyPlaceRows)),
    },
    expected: {
      monthly: sorted(live([...months.values()])),
      owner: sorted(live([...owners.values()])),
      ownerDims: sorted(live([...ownerDims.values()])),
      ownerPlaces: sorted(live([...ownerPlaces.values()])),
      monthlyPlaces: sorted(live([...monthlyPlaces.values()])),
    },
  };
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.headers });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAs(t, 'PREMIUM');
  for (const name of ['Rollup A', 'Rollup B', 'Rollup C']) {
    const link = await createLink(t.app, owner.headers, { name });
    links.push({ id: link.id, tracking: [] });
  }
  links[0]!.tracking.push(await track(links[0]!.id, 'Newsletter'), await track(links[0]!.id));
  links[1]!.tracking.push(await track(links[1]!.id, 'Footer'));
  links[2]!.tracking.push(await track(links[2]!.id, 'Newsletter'));
  // Several batches, so that later ones add to rows that earlier ones made.
  for (let batch = 0; batch < 4; batch += 1) await storeClicks(t.db, generate(300, batch));
});
afterAll(async () => {
  await t.close();
});

describe('the breakdown rollup', () => {
  it('equals the raw clicks counted per link, dimension, day and value', async () => {
    const expected = await expectedRows();
    expect(expected.length).toBeGreaterThan(100);
    expect(await rollupRows()).toEqual(expected);
  });

  it('keeps up with hits through /t/, people and link previews alike', async () => {
    const { slug } = links[1]!.tracking[0]!;
    const hit = (ip: string, agent: string, referer?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/t/${slug}`,
        remoteAddress: ip,
        headers: {
          'user-agent': agent,
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          ...(referer ? { referer } : {}),
        },
      });
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
    await Promise.all([
      hit('192.0.2.10', firefox, 'https://mail.google.com/mail/u/0/'),
      hit('192.0.2.11', firefox),
      hit('192.0.2.12', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const rows = await rollupRows();
    expect(rows).toEqual(await expectedRows());
    const todays = rows.filter((r) => r.day === today && r.mailto_link_id === links[1]!.id);
    expect(todays).toContainEqual(expect.objectContaining({ dim: 'browser', value: 'Firefox' }));
    expect(todays).toContainEqual(
      expect.objectContaining({ dim: 'referrer', value: 'mail.google.com', clicks: 1 }),
    );
    expect(todays).toContainEqual(
      expect.objectContaining({ dim: 'filtered', value: 'preview', clicks: 1 }),
    );
  });

  it('is rebuilt from the raw clicks to the same rows, all days or from a day on', async () => {
    const before = await rollupRows();
    await rebuildClickDimensions(t.db.kysely, '2025-03-03');
    expect(await rollupRows()).toEqual(before);
    await t.db.kysely.deleteFrom('click_daily_dims').execute();
    await rebuildClickDimensions(t.db.kysely);
    expect(await rollupRows()).toEqual(before);
    await rebuildClickDaily(t.db.kysely);
    const { actual, expected } = await coarseRollups();
    expect(actual).toEqual(expected);
  });

  it('keeps the monthly and per-author rollups equal to the daily ones', async () => {
    const { actual, expected } = await coarseRollups();
    expect(expected.monthly.length).toBeGreaterThan(6);
    expect(expected.ownerDims.length).toBeGreaterThan(6);
    expect(expected.ownerPlaces.length).toBeGreaterThan(6);
    expect(expected.monthlyPlaces.length).toBeGreaterThan(6);
    expect(actual).toEqual(expected);
  });

  it('gives the overview filtered to a country over months what the rollup by country adds up to', async () => {
    // 2025-02-20 to 2025-04-10: the days of February and April from the daily rows, March
    // from the monthly ones; the account's own links from the per-author rollup.
    const [from, to] = ['2025-02-20', '2025-04-10'];
    const places = await t.db.kysely
      .selectFrom('click_daily_places')
      .selectAll()
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    const clicks = await t.db.kysely
      .selectFrom('clicks as c')
      .innerJoin('tracking_links as tl', 'tl.id', 'c.tracking_link_id')
      .select(['tl.mailto_link_id', 'c.occurred_at', 'c.country', 'c.is_bot'])
      .execute();
    for (const code of ['DE', 'US', 'ZZ']) {
      const country = code === 'ZZ' ? '' : code;
      const overview = (
        await get(`/api/v1/analytics/overview?from=${from}&to=${to}&country=${code}`)
      ).json();
      const of = (dim: string, link?: number) =>
        places
          .filter(
            (p) =>
              p.dim === dim &&
              p.country === country &&
              (link === undefined || p.mailto_link_id === link),
          )
          .reduce((n, p) => n + Number(p.clicks), 0);
      expect(of('clicks')).toBeGreaterThan(0);
      expect(overview.totals).toMatchObject({
        clicks: of('clicks'),
        uniqueVisitors: of('visitors'),
        botClicks: of('filtered'),
      });
      expect(overview.series.reduce((n: number, p: { clicks: number }) => n + p.clicks, 0)).toBe(
        of('clicks'),
      );
      for (const link of links) {
        const last = clicks
          .filter(
            (c) =>
              c.mailto_link_id === link.id &&
              (c.country ?? '') === country &&
              !c.is_bot &&
              c.occurred_at.slice(0, 10) <= to,
          )
          .map((c) => c.occurred_at)
          .sort()
          .at(-1);
        expect(overview.links.find((l: { id: number }) => l.id === link.id)).toMatchObject({
          clicks: of('clicks', link.id),
          uniqueVisitors: of('visitors', link.id),
          lastClickAt: last ?? null,
        });
      }
    }
  });

  it('gives the overview over months the same per-link figures as each link’s analytics', async () => {
    const range = 'from=2025-02-20&to=2025-04-10';
    const overview = (await get(`/api/v1/analytics/overview?${range}`)).json();
    let clicks = 0;
    for (const link of links) {
      const own = (await get(`/api/v1/mailto-links/${link.id}/analytics?${range}`)).json();
      const row = overview.links.find((l: { id: number }) => l.id === link.id);
      expect(row).toMatchObject({
        clicks: own.totals.clicks,
        uniqueVisitors: own.totals.uniqueVisitors,
      });
      clicks += own.totals.clicks;
      for (const [i, p] of own.series.entries()) expect(overview.series[i].t).toBe(p.t);
    }
    expect(overview.totals.clicks).toBe(clicks);
    const sum = (key: 'clicks' | 'uniqueVisitors') =>
      overview.series.reduce((n: number, p: Record<string, number>) => n + p[key]!, 0);
    expect([sum('clicks'), sum('uniqueVisitors')]).toEqual([
      overview.totals.clicks,
      overview.totals.uniqueVisitors,
    ]);
  });

  it('gives a link the same breakdowns and left-out hits as its raw clicks', async () => {
    // Whole days read the rollup; a range starting at 23:00 the day before (no clicks then)
    // reads the raw clicks. Both cover the same clicks, so every figure must agree.
    for (const link of links) {
      const daily = (
        await get(`/api/v1/mailto-links/${link.id}/analytics?from=2025-03-01&to=2025-03-05`)
      ).json();
      const raw = (
        await get(
          `/api/v1/mailto-links/${link.id}/analytics?interval=hour&from=2025-02-28T23:00:00Z&to=2025-03-05T23:59:59Z`,
        )
      ).json();
      expect(daily.totals.clicks).toBeGreaterThan(0);
      expect(Object.values(daily.totals.filtered as Record<string, number>)).not.toContain(0);
      for (const part of [
        'referrers',
        'browsers',
        'os',
        'devices',
        'countries',
        'labels',
        'totals',
      ])
        expect([part, daily[part]]).toEqual([part, raw[part]]);
    }
  });

  it('gives the overview the same left-out hits by reason as the raw clicks', async () => {
    const daily = (await get('/api/v1/analytics/overview?from=2025-03-01&to=2025-03-05')).json();
    const raw = (
      await get(
        '/api/v1/analytics/overview?interval=hour&from=2025-02-28T23:00:00Z&to=2025-03-05T23:59:59Z',
      )
    ).json();
    expect(daily.totals.botClicks).toBeGreaterThan(0);
    expect(daily.totals).toEqual(raw.totals);
  });

  it('goes with its link when the link is deleted', async () => {
    const gone = links[2]!.id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/mailto-links/${gone}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = await rollupRows();
    expect(rows.some((r) => r.mailto_link_id === gone)).toBe(false);
    expect(rows).toEqual(await expectedRows());
    const { actual, expected } = await coarseRollups();
    expect(actual).toEqual(expected);
  });
});
