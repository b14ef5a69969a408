import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TRACKING_REDIRECT_URL_MAX } from '@mailtokit/contracts/tracking-redirect';
import { escapeHtml, parseMailto } from '@mailtokit/mailto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawRedirectHandler } from '../src/modules/tracking/routes';
import { ClickNotStored } from '../src/modules/clicks/service';
import { VisitorHasher } from '../src/modules/clicks/visitor';
import {
  createLink,
  createTrackingLink,
  createTestApp,
  setTier,
  signUp,
  type CreatedLink,
  type SignedIn,
  type TestApp,
  signUpAs,
} from './helpers';

const PREMIUM_REQUIRED = { detail: 'Premium subscription required', code: 'PREMIUM_REQUIRED' };
const LINK_NOT_FOUND = { detail: 'Link not found', code: 'NOT_FOUND' };
const TRACKING_NOT_FOUND = { detail: 'Tracking link not found', code: 'NOT_FOUND' };

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';

let t: TestApp;
let free: SignedIn;
let premium: SignedIn;
let other: SignedIn;

const member = (tier: 'FREE' | 'PREMIUM' | 'TEAM'): Promise<SignedIn> => signUpAs(t, tier);

beforeAll(async () => {
  t = await createTestApp();
  [free, premium, other] = await Promise.all([member('FREE'), member('PREMIUM'), member('TEAM')]);
});
afterAll(async () => {
  await t.close();
});

interface Tracking {
  id: number;
  slug: string;
  trackingUrl: string;
  mailtoLinkId: number;
  label: string | null;
  createdAt: string;
  clicks: number;
  opens: 'direct' | 'choose';
}

const createTracking = (who: SignedIn | null, payload: object, url = '/api/v1/tracking') =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, payload });

