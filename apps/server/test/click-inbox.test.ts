import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDb, type Db } from '../src/db/database';
import type { App } from '../src/lib/types';
import { applyClickInbox, INBOX_APPLY_SQL } from '../src/modules/clicks/click-store';
import {
  createLink,
  createTestApp,
  createTrackingLink,
  dialect,
  metricSample,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

// PostgreSQL: a redirect commits its click to the inbox and answers; the applier stores the
// clicks with their rules shortly after. These tests check what a user or a second instance
// sees of that: every click counted once, at once for the instance that answered it, and
// nothing lost when an instance stops before applying.

const TOKEN = 'scrape-me-0123456789abcdef';

describe.skipIf(dialect !== 'postgres')('the click inbox (PostgreSQL)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let pool: pg.Pool;

  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
    owner = await signUpAs(t, 'PREMIUM');
    if (t.db.driver.dialect !== 'postgres') throw new Error('PostgreSQL only');
    pool = t.db.driver.pool;
  });
  afterAll(async () => t?.close());

  async function trackedLink(): Promise<{ linkId: number; trackingId: number; slug: string }> {
    const link = await createLink(t.app, owner.headers);
    const tracking = await createTrackingLink(t.app, owner.headers, link.id);
    return { linkId: link.id, trackingId: tracking.id, slug: tracking.slug };
  }

  async function clicksOf(app: App, linkId: number): Promise<number> {
    const res = await app.inject({
      method: 'GET',
      // The default range: the last days, today included.
      url: `/api/v1/mailto-links/${linkId}/analytics`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().totals.clicks;
  }

  /** A click as a stopped instance would have left it: committed to the inbox, not applied. */
  async function leaveInInbox(
    trackingId: number,
    linkId: number,
    n: number,
    visitor = 'v',
  ): Promise<void> {
    for (let i = 0; i < n; i++)
      await pool.query(
        `insert into click_inbox (tracking_link_id, mailto_link_id, occurred_at, referrer_host,
           browser, os, device, is_bot, visitor_hash, classification)
         values ($1, $2, $3, null, 'Firefox', 'Linux', 'desktop', 0, $4, 'human')`,
        [
          trackingId,
          linkId,
          new Date().toISOString(),
          `${visitor}${String(i).padStart(6, '0')}`.padEnd(64, '0'),
        ],
      );
  }

  /** What an operator's Prometheus reads of the inbox. */
  async function inboxDepth(): Promise<number | null> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return metricSample(res.body, 'mailtokit_click_inbox_depth');
  }

  /** Statements of this database waiting for a lock another transaction holds. */
  const lockWaiters = async () =>
    Number(
      (
        await pool.query(
          `select count(*) as n from pg_stat_activity
           where wait_event_type = 'Lock' and datname = current_database()`,
        )
      ).rows[0].n,
    );

  const waiting = async () =>
    Number((await pool.query('select count(*) as n from click_inbox')).rows[0].n);

  it('counts a click in the analytics as soon as its redirect has answered', async () => {
    const { linkId, slug } = await trackedLink();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/t/${slug}`,
        headers: {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(res.statusCode).toBe(302);
    }
    expect(await clicksOf(t.app, linkId)).toBe(3);
    expect(await waiting()).toBe(0);
  });

  it('applies the clicks a stopped instance left when the next one starts', async () => {
    const { linkId, trackingId } = await trackedLink();
    await leaveInInbox(trackingId, linkId, 4);

    const db = openDb(t.config.database);
    const next = await buildApp(t.config, db);
    try {
      await next.ready();
      // The start applies every row it can take; the other instance's sweep (the test app's,
      // every 5 s) may hold some at that moment (they are skipped, not waited for), and then
      // that instance applies them: the inbox empties either way, each click applied once.
      await vi.waitFor(async () => expect(await waiting()).toBe(0), { timeout: 5000 });
      expect(await clicksOf(next, linkId)).toBe(4);
    } finally {
      await next.close();
    }
  });

  type PlanNode = {
    'Relation Name'?: string;
    'Actual Loops'?: number;
    'Rows Removed by Join Filter'?: number;
    Plans?: PlanNode[];
  };

  /** Every node of the apply statement's plan as it ran on the waiting clicks (undone after). */
  async function applyPlan(): Promise<PlanNode[]> {
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (analyze, format json) ${INBOX_APPLY_SQL}`,
        [5000, 'plan-test-key'],
      );
      walk(rows[0]!['QUERY PLAN'][0]!.Plan);
    } finally {
      // Nothing of the explained statement stays: the clicks wait in the inbox as before.
      await client.query('rollback');
      client.release();
    }
    return nodes;
  }

  it('reads the webhooks once per apply statement, not once per click', async () => {
    const { linkId, trackingId } = await trackedLink();
    await leaveInInbox(trackingId, linkId, 30, 'plan');
    const loops = (await applyPlan())
      .filter((node) => node['Relation Name'] === 'webhooks')
      .map((node) => node['Actual Loops'] ?? 0);
    expect(loops.length).toBeGreaterThan(0);
    expect(Math.max(...loops)).toBe(1);
    await applyClickInbox(pool);
  });

  it('compares no click of a batch with every other one', async () => {
    // The new visitors by country once joined the batch's new visitors with its clicks, which
    // PostgreSQL, taking each for a single row, ran as a nested loop: for 60 new visitors some
    // 3,500 rows compared and dropped, for 2,000 some 3,500,000.
    const { linkId, trackingId } = await trackedLink();
    await leaveInInbox(trackingId, linkId, 60, 'pairs');
    const dropped = (await applyPlan()).reduce(
      (n, node) => n + (node['Rows Removed by Join Filter'] ?? 0),
      0,
    );
    expect(dropped).toBeLessThan(60 * 5);
    await applyClickInbox(pool);
    expect(await clicksOf(t.app, linkId)).toBe(60);
  });

  it('applies again when PostgreSQL ends the statement to break a deadlock', async () => {
    const { linkId, trackingId } = await trackedLink();
    await leaveInInbox(trackingId, linkId, 1, 'first');
    await applyClickInbox(pool);
    await leaveInInbox(trackingId, linkId, 1, 'second');
    const { rows } = await pool.query<{ id: number }>('select id from click_inbox');
    expect(rows).toHaveLength(1);
    // Another writer holds the link's rollup row of the day, then asks for the waiting click
    // the statement took: each waits for the other. PostgreSQL ends the one that waited first,
    // the apply statement (after its deadlock_timeout, 1 s by default).
    const other = await pool.connect();
    let failure: unknown = null;
    try {
      await other.query('begin');
      await other.query('update click_daily set clicks = clicks where mailto_link_id = $1', [
        linkId,
      ]);
      const applying = applyClickInbox(pool).catch((err: unknown) => {
        failure = err;
      });
      await expect.poll(lockWaiters).toBeGreaterThan(0);
      await other.query('select id from click_inbox where id = $1 for update', [rows[0]!.id]);
      await other.query('rollback');
      await applying;
    } finally {
      other.release();
    }
    expect(failure).toBeNull();
    await vi.waitFor(async () => {
      await applyClickInbox(pool);
      expect(await waiting()).toBe(0);
    });
    expect(await clicksOf(t.app, linkId)).toBe(2);
  });

  it('drops the waiting clicks of a deleted link and still applies the others', async () => {
    const kept = await trackedLink();
    const gone = await trackedLink();
    await leaveInInbox(kept.trackingId, kept.linkId, 2, 'kept');
    await leaveInInbox(gone.trackingId, gone.linkId, 3, 'gone');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/mailto-links/${gone.linkId}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(await inboxDepth()).toBe(3 + 2);

    expect(await applyClickInbox(pool)).toMatchObject({ applied: 5 });
    expect(await waiting()).toBe(0);
    expect(await inboxDepth()).toBe(0);
    expect(await clicksOf(t.app, kept.linkId)).toBe(2);
    const stored = await pool.query(
      'select count(*) as n from clicks where tracking_link_id = $1',
      [gone.trackingId],
    );
    expect(Number(stored.rows[0].n)).toBe(0);
  });

  it('writes out every queued webhook event on request, also those another round holds at that moment', async () => {
    const { linkId, trackingId } = await trackedLink();
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: owner.headers,
      payload: {
        url: 'https://93.184.215.14/hook',
        mailtoLinkIds: [linkId],
        currentPassword: owner.password,
      },
    });
    expect(hook.statusCode).toBe(201);
    const hookId: number = hook.json().id;
    await leaveInInbox(trackingId, linkId, 2, 'hooked');
    expect(await applyClickInbox(pool)).toMatchObject({ events: 2 });

    // Another instance's round has taken the outbox rows and not committed yet.
    const other = await pool.connect();
    try {
      await other.query('begin');
      const held = await other.query('select id from webhook_outbox for update');
      expect(held.rowCount).toBeGreaterThan(0);
      let returned = false;
      const writing = t.app.webhookWorker.writeOutQueued().then(() => {
        returned = true;
      });
      // It waits for that round's lock (a skipped row would let it return at once).
      await expect.poll(lockWaiters).toBeGreaterThan(0);
      expect(returned).toBe(false);
      await other.query('rollback');
      await writing;
    } finally {
      other.release();
    }
    const deliveries = await pool.query(
      'select count(*) as n from webhook_deliveries where webhook_id = $1',
      [hookId],
    );
    expect(Number(deliveries.rows[0].n)).toBe(2);
  });

  it('counts every click once when two instances apply the same inbox at the same time', async () => {
    const { linkId, trackingId } = await trackedLink();
    const other: Db = openDb(t.config.database);
    const second = await buildApp(t.config, other);
    try {
      await second.ready();
      await leaveInInbox(trackingId, linkId, 40);
      const otherPool = other.driver.dialect === 'postgres' ? other.driver.pool : pool;
      await Promise.all([
        applyClickInbox(pool, 7),
        applyClickInbox(otherPool, 7),
        applyClickInbox(otherPool, 7),
        applyClickInbox(pool),
      ]);
      expect(await waiting()).toBe(0);
      expect(await clicksOf(t.app, linkId)).toBe(40);
      expect(await clicksOf(second, linkId)).toBe(40);
    } finally {
      await second.close();
    }
  });
});
