import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, createTestApp, signUpAs, type SignedIn, type TestApp } from './helpers';
import { startReceiver, waitFor } from './receiver';

// Two things a click records besides its request: whether it came through the scan address
// that MailtoKit's QR codes encode (`/t/<slug>/q`), and, on a chooser page, what the visitor
// chose to write with (stored with the page view, once).

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
/** What Chromium sends with `navigator.sendBeacon` from the chooser page. */
const BEACON = {
  accept: '*/*',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'empty',
  'sec-fetch-site': 'same-origin',
};
let agentVersion = 100;
const chrome = () =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${agentVersion++}.0.0.0 Safari/537.36`;
let address = 0;
/** A visitor of its own: a fresh address and agent (the repeat guard never merges two). */
const newVisitor = () => ({ ip: `203.0.113.${(address++ % 250) + 1}`, agent: chrome() });
type Visitor = ReturnType<typeof newVisitor>;

let t: TestApp;
let owner: SignedIn;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ config: { webhooks: { allowPrivate: true, retryBaseMs: 40 } } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signUpAs(t, 'PREMIUM');
});
afterAll(() => t.close());

interface Tracking {
  id: number;
  slug: string;
  trackingUrl: string;
  scanUrl: string;
}

async function trackingLink(opens: 'direct' | 'choose' = 'direct') {
  const link = await createLink(t.app, owner.headers);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking',
    headers: owner.headers,
    payload: { mailtoLinkId: link.id, opens },
  });
  expect(res.statusCode).toBe(201);
  return { link, tracking: res.json<Tracking>() };
}

const hit = (url: string, who: Visitor, headers: Record<string, string> = NAVIGATION) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: who.ip,
    headers: { ...headers, 'user-agent': who.agent },
  });
const beacon = (slug: string, who: Visitor, choice = 'copy') =>
  t.app.inject({
    method: 'POST',
    url: `/t/${slug}/open/${choice}`,
    remoteAddress: who.ip,
    headers: { ...BEACON, 'user-agent': who.agent },
  });

async function rowsOf(trackingLinkId: number) {
  return t.db.kysely
    .selectFrom('clicks')
    .select(['classification', 'source', 'opened_with'])
    .where('tracking_link_id', '=', trackingLinkId)
    .orderBy('id')
    .execute();
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
  expect(res.statusCode).toBe(200);
  return res;
};
const today = () => new Date().toISOString().slice(0, 10);
/** A link's analytics of today, from the rollup (daily) and from the raw clicks (hourly). */
async function analyticsOf(linkId: number) {
  const day = today();
  const daily = (
    await get(`/api/v1/mailto-links/${linkId}/analytics?from=${day}&to=${day}`)
  ).json();
  const hourly = (
    await get(
      `/api/v1/mailto-links/${linkId}/analytics?interval=hour&from=${day}T00:00:00Z&to=${day}T23:59:59Z`,
    )
  ).json();
  return { daily, hourly };
}
async function csvOf(linkId: number) {
  const day = today();
  const csv = await get(`/api/v1/mailto-links/${linkId}/clicks.csv?from=${day}&to=${day}`);
  const [header, ...rows] = csv.body.trim().split('\r\n');
  const columns = header!.split(',');
  return rows.map((r) => {
    const cells = r.split(',');
    return {
      source: cells[columns.indexOf('source')],
      openedWith: cells[columns.indexOf('opened_with')],
    };
  });
}

describe('QR code scans', () => {
  it('gives every tracking link a short scan address next to its address', async () => {
    const { tracking } = await trackingLink();
    expect(tracking.scanUrl).toBe(`${tracking.trackingUrl}/q`);
    expect(tracking.scanUrl).toMatch(/\/t\/[A-Za-z0-9]{12}\/q$/);
  });

  it('counts hits of the scan address as QR scans through every door, the old address as link clicks', async () => {
    const { link, tracking } = await trackingLink();
    const direct = await hit(`/t/${tracking.slug}`, newVisitor());
    // The fast path, the routes (a query string) and node:http over the network.
    const scan = await hit(`/t/${tracking.slug}/q`, newVisitor());
    const scanQuery = await hit(`/t/${tracking.slug}/q?utm_source=poster`, newVisitor());
    const raw = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const who = newVisitor();
      http
        .get(
          `${base}/t/${tracking.slug}/q`,
          { headers: { ...NAVIGATION, 'user-agent': who.agent } },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, location: res.headers.location }),
            );
          },
        )
        .on('error', reject);
    });
    // The scan address answers exactly as the address does.
    expect(direct.statusCode).toBe(302);
    for (const res of [scan, scanQuery]) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(direct.headers.location);
      expect(res.body).toBe(direct.body);
    }
    expect(raw).toEqual({ status: 302, location: direct.headers.location });
    // A scanner fetching the scan address is left out, as on the address.
    const scanner = await hit(`/t/${tracking.slug}/q`, newVisitor(), { accept: '*/*' });
    expect(scanner.statusCode).toBe(302);
    // HEAD answers and records nothing; anything longer is the tracking 404 page.
    const head = await t.app.inject({ method: 'HEAD', url: `/t/${tracking.slug}/q` });
    expect(head.statusCode).toBe(302);
    expect((await hit(`/t/${tracking.slug}/qq`, newVisitor())).statusCode).toBe(404);
    expect((await hit(`/t/${tracking.slug}/q/x`, newVisitor())).statusCode).toBe(404);

    expect(await rowsOf(tracking.id)).toEqual([
      { classification: 'human', source: 'link', opened_with: null },
      { classification: 'human', source: 'qr', opened_with: null },
      { classification: 'human', source: 'qr', opened_with: null },
      { classification: 'human', source: 'qr', opened_with: null },
      { classification: 'scanner', source: 'qr', opened_with: null },
    ]);
    const { daily, hourly } = await analyticsOf(link.id);
    const sources = [
      { key: 'qr', clicks: 3 },
      { key: 'link', clicks: 1 },
    ];
    expect(daily.sources).toEqual(sources);
    expect(hourly.sources).toEqual(sources);
    expect(daily.openedWith).toEqual([]);
    expect(await csvOf(link.id)).toEqual([
      { source: 'link', openedWith: '' },
      { source: 'qr', openedWith: '' },
      { source: 'qr', openedWith: '' },
      { source: 'qr', openedWith: '' },
      { source: 'qr', openedWith: '' },
    ]);
  });

  it('adds up scans of every link in the overview', async () => {
    const before = (await get(`/api/v1/analytics/overview?from=${today()}&to=${today()}`)).json();
    const count = (b: { key: string; clicks: number }[], key: string) =>
      b.find((x) => x.key === key)?.clicks ?? 0;
    const { tracking: a } = await trackingLink();
    const { tracking: b } = await trackingLink();
    await hit(`/t/${a.slug}/q`, newVisitor());
    await hit(`/t/${b.slug}/q`, newVisitor());
    await hit(`/t/${b.slug}`, newVisitor());
    const after = (await get(`/api/v1/analytics/overview?from=${today()}&to=${today()}`)).json();
    expect(count(after.sources, 'qr') - count(before.sources, 'qr')).toBe(2);
    expect(count(after.sources, 'link') - count(before.sources, 'link')).toBe(1);
  });
});

describe('what the visitor of a chooser page chose', () => {
  it('stores each choice with its page view once, in the breakdown and the CSV', async () => {
    const { link, tracking } = await trackingLink('choose');
    const slug = tracking.slug;
    const door = (choice: string, who: Visitor) => hit(`/t/${slug}/open/${choice}`, who);

    // Gmail, tapped three times (the page is still open): one choice.
    const gmail = newVisitor();
    expect((await hit(`/t/${slug}`, gmail)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await door('gmail', gmail)).statusCode).toBe(302);
    // Outlook from a QR code scan, then the mail app: the first choice stays.
    const outlook = newVisitor();
    expect((await hit(`/t/${slug}/q`, outlook)).statusCode).toBe(200);
    await door('outlook', outlook);
    await door('mail-app', outlook);
    // Copied, then the beacon again: one copy.
    const copier = newVisitor();
    await hit(`/t/${slug}`, copier);
    expect((await beacon(slug, copier)).statusCode).toBe(204);
    expect((await beacon(slug, copier)).statusCode).toBe(204);
    // Left without choosing.
    await hit(`/t/${slug}`, newVisitor());
    // No page view of theirs was counted: a scanner's view, a visitor who never saw the page.
    const scanner = newVisitor();
    await hit(`/t/${slug}`, scanner, { accept: '*/*' });
    await door('yahoo', scanner);
    await door('yahoo', newVisitor());
    expect((await beacon(slug, newVisitor())).statusCode).toBe(204);

    expect(await rowsOf(tracking.id)).toEqual([
      { classification: 'human', source: 'link', opened_with: 'gmail' },
      { classification: 'human', source: 'qr', opened_with: 'outlook' },
      { classification: 'human', source: 'link', opened_with: 'copy' },
      { classification: 'human', source: 'link', opened_with: 'none' },
      { classification: 'scanner', source: 'link', opened_with: null },
    ]);
    const { daily, hourly } = await analyticsOf(link.id);
    const openedWith = [
      { key: 'copy', clicks: 1 },
      { key: 'gmail', clicks: 1 },
      { key: 'none', clicks: 1 },
      { key: 'outlook', clicks: 1 },
    ];
    expect(daily.openedWith).toEqual(openedWith);
    expect(hourly.openedWith).toEqual(openedWith);
    expect(daily.totals.clicks).toBe(4);
    expect(await csvOf(link.id)).toEqual([
      { source: 'link', openedWith: 'gmail' },
      { source: 'qr', openedWith: 'outlook' },
      { source: 'link', openedWith: 'copy' },
      { source: 'link', openedWith: 'none' },
      { source: 'link', openedWith: '' },
    ]);
    const overview = (await get(`/api/v1/analytics/overview?from=${today()}&to=${today()}`)).json();
    expect(overview.openedWith).toEqual(expect.arrayContaining(openedWith));
  });

  it('counts no second choice for a repeat view of the page', async () => {
    const { tracking } = await trackingLink('choose');
    const who = newVisitor();
    await hit(`/t/${tracking.slug}`, who);
    await hit(`/t/${tracking.slug}/open/yahoo`, who);
    // Within the repeat window the second view is a repeat: no page view awaits a choice.
    await hit(`/t/${tracking.slug}`, who);
    await hit(`/t/${tracking.slug}/open/gmail`, who);
    expect(await rowsOf(tracking.id)).toEqual([
      { classification: 'human', source: 'link', opened_with: 'yahoo' },
      { classification: 'repeat', source: 'link', opened_with: null },
    ]);
  });

  it('records nothing for the doors of a direct link, which answers as before', async () => {
    const { tracking } = await trackingLink('direct');
    const who = newVisitor();
    const res = await hit(`/t/${tracking.slug}`, who);
    expect(res.statusCode).toBe(302);
    expect((await hit(`/t/${tracking.slug}/open/gmail`, who)).statusCode).toBe(302);
    expect((await beacon(tracking.slug, who)).statusCode).toBe(204);
    expect(await rowsOf(tracking.id)).toEqual([
      { classification: 'human', source: 'link', opened_with: null },
    ]);
    // Other choices are not beacons; unknown slugs are the tracking 404 page.
    expect((await beacon(tracking.slug, who, 'gmail')).statusCode).toBe(404);
    expect((await beacon('AAAAAAAAAAAA', who)).statusCode).toBe(404);
  });

  it('counts the choices and scans of each tracking link in the account export', async () => {
    const { tracking } = await trackingLink('choose');
    const a = newVisitor();
    await hit(`/t/${tracking.slug}/q`, a);
    await hit(`/t/${tracking.slug}/open/gmail`, a);
    await hit(`/t/${tracking.slug}`, newVisitor());
    const res = await get('/api/v1/account/export');
    const exported = res.json().trackingLinks.find((x: { id: number }) => x.id === tracking.id);
    expect(exported).toMatchObject({
      clicks: 2,
      qrClicks: 1,
      openedWith: { 'mail-app': 0, gmail: 1, outlook: 0, yahoo: 0, copy: 0, none: 1 },
    });
  });
});

describe('webhook events', () => {
  it('carry the source in link.clicked, and the choice in a link.opened_with event', async () => {
    const receiver = await startReceiver([200, 200, 200, 200]);
    try {
      const hooked = await signUpAs(t, 'PREMIUM');
      const link = await createLink(t.app, hooked.headers);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tracking',
        headers: hooked.headers,
        payload: { mailtoLinkId: link.id, opens: 'choose' },
      });
      const tracking = made.json<Tracking>();
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: hooked.headers,
        payload: {
          currentPassword: hooked.password,
          url: receiver.url,
          events: ['link.clicked', 'link.opened_with'],
        },
      });
      expect(hook.statusCode).toBe(201);
      // A webhook of link.clicked only hears no choice.
      const clickedOnly = await startReceiver([200, 200]);
      try {
        const second = await t.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: hooked.headers,
          payload: { currentPassword: hooked.password, url: clickedOnly.url },
        });
        expect(second.statusCode).toBe(201);
        const who = newVisitor();
        await hit(`/t/${tracking.slug}/q`, who);
        await hit(`/t/${tracking.slug}/open/outlook`, who);
        await hit(`/t/${tracking.slug}/open/outlook`, who);
        await hit(`/t/${tracking.slug}`, newVisitor());
        await waitFor(() => receiver.received.length >= 3 && clickedOnly.received.length >= 2);
        const events = receiver.received.map((r) => JSON.parse(r.body));
        const clicked = events.filter((e) => e.type === 'link.clicked');
        const opened = events.filter((e) => e.type === 'link.opened_with');
        expect(clicked.map((e) => e.data.source).sort()).toEqual(['link', 'qr']);
        expect(opened).toHaveLength(1);
        expect(opened[0].data).toMatchObject({
          trackingLinkId: tracking.id,
          slug: tracking.slug,
          openedWith: 'outlook',
          source: 'qr',
          clickedAt: clicked.find((e) => e.data.source === 'qr').createdAt,
        });
        expect(clickedOnly.received.map((r) => JSON.parse(r.body).type)).toEqual([
          'link.clicked',
          'link.clicked',
        ]);
      } finally {
        await clickedOnly.close();
      }
    } finally {
      await receiver.close();
    }
  });
});
