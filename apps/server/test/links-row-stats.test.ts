import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createTestApp,
  movableClock,
  signUpAs,
  type CreatedLink,
  type SignedIn,
  type TestApp,
} from './helpers';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const DAY_MS = 24 * 60 * 60_000;

const clock = movableClock();
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  // Sessions outlast the 60 days the clock moves.
  t = await createTestApp({ app: { clock: clock.now }, config: { sessionTtlMs: 365 * DAY_MS } });
  owner = await signUpAs(t, 'PREMIUM');
});
afterAll(async () => {
  await t.close();
});

interface Listed {
  id: number;
  name: string;
  clicks30d: number;
  trackingLinkCount: number;
  trackingUrl: string | null;
}

async function list(query = ''): Promise<Listed[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/mailto-links${query}`,
    headers: owner.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const rowOf = async (link: CreatedLink) => (await list()).find((l) => l.id === link.id)!;

async function track(
  link: CreatedLink,
): Promise<{ id: number; slug: string; trackingUrl: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking',
    headers: owner.headers,
    payload: { mailtoLinkId: link.id },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** A top-level navigation to the tracking URL from a browser (or a bot) at `ip`. */
async function visit(slug: string, ip: string, ua = CHROME) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/t/${slug}`,
    remoteAddress: ip,
    headers: {
      'user-agent': ua,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
    },
  });
  expect(res.statusCode).toBe(302);
}

describe('the links list: clicks of the last 30 days and tracking links per row', () => {
  it('shows 0 and 0 for a link without tracking links', async () => {
    const plain = await createLink(t.app, owner.headers, { name: 'No tracking' });
    expect(await rowOf(plain)).toMatchObject({
      clicks30d: 0,
      trackingLinkCount: 0,
      trackingUrl: null,
    });
  });

  it('leads with the newest tracking link that still redirects', async () => {
    const link = await createLink(t.app, owner.headers, { name: 'Leaflet' });
    const older = await track(link);
    clock.advance(60_000);
    const newer = await track(link);
    expect(newer.trackingUrl).toMatch(/\/t\/[A-Za-z0-9]+$/);
    expect((await rowOf(link)).trackingUrl).toBe(newer.trackingUrl);

    // Once the newest is deleted, the one before it is the address to share.
    const retired = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracking/${newer.id}`,
      headers: owner.headers,
    });
    expect(retired.statusCode).toBe(200);
    expect((await rowOf(link)).trackingUrl).toBe(older.trackingUrl);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracking/${older.id}`,
      headers: owner.headers,
    });
    expect((await rowOf(link)).trackingUrl).toBeNull();
  });

  it('counts human clicks on every tracking link of the link, not bots or previews', async () => {
    const link = await createLink(t.app, owner.headers, { name: 'Newsletter' });
    const first = await track(link);
    const second = await track(link);
    await visit(first.slug, '198.51.100.1');
    await visit(first.slug, '198.51.100.2');
    await visit(second.slug, '198.51.100.3');
    await visit(first.slug, '198.51.100.4', SLACKBOT);
    await visit(second.slug, '198.51.100.5', SLACKBOT);
    expect(await rowOf(link)).toMatchObject({ clicks30d: 3, trackingLinkCount: 2 });

    // A deleted tracking link no longer counts as one, but the clicks it had stay.
    const retired = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracking/${second.id}`,
      headers: owner.headers,
    });
    expect(retired.statusCode).toBe(200);
    expect(await rowOf(link)).toMatchObject({ clicks30d: 3, trackingLinkCount: 1 });
  });

  it('keeps each row to its own link, on any page and in any order', async () => {
    const busy = await createLink(t.app, owner.headers, { name: 'Busy' });
    const quiet = await createLink(t.app, owner.headers, { name: 'Quiet' });
    const tracking = await track(busy);
    await track(quiet);
    await visit(tracking.slug, '198.51.100.20');
    await visit(tracking.slug, '198.51.100.21');
    const byClicks = await list('?sort=clicks&limit=1');
    expect(byClicks).toHaveLength(1);
    const [top] = byClicks;
    expect(top).toMatchObject({ name: 'Newsletter', clicks30d: 3 });
    const searched = await list('?q=busy');
    expect(
      searched.map(({ name, clicks30d, trackingLinkCount }) => ({
        name,
        clicks30d,
        trackingLinkCount,
      })),
    ).toEqual([{ name: 'Busy', clicks30d: 2, trackingLinkCount: 1 }]);
    expect(await rowOf(quiet)).toMatchObject({ clicks30d: 0, trackingLinkCount: 1 });
  });

  it('leaves out clicks older than 30 days', async () => {
    const link = await createLink(t.app, owner.headers, { name: 'Ageing' });
    const tracking = await track(link);
    await visit(tracking.slug, '198.51.100.30');
    clock.advance(29 * DAY_MS);
    expect(await rowOf(link)).toMatchObject({ clicks30d: 1 });
    await visit(tracking.slug, '198.51.100.31');
    expect(await rowOf(link)).toMatchObject({ clicks30d: 2 });
    clock.advance(1 * DAY_MS);
    expect(await rowOf(link)).toMatchObject({ clicks30d: 1, trackingLinkCount: 1 });
    clock.advance(30 * DAY_MS);
    expect(await rowOf(link)).toMatchObject({ clicks30d: 0, trackingLinkCount: 1 });
  });
});
