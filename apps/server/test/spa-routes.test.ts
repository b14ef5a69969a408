import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// A web build as apps/web/scripts/postbuild.mjs writes it: the app shell, prerendered pages
// (the not-found page among them) and the app's routes.
let t: TestApp;
let webDist: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  fs.writeFileSync(path.join(webDist, file), text);
};
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-web-'));
  write('index.html', '<!doctype html><title>MailtoKit</title><div id="root"></div>');
  write('pages/index.html', '<div id="root">home</div>');
  write('pages/pricing.html', '<div id="root">pricing</div>');
  write('pages/auth.html', '<div id="root">signing in</div>');
  write('pages/auth.register.html', '<div id="root">registering</div>');
  write('pages/404.html', '<div id="root">Page not found</div>');
  write(
    '.vite/routes.json',
    JSON.stringify({
      routes: ['/', '/pricing', '/auth', '/dashboard', '/dashboard/analytics/:id', '/teams/:id'],
      signedInPrefixes: ['/dashboard/', '/teams/'],
      notFoundPage: 'pages/404.html',
      variants: [{ path: '/auth', query: { tab: 'register' }, page: 'pages/auth.register.html' }],
    }),
  );
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('page statuses', () => {
  it('answers the pages of the app with 200 and their HTML', async () => {
    for (const [url, body] of [
      ['/', 'home'],
      ['/pricing', 'pricing'],
      ['/pricing?ref=x', 'pricing'],
      ['/dashboard?tab=teams', '<div id="root"></div>'],
      ['/dashboard/', '<div id="root"></div>'],
      ['/dashboard/analytics/12', '<div id="root"></div>'],
      ['/teams/3', '<div id="root"></div>'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(body);
    }
  });

  it('answers a path the app has no page for with 404 and the not-found page', async () => {
    for (const url of ['/no/such/page', '/pricing/extra', '/404', '/Pricing', '/dashboardx']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('Page not found');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/no/such/page' });
    expect(head.statusCode).toBe(404);
  });

  it('answers an unknown signed-in path with 404 and the app, which shows it as not found', async () => {
    for (const url of ['/dashboard/nope', '/dashboard/analytics/1/extra', '/teams/', '/teams']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      if (url === '/teams') expect(res.body).toContain('Page not found');
      else expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('answers a query that changes what a page first shows with that page, prerendered for it', async () => {
    for (const [url, body] of [
      ['/auth', 'signing in'],
      ['/auth?tab=login', 'signing in'],
      ['/auth?next=%2Fdashboard', 'signing in'],
      ['/auth?tab=register', 'registering'],
      ['/auth?next=%2Finvitations%2Fabc&tab=register', 'registering'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(body);
    }
    // The variant's file is no page of its own.
    expect((await get('/auth.register')).statusCode).toBe(404);
  });

  it('keeps unknown API paths JSON', async () => {
    const res = await get('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