async function track(link: CreatedLink, who = premium, label?: string): Promise<Tracking> {
  const res = await createTracking(who, {
    mailtoLinkId: link.id,
    mailtoUrl: link.mailtoUrl,
    ...(label ? { label } : {}),
  });
  if (res.statusCode !== 201)
    throw new Error(`create tracking failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

interface Visit {
  ua?: string | null;
  ip?: string;
  referer?: string;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
}

/** What a browser's top-level navigation sends besides its agent. */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

/** Follows a tracking URL the way a browser would (user agent, IP, referrer). */
const visit = (slug: string, v: Visit = {}) =>
  t.app.inject({
    method: v.method ?? 'GET',
    url: `/t/${slug}`,
    remoteAddress: v.ip ?? '203.0.113.7',
    headers: {
      ...NAVIGATION,
      ...(v.ua === null ? {} : { 'user-agent': v.ua ?? CHROME_WINDOWS }),
      ...(v.referer ? { referer: v.referer } : {}),
      ...v.headers,
    },
  });

const clicksOf = (trackingLinkId: number) =>
  t.db.kysely
    .selectFrom('clicks')
    .selectAll()
    .where('tracking_link_id', '=', trackingLinkId)
    .orderBy('id')
    .execute();

/** Visitor hashes are 64 hex characters. */
const HASH = /^[0-9a-f]{64}$/;

describe('creating tracking links', () => {
  it('answers 401 to anonymous callers, on the canonical path and the alias', async () => {
    const link = await createLink(t.app, premium.headers);
    for (const url of ['/api/v1/tracking', '/api/tracking']) {
      const res = await createTracking(null, { mailtoLinkId: link.id }, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('answers FREE users 403 Premium subscription required, whatever the body', async () => {
    const link = await createLink(t.app, premium.headers);
    for (const payload of [{ mailtoLinkId: link.id }, { label: 'x'.repeat(500) }, {}]) {
      const res = await createTracking(free, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(PREMIUM_REQUIRED);
    }
  });

  it('creates a tracking link: 201, the public URL, a 12-character base62 slug', async () => {
    const link = await createLink(t.app, premium.headers);
    const res = await createTracking(premium, {
      mailtoLinkId: link.id,
      mailtoUrl: link.mailtoUrl,
      label: '  Spring newsletter  ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<Tracking>();
    expect(body).toEqual({
      id: expect.any(Number),
      slug: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
      trackingUrl: `http://localhost:0/t/${body.slug}`,
      scanUrl: `http://localhost:0/t/${body.slug}/q`,
      mailtoLinkId: link.id,
      label: 'Spring newsletter',
      createdAt: expect.any(String),
      clicks: 0,
      opens: 'direct',
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
  });

  it('serves the older path /api/tracking the same way, and a blank label is no label', async () => {
    const link = await createLink(t.app, premium.headers);
    const res = await createTracking(
      premium,
      { mailtoLinkId: link.id, label: '   ' },
      '/api/tracking',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().label).toBeNull();
  });

  it('works on the TEAM tier too', async () => {
    const link = await createLink(t.app, other.headers);
    expect((await track(link, other)).mailtoLinkId).toBe(link.id);
  });

  it("answers 404 for another user's link and for links that do not exist", async () => {
    const theirs = await createLink(t.app, other.headers);
    for (const mailtoLinkId of [theirs.id, 999_999]) {
      const res = await createTracking(premium, { mailtoLinkId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(LINK_NOT_FOUND);
    }
  });

  it.each([
    [
      'a label over 100 characters',
      { label: 'x'.repeat(101) },
      'label',
      'Must be at most 100 characters',
    ],
    ['no link id', { mailtoLinkId: undefined }, 'mailtoLinkId', 'mailtoLinkId is required'],
    [
      'a link id that is not a number',
      { mailtoLinkId: 'abc' },
      'mailtoLinkId',
      'mailtoLinkId is required',
    ],
    ['a negative link id', { mailtoLinkId: -3 }, 'mailtoLinkId', 'mailtoLinkId must be positive'],
    ['a link id as text', { mailtoLinkId: '5' }, 'mailtoLinkId', 'mailtoLinkId is required'],
    ['a link id as true', { mailtoLinkId: true }, 'mailtoLinkId', 'mailtoLinkId is required'],
  ])('refuses %s with 400 and the field message', async (_what, override, field, message) => {
    const link = await createLink(t.app, premium.headers);
    const res = await createTracking(premium, { mailtoLinkId: link.id, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().fields[field]).toBe(message);
  });

  it('accepts a label of exactly 100 characters', async () => {
    const link = await createLink(t.app, premium.headers);
    expect((await track(link, premium, 'é'.repeat(100))).label).toBe('é'.repeat(100));
  });

  it('makes unguessable, distinct slugs: 200 creations, 12 base62 characters each', async () => {
    const links = await Promise.all([0, 1, 2, 3].map(() => createLink(t.app, premium.headers)));
    const slugs: string[] = [];
    for (const link of links) for (let i = 0; i < 50; i += 1) slugs.push((await track(link)).slug);
    expect(slugs).toHaveLength(200);
    for (const slug of slugs) expect(slug).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(new Set(slugs).size).toBe(200);
    // Every kind of character turns up: the alphabet really is base62.
    const all = slugs.join('');
    expect(all).toMatch(/[A-Z]/);
    expect(all).toMatch(/[a-z]/);
    expect(all).toMatch(/[0-9]/);

    // The cap: a 51st active tracking link on the same link is refused.
    const res = await createTracking(premium, { mailtoLinkId: links[0]!.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'A link can have at most 50 tracking links. Delete one first.',
      code: 'CONFLICT',
    });
  });

  it('uses PUBLIC_URL for the tracking URL, and /t/ is never the SPA', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const app2 = await createTestApp({
      config: { publicUrl: 'https://go.example.org' },
      webDist,
    });
    try {
      const who = await signUp(app2.app);
      await setTier(app2.db, who.user.id, 'PREMIUM');
      const link = await createLink(app2.app, who.headers);
      const { slug, trackingUrl } = await createTrackingLink(app2.app, who.headers, link.id);
      expect(trackingUrl).toBe(`https://go.example.org/t/${slug}`);
      const followed = await app2.app.inject({ method: 'GET', url: `/t/${slug}` });
      expect(followed.statusCode).toBe(302);
      expect(followed.headers['strict-transport-security']).toContain('max-age=');
      const unknown = await app2.app.inject({ method: 'GET', url: '/t/AAAAAAAAAAAA' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('Link not found');
      expect(unknown.body).not.toContain('id="root"');
    } finally {
      await app2.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('listing and deleting tracking links', () => {
  it('lists a link’s tracking links, newest first, with their human clicks', async () => {
    const link = await createLink(t.app, premium.headers);
    const first = await track(link, premium, 'First');
    const second = await track(link, premium, 'Second');
    await visit(first.slug);
    await visit(first.slug, { ua: CHROME_WINDOWS, ip: '198.51.100.1' });
    await visit(first.slug, { ua: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });
    await visit(second.slug);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/tracking-links`,
      headers: premium.headers,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<Tracking[]>();
    expect(list.map((x) => [x.label, x.clicks])).toEqual([
      ['Second', 1],
      ['First', 2],
    ]);
    expect(list[0]!.trackingUrl).toBe(`http://localhost:0/t/${second.slug}`);
  });

  it('gates the list: 401 anonymous, 403 FREE, 404 for links of others', async () => {
    const link = await createLink(t.app, premium.headers);
    const url = `/api/v1/mailto-links/${link.id}/tracking-links`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const asFree = await t.app.inject({ method: 'GET', url, headers: free.headers });
    expect(asFree.json()).toEqual(PREMIUM_REQUIRED);
    const asOther = await t.app.inject({ method: 'GET', url, headers: other.headers });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toEqual(LINK_NOT_FOUND);
  });

  it('deletes a tracking link: its URL answers 404, its clicks stay', async () => {
    const link = await createLink(t.app, premium.headers);
    const tracking = await track(link);
    expect((await visit(tracking.slug)).statusCode).toBe(302);

    const url = `/api/v1/tracking/${tracking.id}`;
    const byOther = await t.app.inject({ method: 'DELETE', url, headers: other.headers });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual(TRACKING_NOT_FOUND);
    const byFree = await t.app.inject({ method: 'DELETE', url, headers: free.headers });
    expect(byFree.json()).toEqual(PREMIUM_REQUIRED);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);

    const res = await t.app.inject({ method: 'DELETE', url, headers: premium.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await visit(tracking.slug)).statusCode).toBe(404);
    expect(await clicksOf(tracking.id)).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url, headers: premium.headers });
    expect(again.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/tracking-links`,
      headers: premium.headers,
    });
    expect(list.json()).toEqual([]);
  });

  it('answers 404 to ids of no row and 400 to ids that are not decimal digits', async () => {
    for (const [id, status] of [
      ['0', 404],
      ['99999999999', 404],
      ['abc', 400],
      ['-1', 400],
      ['0x5', 400],
    ] as const) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/tracking/${id}`,
        headers: premium.headers,
      });
      expect(res.statusCode).toBe(status);
    }
  });
});

describe('the redirect', () => {
  it('answers 302 to the stored link, not cached, not indexed, with an HTML fallback', async () => {
    const link = await createLink(t.app, premium.headers, {
      to: 'sales@example.com',
      subject: 'Fish & chips',
      body: 'Hi',
    });
    const tracking = await track(link);
    const res = await visit(tracking.slug);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(link.mailtoUrl);
    expect(res.headers.location).toBe(
      'mailto:sales@example.com?subject=Fish%20%26%20chips&body=Hi',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // no https PUBLIC_URL
    expect(res.body).toContain(
      '<a href="mailto:sales@example.com?subject=Fish%20%26%20chips&amp;body=Hi">',
    );
  });

  it('keeps unicode, &, #, line breaks and quotes intact (built by packages/mailto)', async () => {
    const fields = {
      to: 'josé@bücher.de, a+b@example.com',
      cc: "o'brien@example.org",
      bcc: 'audit@example.com',
      subject: 'Café & crème #1 — 100% "real"?\nsecond line',
      body: 'Line 1 & more\r\nLine 2 #hash\n\nÜnïcödé 😀 <b>bold</b> a=b&c=d',
    };
    const link = await createLink(t.app, premium.headers, { name: 'Nasty', ...fields });
    const tracking = await track(link);
    const res = await visit(tracking.slug);
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location).toMatch(/^mailto:[\x21-\x7e]+$/); // plain ASCII, no space, no raw #
    expect(location).not.toContain('#');
    expect(parseMailto(location)).toEqual({
      to: ['josé@bücher.de', 'a+b@example.com'],
      cc: ["o'brien@example.org"],
      bcc: ['audit@example.com'],
      subject: 'Café & crème #1 — 100% "real"? second line', // a subject is one line
      body: 'Line 1 & more\nLine 2 #hash\n\nÜnïcödé 😀 <b>bold</b> a=b&c=d',
      headers: {},
    });
    expect(location).toBe(link.mailtoUrl);
    // The fallback link is HTML-escaped.
    expect(res.body).not.toContain('<b>');
    expect(res.body).toContain(`href="${escapeHtml(location)}"`);
    expect(res.body).toContain('&amp;bcc=');
  });

  it("never redirects to the client's mailtoUrl (no open redirect)", async () => {
    const link = await createLink(t.app, premium.headers);
    const res = await createTracking(premium, {
      mailtoLinkId: link.id,
      mailtoUrl: 'https://evil.example/phish',
    });
    expect(res.statusCode).toBe(201);
    const followed = await visit(res.json().slug);
    expect(followed.headers.location).toBe(link.mailtoUrl);
    expect(followed.headers.location).toMatch(/^mailto:/);
    expect(followed.body).not.toContain('evil');
  });

  it.each([
    ['an unknown slug', 'AAAAAAAAAAAA'],
    ['a slug of the wrong shape', 'no%20such!slug'],
    ['an overlong slug', 'a'.repeat(40)],
  ])('answers %s with a 404 HTML page', async (_what, slug) => {
    const res = await visit(slug);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Link not found');
    expect(res.body).toMatch(/^<!doctype html>/);
  });

  it('answers HEAD with the same headers and records nothing', async () => {
    const link = await createLink(t.app, premium.headers);
    const tracking = await track(link);
    const head = await visit(tracking.slug, { method: 'HEAD' });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe(link.mailtoUrl);
    expect(head.headers['cache-control']).toBe('no-store');
    expect(head.headers['referrer-policy']).toBe('no-referrer');
    expect(head.headers['x-robots-tag']).toBe('noindex');
    expect(head.body).toBe('');
    expect(await clicksOf(tracking.id)).toHaveLength(0);
    expect((await visit('AAAAAAAAAAAA', { method: 'HEAD' })).statusCode).toBe(404);

    await visit(tracking.slug);
    expect(await clicksOf(tracking.id)).toHaveLength(1);
  });

  it('is not touched by sessions or the CSRF guard (it is outside /api/)', async () => {
    const link = await createLink(t.app, premium.headers);
    const tracking = await track(link);
    const res = await visit(tracking.slug, {
      headers: {
        origin: 'https://elsewhere.example',
        authorization: 'Bearer not-a-token',
        cookie: 'mailtokit_session=garbage',
      },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('follows edits of the link, and 404s once the link is deleted', async () => {
    const link = await createLink(t.app, premium.headers, { to: 'old@example.com' });
    const tracking = await track(link);
    expect((await visit(tracking.slug)).headers.location).toBe(link.mailtoUrl);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/mailto-links/${link.id}`,
      headers: premium.headers,
      payload: { name: 'Edited', to: 'new@example.com', subject: 'New & improved' },
    });
    expect(edited.statusCode).toBe(200);
    const res = await visit(tracking.slug);
    expect(res.headers.location).toBe('mailto:new@example.com?subject=New%20%26%20improved');
    expect(res.headers.location).toBe(edited.json().mailtoUrl);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/mailto-links/${link.id}`,
      headers: premium.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await visit(tracking.slug)).statusCode).toBe(404);
    // The tracking link and its clicks went with the link (on delete cascade).
    const left = await t.db.kysely
      .selectFrom('tracking_links')
      .select('id')
      .where('id', '=', tracking.id)
      .execute();
    expect(left).toEqual([]);
    expect(await clicksOf(tracking.id)).toEqual([]);
  });
});

describe('what a click records', () => {
  it('stores time, referrer host, browser, OS, device and a visitor hash, never the IP', async () => {
    const link = await createLink(t.app, premium.headers);
    const tracking = await track(link);
    const before = new Date().toISOString();
    await visit(tracking.slug, {
      ua: CHROME_WINDOWS,
      ip: '192.0.2.55',
      referer: 'https://News.Example.com:8443/path/to?secret=1#frag',
    });
    await visit(tracking.slug, { ua: SAFARI_IPHONE, referer: 'not a url' });
    await visit(tracking.slug, { ua: SAFARI_IPAD, referer: 'ftp://files.example.com/x' });
    await visit(tracking.slug, { ua: FIREFOX_LINUX });
    const after = new Date().toISOString();

    const rows = await clicksOf(tracking.id);
    expect(rows.map((r) => [r.referrer_host, r.browser, r.os, r.device, r.is_bot])).toEqual([
      ['news.example.com', 'Chrome', 'Windows', 'desktop', 0],
      [null, 'Safari', 'iOS', 'mobile', 0],
      [null, 'Safari', 'iOS', 'tablet', 0],
      [null, 'Firefox', 'Linux', 'desktop', 0],
    ]);
    for (const r of rows) {
      expect(r.occurred_at >= before && r.occurred_at <= after).toBe(true);
      expect(r.visitor_hash).toMatch(HASH);
      expect(JSON.stringify(r)).not.toContain('192.0.2.55');
    }
  });

  it.each([
    ['Slackbot', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    [
      'facebookexternalhit',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    ],
    ['Twitterbot', 'Twitterbot/1.0'],
    [
      'LinkedInBot',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    ],
    ['Discordbot', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['WhatsApp', 'WhatsApp/2.23.20.0'],
    [
      'Outlook (Microsoft Office)',
      'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.12026; Pro)',
    ],
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['curl', 'curl/8.5.0'],
    ['an empty user agent', ''],
    ['no user agent at all', null],
  ])('flags %s as a bot, still redirects, and counts it apart', async (_who, ua) => {
    const link = await createLink(t.app, premium.headers);
    const tracking = await track(link);
    const res = await visit(tracking.slug, { ua });
    expect(res.statusCode).toBe(302);
    const [row] = await clicksOf(tracking.id);
    expect(row).toMatchObject({ is_bot: 1, device: 'bot' });

    await visit(tracking.slug, { ua: CHROME_WINDOWS });
    const analytics = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/analytics`,
      headers: premium.headers,
    });
    expect(analytics.json().totals).toMatchObject({ clicks: 1, uniqueVisitors: 1, botClicks: 1 });
    expect(analytics.json().devices).toEqual([{ key: 'desktop', clicks: 1 }]);
  });

  it('counts unique visitors by IP and user agent', async () => {
    const link = await createLink(t.app, premium.headers);
    const tracking = await track(link);
    const uniques = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/mailto-links/${link.id}/analytics`,
          headers: premium.headers,
        })
      ).json().totals;

    await visit(tracking.slug, { ip: '198.51.100.10', ua: CHROME_WINDOWS });
    await visit(tracking.slug, { ip: '198.51.100.10', ua: CHROME_WINDOWS });
    // The same visitor again within 30 s: stored, but as a repeat.
    expect(await uniques()).toMatchObject({ clicks: 1, uniqueVisitors: 1, botClicks: 1 });

    await visit(tracking.slug, { ip: '198.51.100.10', ua: FIREFOX_LINUX });
    expect(await uniques()).toMatchObject({ clicks: 2, uniqueVisitors: 2, botClicks: 1 });

    await visit(tracking.slug, { ip: '198.51.100.11', ua: CHROME_WINDOWS });
    expect(await uniques()).toEqual({
      clicks: 3,
      uniqueVisitors: 3,
      botClicks: 1,
      filtered: { bot: 0, preview: 0, scanner: 0, prefetch: 0, repeat: 1, embedded: 0 },
    });

    const hashes = (await clicksOf(tracking.id)).map((r) => r.visitor_hash);
    expect(hashes[0]).toBe(hashes[1]);
    expect(new Set(hashes).size).toBe(3);
  });

  it('commits every click of a burst: 50 parallel requests, 50 rows, 50 redirects', async () => {
    const link = await createLink(t.app, premium.headers);
    const tracking = await track(link);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        visit(tracking.slug, {
          ip: `203.0.113.${i + 1}`,
          ua: i % 2 ? SAFARI_IPHONE : CHROME_WINDOWS,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(302));
    expect(await clicksOf(tracking.id)).toHaveLength(50);
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/overview',
      headers: premium.headers,
    });
    const row = overview.json().links.find((l: { id: number }) => l.id === link.id);
    expect(row).toMatchObject({ clicks: 50, uniqueVisitors: 50, trackingLinks: 1 });
  });
});

describe('visitor salts', () => {
  it('shares one salt per day between instances and deletes salts older than two days', async () => {
    await t.db.kysely
      .insertInto('visitor_salts')
      .values([
        { day: '2020-01-01', salt: 'a'.repeat(64), created_at: '2020-01-01T00:00:00.000Z' },
        { day: '2020-01-05', salt: 'b'.repeat(64), created_at: '2020-01-05T00:00:00.000Z' },
        { day: '2020-01-06', salt: 'c'.repeat(64), created_at: '2020-01-06T00:00:00.000Z' },
      ])
      .execute();
    const one = new VisitorHasher(t.db, t.app.clock);
    const two = new VisitorHasher(t.db, t.app.clock);
    const [a, b] = await Promise.all([
      one.hash('2020-01-08', '192.0.2.1', CHROME_WINDOWS),
      two.hash('2020-01-08', '192.0.2.1', CHROME_WINDOWS),
    ]);
    expect(a).toMatch(HASH);
    expect(a).toBe(b);
    expect(await one.hash('2020-01-08', '192.0.2.2', CHROME_WINDOWS)).not.toBe(a);
    // The same person on another day is another visitor.
    expect(await one.hash('2020-01-07', '192.0.2.1', CHROME_WINDOWS)).not.toBe(a);

    const days = await t.db.kysely
      .selectFrom('visitor_salts')
      .select('day')
      .where('day', '<', '2021-01-01')
      .orderBy('day')
      .execute();
    expect(days.map((d) => d.day)).toEqual(['2020-01-06', '2020-01-07', '2020-01-08']);
    const salts = await t.db.kysely.selectFrom('visitor_salts').select('salt').execute();
    for (const { salt } of salts) expect(salt).toMatch(HASH);
  });
});

const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/** The human clicks the API reports for a tracking link (bots and HEAD left out). */
async function humanClicks(tracking: Tracking): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/mailto-links/${tracking.mailtoLinkId}/tracking-links`,
    headers: premium.headers,
  });
  const found = res.json<Tracking[]>().find((x) => x.id === tracking.id);
  if (!found) throw new Error(`tracking link ${tracking.id} not listed: ${res.body}`);
  return found.clicks;
}

/** A saved link whose mailto: URL is exactly `length` characters long, and a tracking link. */
async function linkOfLength(length: number): Promise<{ link: CreatedLink; tracking: Tracking }> {
  const probe = await createLink(t.app, premium.headers, { body: 'a' });
  const link = await createLink(t.app, premium.headers, {
    body: 'a'.repeat(1 + length - probe.mailtoUrl.length),
  });
  expect(link.mailtoUrl).toHaveLength(length);
  return { link, tracking: await track(link) };
}

describe('other spellings of a tracking URL', () => {
  it('redirects and counts /t/<slug>/ exactly like /t/<slug>, HEAD included', async () => {
    const link = await createLink(t.app, premium.headers);
    const tracking = await track(link);
    const plain = await visit(tracking.slug);
    const slashed = await visit(`${tracking.slug}/`);
    expect(slashed.statusCode).toBe(302);
    expect(slashed.headers.location).toBe(link.mailtoUrl);
    expect(slashed.headers['cache-control']).toBe('no-store');
    expect(slashed.body).toBe(plain.body);
    const head = await visit(`${tracking.slug}/`, { method: 'HEAD' });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe(link.mailtoUrl);
    // Both spellings are recorded; the second is the same visitor within 30 s (a repeat).
    expect((await clicksOf(tracking.id)).map((c) => c.classification)).toEqual(['human', 'repeat']);
    expect(await humanClicks(tracking)).toBe(1);
  });

  it('answers every other spelling with the tracking 404 page, never the web app', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const app2 = await createTestApp({ webDist });
    try {
      const who = await signUpAs(app2, 'PREMIUM');
      const link = await createLink(app2.app, who.headers);
      const { id, slug } = await createTrackingLink(app2.app, who.headers, link.id);
      const spellings = [
        `/t//${slug}`,
        `/T/${slug}`,
        `/t/${slug}/more`,
        `/t/${slug}//`,
        `/t/${slug}/x/y`,
        '/t/',
        '/t',
        '/T',
        '/T/',
      ];
      for (const url of spellings) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app2.app.inject({ method, url });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
          expect(res.headers['cache-control'], url).toBe('no-store');
          expect(res.headers['x-robots-tag'], url).toBe('noindex');
          expect(res.headers.location, url).toBeUndefined();
          if (method === 'GET') {
            expect(res.body, url).toContain('Link not found');
            expect(res.body, url).not.toContain('id="root"');
          }
        }
      }
      const clicks = await app2.db.kysely
        .selectFrom('clicks')
        .select('id')
        .where('tracking_link_id', '=', id)
        .execute();
      expect(clicks).toEqual([]);
      // The web app still answers its own pages.
      const page = await app2.app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="root"');
    } finally {
      await app2.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('links too long for a redirect', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });

  /** The raw header block (status line to the blank line) a real client receives. */
  const headerBlock = (url: string, method = 'GET', ua = CHROME_WINDOWS) =>
    new Promise<string>((resolve, reject) => {
      let received = Buffer.alloc(0);
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(
          `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: ${ua}\r\nConnection: close\r\n\r\n`,
        ),
      );
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const end = received.indexOf('\r\n\r\n');
        if (end >= 0) {
          socket.destroy();
          resolve(received.subarray(0, end + 4).toString('latin1'));
        }
      });
      socket.on('error', reject);
      socket.on('end', () => reject(new Error('closed before the end of the headers')));
    });

  it('keeps every header block under 8 KB (under 4 KB in fact), even for the longest link a user can save', async () => {
    const longest = await createLink(t.app, premium.headers, {
      to: Array.from({ length: 60 }, (_, i) => `person${i}@example.com`).join(', '),
      subject: '¿Qué tal? & más '.repeat(60).slice(0, 998),
      body: '😀é'.repeat(6666),
    });
    expect(longest.mailtoUrl.length).toBeGreaterThan(100_000);
    const created = await createTracking(premium, { mailtoLinkId: longest.id });
    const long = created.json<Tracking>();
    const { tracking: atLimit } = await linkOfLength(TRACKING_REDIRECT_URL_MAX);
    const pages = [
      [`/t/${long.slug}`, 'GET', 'HTTP/1.1 200'],
      [`/t/${long.slug}/`, 'GET', 'HTTP/1.1 200'],
      [`/t/${long.slug}`, 'HEAD', 'HTTP/1.1 200'],
      [`/t/${atLimit.slug}`, 'GET', 'HTTP/1.1 302'],
      [`/t/${atLimit.slug}`, 'HEAD', 'HTTP/1.1 302'],
      ['/t/AAAAAAAAAAAA', 'GET', 'HTTP/1.1 404'],
      [`/T/${long.slug}`, 'GET', 'HTTP/1.1 404'],
    ] as const;
    for (const [url, method, status] of pages) {
      const block = await headerBlock(url, method);
      expect(block.startsWith(status), `${method} ${url}: ${block.slice(0, 40)}`).toBe(true);
      // The limit leaves room: a 4 KB proxy header buffer takes every one of these answers.
      expect(Buffer.byteLength(block, 'latin1'), `${method} ${url}`).toBeLessThan(4096);
    }
    expect(await clicksOf(long.id)).toHaveLength(2);
  });

  it('redirects a link of exactly the limit, and answers one character more with a page', async () => {
    const { link: fits, tracking: fitsTracking } = await linkOfLength(TRACKING_REDIRECT_URL_MAX);
    const { link: over, tracking: overTracking } = await linkOfLength(
      TRACKING_REDIRECT_URL_MAX + 1,
    );
    const redirected = await visit(fitsTracking.slug);
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe(fits.mailtoUrl);
    const paged = await visit(overTracking.slug);
    expect(paged.statusCode).toBe(200);
    expect(paged.headers.location).toBeUndefined();
    expect(paged.body).toContain(`href="${escapeHtml(over.mailtoUrl)}"`);
  });

  it('answers 200 with a page whose button opens the exact link, its script allowed by hash', async () => {
    const link = await createLink(t.app, premium.headers, {
      subject: 'Fish & chips',
      body: 'Line 1 & more\r\nLine 2 #hash <b>bold</b> "quoted"\n'.repeat(200),
    });
    expect(link.mailtoUrl.length).toBeGreaterThan(TRACKING_REDIRECT_URL_MAX);
    const tracking = await track(link);
    const res = await visit(tracking.slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.body).toMatch(/^<!doctype html>/);

    // The button is a plain link to the exact mailto: URL: it works without script.
    const button = /<a id="open" class="button" href="([^"]*)">([^<]+)<\/a>/.exec(res.body);
    expect(button?.[2]).toBe('Open in your email app');
    const href = button![1]!
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
    expect(href).toBe(link.mailtoUrl);
    expect(parseMailto(href).body).toBe(
      'Line 1 & more\nLine 2 #hash <b>bold</b> "quoted"\n'.repeat(200).trim(),
    );
    expect(res.body).not.toContain('<b>');

    // One inline script, allowed by its hash alone: no 'unsafe-inline', no other source.
    const scripts = [...res.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(res.body.match(/<script/g)).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe(`'sha256-${hash}'`);
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    // The script opens the link the button holds (it carries no link of its own).
    expect(scripts[0]).toContain('getElementById("open")');
    expect(scripts[0]).not.toContain('mailto:');

    // The same look as the tracking 404 page.
    const notFound = await visit('AAAAAAAAAAAA');
    const style = (body: string) => /<style>[^<]*<\/style>/.exec(body)?.[0];
    expect(style(res.body)).toBeDefined();
    expect(style(res.body)).toBe(style(notFound.body));
    // Script-less pages keep a CSP without any script source.
    expect(String(notFound.headers['content-security-policy'])).not.toContain('script-src');
  });

  it('counts the GET once; HEAD and bots get the page without a count', async () => {
    const link = await createLink(t.app, premium.headers, { body: 'x y '.repeat(2000) });
    const tracking = await track(link);
    const head = await visit(tracking.slug, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.location).toBeUndefined();
    expect(head.headers['content-security-policy']).toContain("script-src 'sha256-");
    expect(head.body).toBe('');
    expect(await clicksOf(tracking.id)).toHaveLength(0);

    const bot = await visit(tracking.slug, { ua: SLACKBOT });
    expect(bot.statusCode).toBe(200);
    expect(bot.body).toContain('Open in your email app');
    expect(await humanClicks(tracking)).toBe(0);

    const person = await visit(tracking.slug);
    expect(person.statusCode).toBe(200);
    expect(person.body).toContain('Open in your email app');
    expect(await humanClicks(tracking)).toBe(1);
    const rows = await clicksOf(tracking.id);
    expect(rows.filter((r) => r.is_bot === 0)).toHaveLength(1);
  });
});

