import http from 'node:http';
import type net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRedirectHandler } from '../src/modules/tracking/routes';
import { createLink, createTestApp, signUpAs, type SignedIn, type TestApp } from './helpers';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const TRACKING_NOT_FOUND = { detail: 'Tracking link not found', code: 'NOT_FOUND' };

let t: TestApp;
let premium: SignedIn;
let other: SignedIn;
let free: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [premium, other, free] = await Promise.all([
    signUpAs(t, 'PREMIUM'),
    signUpAs(t, 'PREMIUM'),
    signUpAs(t, 'FREE'),
  ]);
});
afterAll(async () => {
  await t.close();
});

interface Tracking {
  id: number;
  slug: string;
  opens: string;
  clicks: number;
}

const create = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/tracking', headers: who.headers, payload });
const change = (who: SignedIn, id: number | string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/tracking/${id}`, headers: who.headers, payload });
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
let visitor = 0;
/** A browser's navigation from a fresh address (so the repeat guard never merges visits). */
const visit = (slug: string, headers: Record<string, string> = {}, url = `/t/${slug}`) => {
  visitor += 1;
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: `198.51.100.${visitor % 250}`,
    headers: { 'user-agent': CHROME, accept: 'text/html', 'accept-language': 'en', ...headers },
  });
};
const humanClicks = async (id: number) =>
  (
    await t.db.kysely
      .selectFrom('clicks')
      .select('id')
      .where('tracking_link_id', '=', id)
      .where('is_bot', '=', 0)
      .execute()
  ).length;

/** Creates a saved link with `fields` and a `choose` tracking link for it. */
async function chooser(fields: Record<string, unknown> = {}) {
  const link = await createLink(t.app, premium.headers, fields);
  const made = await create(premium, { mailtoLinkId: link.id, opens: 'choose' });
  return { link, tracking: made.json<Tracking>() };
}

/** The doors the page offers, in its order. */
const doorsOf = (html: string) =>
  [...html.matchAll(/href="\/t\/\w+\/open\/([a-z-]+)"/g)].map((m) => m[1]);
const listOf = async (linkId: number): Promise<Tracking[]> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${linkId}/tracking-links`,
      headers: premium.headers,
    })
  ).json();

