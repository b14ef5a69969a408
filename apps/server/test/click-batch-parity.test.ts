import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeClicks, type ClickRecord } from '../src/modules/clicks/click-store';
import {
  addMember,
  buildLink,
  createLink,
  createTeam,
  createTestApp,
  dialect,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

/**
 * The click batch runs as prepared statements on SQLite and as one statement on PostgreSQL,
 * from the same rules. The same clicks, sent to both databases set up alike, must leave the
 * same stored clicks, visitor sets, daily rollups, link totals and webhook outbox rows. (Runs
 * with the PostgreSQL suite, which has both databases.)
 */

interface World {
  t: TestApp;
  /** Tracking link ids and their saved links, by name. */
  tracking: Record<string, { id: number; linkId: number }>;
}

const visitor = (who: string) => createHash('sha256').update(who).digest('hex');

async function world(which: 'sqlite' | 'postgres'): Promise<World> {
  const t = await createTestApp({
    dialect: which,
    config: { webhooks: { allowPrivate: true, retryBaseMs: 40 } },
  });
  // The outbox is read as the batch left it: no worker writes it out meanwhile.
  await t.app.webhookWorker.stop();
  const lead = await signUpAs(t, 'TEAM');
  const watcher = await signUpAs(t, 'PREMIUM');
  const lapsed = await signUpAs(t, 'PREMIUM');
  const team = await createTeam(t.app, lead);
  await addMember(t.app, lead, team.id, watcher);
  const links = {
    own: await createLink(t.app, watcher.headers),
    shared: await createLink(t.app, lead.headers, { teamId: team.id }),
    unshared: await createLink(t.app, lead.headers, { teamId: team.id }),
    private: await createLink(t.app, lead.headers),
    lapsed: await createLink(t.app, lapsed.headers),
  };
  const tracking: World['tracking'] = {};
  const owners: Record<keyof typeof links, SignedIn> = {
    own: watcher,
    shared: lead,
    unshared: lead,
    private: lead,
    lapsed,
  };
  for (const [name, link] of Object.entries(links) as [keyof typeof links, typeof links.own][]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers: owners[name].headers,
      payload: { mailtoLinkId: link.id, label: name },
    });
    expect(res.statusCode).toBe(201);
    tracking[name] = { id: res.json<{ id: number }>().id, linkId: link.id };
  }
  const hook = async (who: SignedIn, mailtoLinkIds?: number[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: who.headers,
      payload: {
        url: 'http://127.0.0.1:9/hook',
        ...(mailtoLinkIds ? { mailtoLinkIds } : {}),
        currentPassword: who.password,
      },
    });
    expect(res.statusCode).toBe(201);
  };
  await hook(watcher); // all of the watcher's own links
  await hook(watcher, [links.shared.id, links.unshared.id]); // two team links, listed
  await hook(lead); // all of the lead's links
  await hook(lapsed); // their plan ends in the middle of the batch
  // The listed link goes back to being its author's: the watcher may no longer see it.
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/mailto-links/${links.unshared.id}`,
    headers: lead.headers,
    payload: buildLink({ teamId: null }),
  });
  expect(put.statusCode).toBe(200);
  await t.db.kysely
    .updateTable('users')
    .set({ subscription_expires_at: '2026-03-01T12:00:00.000Z' })
    .where('id', '=', lapsed.user.id)
    .execute();
  return { t, tracking };
}

/** Clicks over two days: people (some twice), bots, every link. */
function batch(w: World, day: string, offset: number): ClickRecord[] {
  const names = ['own', 'shared', 'unshared', 'private', 'lapsed'];
  const rows: ClickRecord[] = [];
  for (let i = 0; i < 40; i++) {
    const name = names[(i + offset) % names.length]!;
    const bot = i % 7 === 3;
    const hour = String(8 + (i % 8)).padStart(2, '0');
    rows.push({
      tracking_link_id: w.tracking[name]!.id,
      mailto_link_id: w.tracking[name]!.linkId,
      occurred_at: `${day}T${hour}:${String(i).padStart(2, '0')}:00.000Z`,
      referrer_host: i % 3 === 0 ? null : `site${i % 4}.example`,
      browser: bot ? 'Slackbot' : 'Chrome',
      os: 'Windows',
      device: bot ? 'bot' : 'desktop',
      is_bot: bot ? 1 : 0,
      classification: bot ? 'preview' : 'human',
      visitor_hash: visitor(`person${i % 6}`),
    });
  }
  return rows;
}

async function stored(w: World) {
  const k = w.t.db.kysely;
  return {
    clicks: await k.selectFrom('clicks').selectAll().orderBy('id').execute(),
    visitors: await k
      .selectFrom('daily_visitors')
      .selectAll()
      .orderBy('mailto_link_id')
      .orderBy('day')
      .orderBy('visitor_hash')
      .execute(),
    daily: await k
      .selectFrom('click_daily')
      .selectAll()
      .orderBy('mailto_link_id')
      .orderBy('day')
      .execute(),
    dims: await k
      .selectFrom('click_daily_dims')
      .selectAll()
      .orderBy('mailto_link_id')
      .orderBy('dim')
      .orderBy('day')
      .orderBy('value')
      .execute(),
    monthly: await k
      .selectFrom('click_monthly')
      .selectAll()
      .orderBy('mailto_link_id')
      .orderBy('month')
      .execute(),
    owners: await k
      .selectFrom('click_owner_daily')
      .selectAll()
      .orderBy('user_id')
      .orderBy('day')
      .execute(),
    totals: await k
      .selectFrom('mailto_link_search')
      .select(['link_id', 'clicks'])
      .orderBy('link_id')
      .execute(),
    outbox: await k
      .selectFrom('webhook_outbox')
      .select(['webhook_id', 'event_key', 'click_ids', 'created_at'])
      .orderBy('event_key')
      .orderBy('webhook_id')
      .execute(),
  };
}

describe.skipIf(dialect !== 'postgres')('click batch: SQLite and PostgreSQL alike', () => {
  let sqlite: World;
  let postgres: World;
  beforeAll(async () => {
    sqlite = await world('sqlite');
    postgres = await world('postgres');
  });
  afterAll(async () => {
    await sqlite?.t.close();
    await postgres?.t.close();
  });

  it('stores the same clicks, visitors, rollups (daily, breakdown, monthly, per author), totals and webhook events', async () => {
    const events: Record<string, number[]> = { sqlite: [], postgres: [] };
    for (const [name, w] of [
      ['sqlite', sqlite],
      ['postgres', postgres],
    ] as const) {
      // Day one, then day one again (known visitors, an existing rollup row), then day two.
      events[name]!.push(await storeClicks(w.t.db, batch(w, '2026-03-01', 0), 'key1'));
      events[name]!.push(await storeClicks(w.t.db, batch(w, '2026-03-01', 2), 'key2'));
      events[name]!.push(await storeClicks(w.t.db, batch(w, '2026-03-02', 1), 'key3'));
    }
    expect(events.postgres).toEqual(events.sqlite);
    const a = await stored(sqlite);
    const b = await stored(postgres);
    expect(b.clicks).toEqual(a.clicks);
    expect(b.visitors).toEqual(a.visitors);
    expect(b.daily).toEqual(a.daily);
    expect(b.dims).toEqual(a.dims);
    expect(b.monthly).toEqual(a.monthly);
    expect(b.owners).toEqual(a.owners);
    expect(b.totals).toEqual(a.totals);
    expect(b.outbox).toEqual(a.outbox);

    // What the rules say, checked on one side: the rollup adds up the raw clicks, each batch
    // queues events for the covering webhooks only, never for the link the watcher lost.
    expect(a.clicks).toHaveLength(120);
    const humans = a.clicks.filter((c) => c.is_bot === 0).length;
    expect(a.daily.reduce((n, d) => n + d.clicks, 0)).toBe(humans);
    expect(a.daily.reduce((n, d) => n + d.bot_clicks, 0)).toBe(120 - humans);
    expect(a.daily.reduce((n, d) => n + d.visitors, 0)).toBe(a.visitors.length);
    expect(a.totals.reduce((n, x) => n + x.clicks, 0)).toBe(humans);
    // The breakdown rollup: every human click once per dimension, every left-out hit once.
    const dimTotal = (dim: string) =>
      a.dims.filter((d) => d.dim === dim).reduce((n, d) => n + d.clicks, 0);
    for (const dim of ['tracking', 'referrer', 'browser', 'os', 'device'])
      expect(dimTotal(dim)).toBe(humans);
    expect(dimTotal('filtered')).toBe(120 - humans);
    expect(a.monthly.reduce((n, m) => n + m.clicks, 0)).toBe(humans);
    expect(a.owners.reduce((n, o) => n + o.preview, 0)).toBe(120 - humans);
    expect(a.outbox.map((o) => o.event_key)).toContain('key3');
    const idsOf = (trackingId: number) =>
      new Set(a.clicks.filter((c) => c.tracking_link_id === trackingId).map((c) => c.id));
    const unshared = idsOf(sqlite.tracking.unshared!.id);
    const lapsed = idsOf(sqlite.tracking.lapsed!.id);
    const queuedIds = (hookIds: number[]) =>
      a.outbox
        .filter((o) => hookIds.includes(o.webhook_id))
        .flatMap((o) => o.click_ids.split(',').map(Number));
    // Hook 2 lists the shared and the unshared link: only the shared one's clicks.
    expect(queuedIds([2]).some((id) => unshared.has(id))).toBe(false);
    expect(queuedIds([2]).length).toBeGreaterThan(0);
    // Hook 4's owner's plan ended at noon on day one: nothing after it.
    const lapsedAfter = a.clicks.filter(
      (c) => lapsed.has(c.id) && c.occurred_at >= '2026-03-01T12:00:00.000Z',
    );
    expect(lapsedAfter.length).toBeGreaterThan(0);
    expect(queuedIds([4]).some((id) => lapsedAfter.some((c) => c.id === id))).toBe(false);
    expect(queuedIds([4]).length).toBeGreaterThan(0);
  });
});