describe('the redirect over real HTTP (answered by node:http ahead of Fastify)', () => {
  let appPort: number;
  let rawPort: number;
  let rawServer: http.Server;
  beforeAll(async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    appPort = (t.app.server.address() as net.AddressInfo).port;
    // The handler alone: whatever it leaves to Fastify is answered 599 here.
    const raw = rawRedirectHandler(t.app, {
      clientIp: (req) => req.socket.remoteAddress,
      closing: () => false,
    });
    rawServer = http.createServer((req, res) => {
      if (!raw(req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => rawServer.listen(0, '127.0.0.1', resolve));
    rawPort = (rawServer.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => rawServer.close(resolve));
  });

  /** Status, headers (without the connection's own) and body of an answer. */
  interface Answer {
    status: number;
    headers: Record<string, string>;
    body: string;
  }
  const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const answer = (status: number, headers: Record<string, unknown>, body: string): Answer => ({
    status,
    headers: Object.fromEntries(
      Object.entries(headers)
        .filter(([k]) => !CONNECTION_HEADERS.has(k.toLowerCase()))
        .map(([k, v]): [string, string] => [k.toLowerCase(), String(v)])
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
    body,
  });
  const overHttp = async (port: number, url: string, method = 'GET'): Promise<Answer> => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      redirect: 'manual',
      headers: { ...NAVIGATION, 'user-agent': CHROME_WINDOWS },
    });
    return answer(res.status, Object.fromEntries(res.headers), await res.text());
  };
  /** The route's answer (through Fastify, as the other tests see it). */
  const throughFastify = async (url: string, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...NAVIGATION, 'user-agent': CHROME_WINDOWS },
    });
    return answer(res.statusCode, res.headers, res.body);
  };

  it('answers every /t/<slug> case with the status, headers and page of the route', async () => {
    const link = await createLink(t.app, premium.headers, { subject: 'Hi & <bye> "x"' });
    const { slug } = await track(link);
    const { tracking: long } = await linkOfLength(TRACKING_REDIRECT_URL_MAX + 1);
    const { tracking: atLimit } = await linkOfLength(TRACKING_REDIRECT_URL_MAX);
    const before = (await clicksOf(long.id)).length;
    const cases = [
      [`/t/${slug}`, 302],
      [`/t/${slug}/`, 302],
      [`/t/${atLimit.slug}`, 302],
      [`/t/${long.slug}`, 200],
      [`/t/${long.slug}/`, 200],
      ['/t/AAAAAAAAAAAA', 404],
      ['/t/AAAAAAAAAAAA/', 404],
    ] as const;
    for (const [url, status] of cases) {
      const expected = await throughFastify(url);
      expect(expected.status, url).toBe(status);
      expect(await overHttp(rawPort, url), `${url} (the handler alone)`).toEqual(expected);
      expect(await overHttp(appPort, url), `${url} (the server)`).toEqual(expected);
    }
    // Every GET of the long link stored its hit, whichever path answered it (2 URLs, 3 ways).
    expect(await clicksOf(long.id)).toHaveLength(before + 6);
  });

  it('leaves HEAD, other spellings and query strings to Fastify, which answers them as before', async () => {
    const { slug } = await track(await createLink(t.app, premium.headers, { body: 'x' }));
    const cases = [
      [`/t/${slug}`, 'HEAD'],
      [`/t/${slug}?utm=1`, 'GET'],
      [`/T/${slug}`, 'GET'],
      [`/t/${slug}/more`, 'GET'],
      [`/t/${'a'.repeat(40)}`, 'GET'],
      ['/t/', 'GET'],
    ] as const;
    for (const [url, method] of cases) {
      expect((await overHttp(rawPort, url, method)).status, url).toBe(599);
      const expected = await throughFastify(url, method);
      expect(await overHttp(appPort, url, method), url).toEqual(expected);
    }
  });

  it('answers 503 pages when the lookup or the click fails, as the route does', async () => {
    const { slug } = await track(await createLink(t.app, premium.headers, { body: 'y' }));
    const tracking = t.app.services.clicks;
    const target = await tracking.resolve(slug);
    const down = new Error('the database went away');
    const failures = [
      // The link could not be read: the error page.
      ['lookup', new ClickNotStored(down, null), 'mailto:'],
      // The link was read, the click not stored: the page offers the link.
      ['click', new ClickNotStored(down, target), null],
      ['anything else', down, 'mailto:'],
    ] as const;
    for (const [what, error, absent] of failures) {
      const failing = vi.spyOn(tracking, 'follow').mockRejectedValue(error);
      try {
        const expected = await throughFastify(`/t/${slug}`);
        expect(expected.status, what).toBe(503);
        expect(expected.headers['retry-after']).toBe('1');
        if (absent) expect(expected.body, what).not.toContain(absent);
        else expect(expected.body, what).toContain('mailto:');
        expect(await overHttp(rawPort, `/t/${slug}`), what).toEqual(expected);
        expect(await overHttp(appPort, `/t/${slug}`), what).toEqual(expected);
      } finally {
        failing.mockRestore();
      }
    }
  });
});