describe('how a tracking link opens', () => {
  it('is `direct` unless asked, and `choose` when asked, in the answer and the list', async () => {
    const link = await createLink(t.app, premium.headers);
    const plain = await create(premium, { mailtoLinkId: link.id });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ opens: 'direct' });
    const chooser = await create(premium, { mailtoLinkId: link.id, opens: 'choose' });
    expect(chooser.statusCode).toBe(201);
    expect(chooser.json()).toMatchObject({ opens: 'choose' });
    const list = await listOf(link.id);
    expect(list.map((x) => x.opens)).toEqual(['choose', 'direct']);
  });

  it('refuses any other value with 400 VALIDATION_ERROR, on create and change', async () => {
    const link = await createLink(t.app, premium.headers);
    for (const opens of ['CHOOSE', 'page', '', 1, null]) {
      const res = await create(premium, { mailtoLinkId: link.id, opens });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await listOf(link.id)).toEqual([]);
    const made = (await create(premium, { mailtoLinkId: link.id })).json<Tracking>();
    for (const payload of [{ opens: 'gmail' }, {}]) {
      const res = await change(premium, made.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('changes later, keeping slug and clicks; a direct link answers exactly as before', async () => {
    const link = await createLink(t.app, premium.headers);
    const made = (await create(premium, { mailtoLinkId: link.id })).json<Tracking>();
    const before = await visit(made.slug);
    expect(before.statusCode).toBe(302);

    const toChoose = await change(premium, made.id, { opens: 'choose' });
    expect(toChoose.statusCode).toBe(200);
    expect(toChoose.json()).toMatchObject({ id: made.id, slug: made.slug, opens: 'choose' });
    expect(toChoose.json<Tracking>().clicks).toBe(1);

    const back = await change(premium, made.id, { opens: 'direct' });
    expect(back.json()).toMatchObject({ opens: 'direct', clicks: 1 });
    const after = await visit(made.slug);
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe(before.headers.location);
    expect(after.headers['content-type']).toBe(before.headers['content-type']);
    expect(after.body).toBe(before.body);
  });

  it('is changed only by those who may edit the link: 403 FREE, 404 others and deleted', async () => {
    const link = await createLink(t.app, premium.headers);
    const made = (await create(premium, { mailtoLinkId: link.id })).json<Tracking>();
    const byFree = await change(free, made.id, { opens: 'choose' });
    expect(byFree.statusCode).toBe(403);
    expect(byFree.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
    const byOther = await change(other, made.id, { opens: 'choose' });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual(TRACKING_NOT_FOUND);
    expect((await change(premium, 999_999_999, { opens: 'choose' })).json()).toEqual(
      TRACKING_NOT_FOUND,
    );
    expect((await change(premium, 'abc', { opens: 'choose' })).statusCode).toBe(400);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracking/${made.id}`,
      headers: premium.headers,
    });
    const deleted = await change(premium, made.id, { opens: 'choose' });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual(TRACKING_NOT_FOUND);
    expect((await listOf(link.id)).length).toBe(0);
  });
});

const settingsOf = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url: '/api/v1/settings', headers: who.headers });
const changeSettings = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/settings', headers: who.headers, payload });

describe('the account default of how tracking links open', () => {
  it('is `direct` until changed; once `choose`, new links left without `opens` choose', async () => {
    const author = await signUpAs(t, 'PREMIUM');
    expect((await settingsOf(author)).json()).toEqual({
      trackingOpens: 'direct',
      emailNotifications: true,
    });
    const link = await createLink(t.app, author.headers);
    const before = (await create(author, { mailtoLinkId: link.id })).json<Tracking>();
    expect(before.opens).toBe('direct');

    const changed = await changeSettings(author, { trackingOpens: 'choose' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ trackingOpens: 'choose', emailNotifications: true });
    expect((await settingsOf(author)).json()).toEqual({
      trackingOpens: 'choose',
      emailNotifications: true,
    });

    const made = await create(author, { mailtoLinkId: link.id });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ opens: 'choose' });
    expect((await visit(made.json<Tracking>().slug)).statusCode).toBe(200);
    const asked = await create(author, { mailtoLinkId: link.id, opens: 'direct' });
    expect(asked.json()).toMatchObject({ opens: 'direct' });
    // Existing tracking links keep how they open; other accounts keep their own default.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/tracking-links`,
      headers: author.headers,
    });
    expect(list.json<Tracking[]>().map((x) => x.opens)).toEqual(['direct', 'choose', 'direct']);
    expect((await settingsOf(other)).json()).toEqual({
      trackingOpens: 'direct',
      emailNotifications: true,
    });

    expect((await changeSettings(author, {})).json()).toEqual({
      trackingOpens: 'choose',
      emailNotifications: true,
    });
    expect((await changeSettings(author, { trackingOpens: 'direct' })).json()).toEqual({
      trackingOpens: 'direct',
      emailNotifications: true,
    });
    const plain = await create(author, { mailtoLinkId: link.id });
    expect(plain.json()).toMatchObject({ opens: 'direct' });
  });

  it('refuses other values with 400 VALIDATION_ERROR and strangers with 401', async () => {
    const author = await signUpAs(t, 'FREE');
    for (const trackingOpens of ['CHOOSE', 'gmail', '', 1, null]) {
      const res = await changeSettings(author, { trackingOpens });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(typeof res.json<{ detail: unknown }>().detail).toBe('string');
    }
    for (const payload of ['"choose"', '[]', 'null', '{"trackingOpens":']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/settings',
        headers: { ...author.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
    expect((await settingsOf(author)).json()).toEqual({
      trackingOpens: 'direct',
      emailNotifications: true,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/settings' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const anonymousChange = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      payload: { trackingOpens: 'choose' },
    });
    expect(anonymousChange.statusCode).toBe(401);
  });
});

const FIELDS = {
  to: 'anna+sales@example.com, bob@example.org',
  cc: 'carla@example.com',
  bcc: 'dave@example.com',
  subject: 'Größe & <Preis> #1 + 1 — 日本',
  body: 'Hallo,\n\nA&B #tag 1+1\n😀 café',
};

describe('the chooser page of a `choose` link', () => {
  it('is the click: 200, the message at a glance, the doors, a hash-only CSP', async () => {
    const { tracking } = await chooser(FIELDS);
    const res = await visit(tracking.slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(
      /^default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+';/,
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('anna+sales@example.com, bob@example.org');
    expect(res.body).toContain('Größe &amp; &lt;Preis&gt; #1 + 1 — 日本');
    expect(res.body).not.toContain('<Preis>');
    expect(doorsOf(res.body)).toEqual(['gmail', 'outlook', 'yahoo', 'mail-app']);
    expect(res.body).toContain('>Copy address</button>');
    expect(await humanClicks(tracking.id)).toBe(1);
  });

  it('puts the mail app first on phones', async () => {
    const { tracking } = await chooser();
    const res = await visit(tracking.slug, { 'user-agent': IPHONE });
    expect(doorsOf(res.body)).toEqual(['mail-app', 'gmail', 'outlook', 'yahoo']);
  });

  it.each([
    ['de-AT,de;q=0.9,en;q=0.5', 'de', 'Öffnen mit'],
    ['ja', 'ja', 'アドレスをコピー'],
    ['fr-CA', 'fr', 'Copier l’adresse'],
    ['es', 'es', 'Copiar dirección'],
    ['pt-BR', 'pt', 'Copiar endereço'],
    ['it', 'it', 'Copia indirizzo'],
    ['zh-CN', 'en', 'Copy address'],
  ])('speaks the visitor’s language: %s -> %s', async (accept, lang, text) => {
    const { tracking } = await chooser();
    const res = await visit(tracking.slug, { 'accept-language': accept });
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(text);
  });

  it('stays under 10 KB compressed with the longest body a link holds', async () => {
    const { tracking } = await chooser({ body: 'Lorem ipsum dolor sit amet 😀 & '.repeat(600) });
    const res = await visit(tracking.slug);
    expect(res.statusCode).toBe(200);
    expect(gzipSync(res.body).length).toBeLessThanOrEqual(10 * 1024);
  });

  it('opens each way through a door whose URL carries exactly the stored fields', async () => {
    const { link, tracking } = await chooser(FIELDS);
    const direct = (await create(premium, { mailtoLinkId: link.id })).json<Tracking>();
    const expected = {
      to: 'anna+sales@example.com,bob@example.org',
      cc: FIELDS.cc,
      bcc: FIELDS.bcc,
      body: FIELDS.body,
    };
    const door = async (choice: string) => {
      const res = await visit(tracking.slug, {}, `/t/${tracking.slug}/open/${choice}`);
      expect(res.statusCode).toBe(302);
      return String(res.headers.location);
    };
    const gmail = new URL(await door('gmail'));
    expect(gmail.origin + gmail.pathname).toBe('https://mail.google.com/mail/');
    expect(Object.fromEntries(gmail.searchParams)).toEqual({
      view: 'cm',
      fs: '1',
      ...expected,
      su: FIELDS.subject,
    });
    for (const [choice, base] of [
      ['outlook', 'https://outlook.live.com/mail/0/deeplink/compose'],
      ['yahoo', 'https://compose.mail.yahoo.com/'],
    ]) {
      const url = new URL(await door(choice!));
      expect(url.origin + url.pathname).toBe(base);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        ...expected,
        subject: FIELDS.subject,
      });
    }
    expect(await door('mail-app')).toBe((await visit(direct.slug)).headers.location);
    // The doors are not clicks: the page view was (none here).
    expect(await humanClicks(tracking.id)).toBe(0);
  });

  it('answers unknown choices, unknown and deleted slugs with the tracking 404 page', async () => {
    const { tracking } = await chooser();
    for (const url of [
      `/t/${tracking.slug}/open/hotmail`,
      `/t/${tracking.slug}/open/`,
      '/t/AAAAAAAAAAAA/open/gmail',
    ]) {
      const res = await visit(tracking.slug, {}, url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracking/${tracking.id}`,
      headers: premium.headers,
    });
    expect((await visit(tracking.slug, {}, `/t/${tracking.slug}/open/gmail`)).statusCode).toBe(404);
    expect((await visit(tracking.slug)).statusCode).toBe(404);
  });

  it('is answered the same by node:http ahead of Fastify', async () => {
    const { tracking } = await chooser(FIELDS);
    const raw = rawRedirectHandler(t.app, {
      clientIp: (req) => req.socket.remoteAddress,
      closing: () => false,
    });
    const server = http.createServer((req, res) => {
      if (!raw(req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const headers = { 'user-agent': CHROME, accept: 'text/html', 'accept-language': 'ja' };
      const res = await fetch(`http://127.0.0.1:${port}/t/${tracking.slug}`, {
        headers,
        redirect: 'manual',
      });
      const viaFastify = await visit(tracking.slug, headers);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(viaFastify.body);
      expect(res.headers.get('content-security-policy')).toBe(
        viaFastify.headers['content-security-policy'],
      );
      // Both hits are stored (fetch says `Sec-Fetch-Mode: cors`, so its hit is left out).
      const rows = await t.db.kysely
        .selectFrom('clicks')
        .select('classification')
        .where('tracking_link_id', '=', tracking.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.classification)).toEqual(['embedded', 'human']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
