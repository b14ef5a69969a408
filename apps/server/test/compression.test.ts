import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD } from '../src/app';
import { publicBaseUrl } from '../src/config';
import { createLink, createTestApp, signUpAs, type TestApp } from './helpers';

let t: TestApp;
let webDist: string;
/** A hashed asset as the web build leaves it: the file plus its .br and .gz copies. */
const ASSET = 'assets/index-abc123.js';
const SOURCE = `export const greeting = ${JSON.stringify('hello '.repeat(800))};\n`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-web-'));
  const index = '<!doctype html><title>MailtoKit</title><div id="root"></div>'.padEnd(2048, ' ');
  fs.writeFileSync(path.join(webDist, 'index.html'), index);
  fs.writeFileSync(path.join(webDist, 'index.html.br'), zlib.brotliCompressSync(index));
  fs.mkdirSync(path.join(webDist, 'assets'));
  const file = path.join(webDist, ASSET);
  fs.writeFileSync(file, SOURCE);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SOURCE));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SOURCE));
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      ...headers,
    },
  });

describe('built assets', () => {
  it('answers brotli to br, gzip to gzip, identity otherwise; always Vary and immutable', async () => {
    const br = await get(`/${ASSET}`, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SOURCE);

    const gzip = await get(`/${ASSET}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SOURCE);

    for (const accept of [undefined, 'identity', 'deflate']) {
      const plain = await get(`/${ASSET}`, accept);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SOURCE);
    }

    for (const res of [br, gzip, await get(`/${ASSET}`)]) {
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Never revalidated, so no validators to send along.
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
      expect(res.headers['accept-ranges']).toBeUndefined();
    }
  });

  it('sends an asset only the security headers a subresource uses; pages keep them all', async () => {
    const asset = await get(`/${ASSET}`, 'br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    const page = await get('/dashboard', 'br');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 for a file of another build, never the page in its place', async () => {
    const res = await get('/assets/index-0ld0ld.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: expect.any(String) });
  });

  it('keeps the page itself revalidated when it is sent compressed', async () => {
    for (const url of ['/', '/dashboard', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
      expect(res.headers.etag).toBeTruthy();
    }
  });
});

describe('API responses', () => {
  it(`compresses JSON of ${COMPRESS_THRESHOLD} bytes or more, not smaller answers`, async () => {
    const premium = await signUpAs(t, 'PREMIUM');
    for (let i = 0; i < 8; i++) await createLink(t.app, premium.headers, { body: 'x'.repeat(200) });
    const list = await get('/api/v1/mailto-links', 'br', premium.headers);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString());
    expect(json.items ?? json).toBeTruthy();

    const gzip = await get('/api/v1/mailto-links', 'gzip', premium.headers);
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await get('/api/v1/health', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });

    const plain = await get('/api/v1/mailto-links', undefined, premium.headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.statusCode).toBe(200);
  });

  it('never compresses the tracking redirect, nor the page of a link too long for one', async () => {
    const premium = await signUpAs(t, 'PREMIUM');
    // Just under the redirect's limit (a 302), and over it (a 200 page with a button).
    for (const [bodyLength, status] of [
      [2900, 302],
      [6000, 200],
    ] as const) {
      const link = await createLink(t.app, premium.headers, { body: 'y'.repeat(bodyLength) });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tracking',
        headers: premium.headers,
        payload: { mailtoLinkId: link.id, mailtoUrl: link.mailtoUrl },
      });
      expect(created.statusCode).toBe(201);
      const { slug } = created.json<{ slug: string }>();
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({
          method,
          url: `/t/${slug}`,
          headers: {
            'accept-encoding': 'br, gzip',
            'user-agent': 'Mozilla/5.0 (X11; Linux) Chrome/130',
          },
        });
        expect(res.statusCode).toBe(status);
        expect(res.headers['content-encoding']).toBeUndefined();
        if (method === 'GET') expect(res.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
      }
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt as text/plain that keeps crawlers off tracking links', async () => {
    // Its links start with the configured origin, whatever Host the request names.
    const origin = publicBaseUrl(t.app.config);
    const res = await get('/robots.txt', 'br', { host: 'links.example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /t/');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(res.body).not.toContain('links.example.org');
    expect(res.body).not.toContain('<');
  });

  it('lists the public pages in sitemap.xml', async () => {
    const origin = publicBaseUrl(t.app.config);
    const res = await get('/sitemap.xml', undefined, { host: 'links.example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain(`<loc>${origin}/</loc>`);
    expect(res.body).toContain(`<loc>${origin}/pricing</loc>`);
    expect(res.body).not.toContain('links.example.org');
    expect(res.body).not.toContain('/dashboard');
  });
});
