import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueClicksSqlite } from '../src/modules/clicks/click-store';
import {
  createLink,
  createTestApp,
  createTrackingLink,
  dialect,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

/**
 * SQLite: a redirect's batch commits its raw clicks; their rules (visitors, rollups, webhook
 * events) follow later, for many batches at once, or as soon as a query reads what they write.
 * The delay is set far beyond the test's run, so every wait below is for a read, never a timer.
 */

const NAVIGATION = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

describe.skipIf(dialect !== 'sqlite')('click rules applied after the commit (SQLite)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let link: { id: number };
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp({ app: { clickRulesDelayMs: 10 * 60_000 } });
    owner = await signUpAs(t, 'PREMIUM');
    link = await createLink(t.app, owner.headers);
    slug = (await createTrackingLink(t.app, owner.headers, link.id)).slug;
  });
  afterAll(async () => t?.close());

  const click = async (i: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/t/${slug}`,
      headers: NAVIGATION,
      remoteAddress: `203.0.113.${i}`,
    });
    expect(res.statusCode).toBe(302);
  };
  const totals = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/analytics`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ totals: { clicks: number; uniqueVisitors: number } }>().totals;
  };

  it('counts a redirected click in the next read, though its rules had not run yet', async () => {
    const before = await totals();
    for (let i = 1; i <= 3; i++) await click(i);
    // Stored, answered, and waiting for their rules.
    expect(await t.app.services.clicks.clicksUnapplied()).toBe(3);
    const after = await totals();
    expect(after.clicks - before.clicks).toBe(3);
    expect(after.uniqueVisitors - before.uniqueVisitors).toBe(3);
    expect(await t.app.services.clicks.clicksUnapplied()).toBe(0);
    // Read again: counted once.
    expect((await totals()).clicks).toBe(after.clicks);
  });

  it('applies at start the clicks a stopped run left waiting, once', async () => {
    const before = await totals();
    const tracking = await t.db.kysely
      .selectFrom('tracking_links')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    // Committed as a redirect's batch commits them, with no process left to apply them.
    await queueClicksSqlite(
      t.db,
      [1, 2].map((i) => ({
        tracking_link_id: tracking.id,
        mailto_link_id: link.id,
        occurred_at: at,
        referrer_host: null,
        browser: 'Chrome',
        os: 'Windows',
        device: 'desktop',
        is_bot: 0,
        visitor_hash: `left-behind-${i}`,
        classification: 'human',
      })),
    );
    expect(await t.app.services.clicks.clicksUnapplied()).toBe(2);
    await t.app.services.clicks.start();
    expect(await t.app.services.clicks.clicksUnapplied()).toBe(0);
    expect((await totals()).clicks - before.clicks).toBe(2);
  });

  it('applies waiting clicks before it stops', async () => {
    const other = await createTestApp({ app: { clickRulesDelayMs: 10 * 60_000 } });
    try {
      const who = await signUpAs(other, 'PREMIUM');
      const made = await createLink(other.app, who.headers);
      const tracking = await createTrackingLink(other.app, who.headers, made.id);
      const res = await other.app.inject({
        method: 'GET',
        url: `/t/${tracking.slug}`,
        headers: NAVIGATION,
        remoteAddress: '203.0.113.50',
      });
      expect(res.statusCode).toBe(302);
      expect(await other.app.services.clicks.clicksUnapplied()).toBe(1);
      await other.app.services.clicks.drain();
      expect(await other.app.services.clicks.clicksUnapplied()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
