import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
let webDist: string;
const INLINE_SCRIPT_SOURCE = "'sha256-O/wDEAQdm9ONwzfQz7fB2HjTJg6KIjYlPA5YukNv490='";
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>MailtoKit</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The hashes of the pages' inline scripts, as the web build writes them.
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(
    path.join(webDist, '.vite', 'csp.json'),
    JSON.stringify({ scriptSrc: [INLINE_SCRIPT_SOURCE] }),
  );
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('request hygiene', () => {
  it('answers malformed JSON with 400 and keeps serving', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON in request body', code: 'BAD_REQUEST' });
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });

  it('answers a JSON body that is not an object with a validation error', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toMatch(/VALIDATION_ERROR|BAD_REQUEST/);
    }
  });

  it('refuses bodies over the cap with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(BODY_LIMIT + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses non-JSON bodies with 415 (no form or text posts)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': type },
        payload: 'username=a&password=b',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('rejects a cross-site Origin on mutations but accepts its own', async () => {
    const me = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { ...me.headers, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { email: 'evil@example.com' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('CSRF_REJECTED');
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { ...me.headers, origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { email: `${me.user.username}@example.org`, currentPassword: me.password },
    });
    expect(own.statusCode).toBe(200);
  });

  it('404s unknown API routes as JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/whatever'],
      ['DELETE', '/api/v1/no/such/thing'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('web app and documents', () => {
  it('serves the SPA for any page path, with security headers', async () => {
    for (const url of ['/', '/dashboard?tab=teams', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      // Scripts from our origin, and the build's inline scripts by their hash: no other inline.
      expect(csp).toContain(`script-src 'self' ${INLINE_SCRIPT_SOURCE};`);
      expect(/script-src [^;]*unsafe-inline/.test(csp)).toBe(false);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeTruthy();
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('publishes the OpenAPI document generated from the contracts, and its docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/me',
      '/api/v1/profile',
      '/api/v1/auth/password',
      '/api/v1/contact',
    ])
      expect(Object.keys(spec.paths)).toContain(p);
    // Aliases serve the same handler but are not documented twice.
    expect(Object.keys(spec.paths)).not.toContain('/api/profile');
    const body =
      spec.paths['/api/v1/auth/register'].post.requestBody.content['application/json'].schema;
    const resolved = body.$ref ? spec.components.schemas[body.$ref.split('/').pop()] : body;
    expect(Object.keys(resolved.properties)).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'firstName', 'lastName']),
    );
    expect(resolved.properties.password.minLength).toBe(8);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('reports health with the dialect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.json()).toEqual({ status: 'ok', database: t.db.dialect });
  });
});
