import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLink,
  createTrackingLink,
  createTestApp,
  dialect,
  metricSample as sample,
  PRODUCTION_HASHING,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';
import { startReceiver, waitFor } from './receiver';

const TOKEN = 'scrape-me-0123456789abcdef';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

describe(`metrics without METRICS_TOKEN (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no /metrics: a JSON 404 like any unknown path, whatever the credentials', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe(`metrics with METRICS_TOKEN (${dialect})`, () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        metricsToken: TOKEN,
        webhooks: { allowPrivate: true, retryBaseMs: 40 },
        hashing: PRODUCTION_HASHING,
      },
    });
    owner = await signUpAs(t, 'PREMIUM');
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('refuses a scrape without the token, or with another one (401, JSON)', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers the Prometheus text format, uncompressed, with the process metrics', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(res.body).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(sample(res.body, 'mailtokit_click_queue_depth')).toBe(0);
    expect(sample(res.body, 'mailtokit_click_inbox_depth')).toBe(0);
    expect(sample(res.body, 'mailtokit_db_pool_in_use')).not.toBeNull();
  });

  it('times requests by route pattern and status, never the scrapes themselves', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const link = await createLink(t.app, owner.headers);
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}`,
      headers: owner.headers,
    });
    await scrape();
    const text = (await scrape()).body;
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/v1/health",status_code="200"}',
      ),
    ).toBe(3);
    // The pattern, not the id: one series per route whatever the ids.
    expect(text).toContain('route="/api/v1/mailto-links/:id",status_code="200"');
    expect(text).not.toContain(`/api/v1/mailto-links/${link.id}"`);
    expect(text).not.toContain('route="/metrics"');
  });

  it('counts redirects by outcome and times the click batches', async () => {
    const before = (await scrape()).body;
    const link = await createLink(t.app, owner.headers);
    const { slug } = await createTrackingLink(t.app, owner.headers, link.id, 'metrics');
    const headers = { 'user-agent': CHROME, accept: 'text/html', 'accept-language': 'en' };
    for (let i = 0; i < 2; i += 1)
      expect((await t.app.inject({ method: 'GET', url: `/t/${slug}`, headers })).statusCode).toBe(
        302,
      );
    expect(
      (await t.app.inject({ method: 'GET', url: '/t/NoSuchSlug99', headers })).statusCode,
    ).toBe(404);
    const after = (await scrape()).body;
    const count = (text: string, series: string) => sample(text, series) ?? 0;
    const redirected = 'mailtokit_redirects_total{outcome="redirected"}';
    const missing = 'mailtokit_redirects_total{outcome="not_found"}';
    expect(count(after, redirected) - count(before, redirected)).toBe(2);
    expect(count(after, missing) - count(before, missing)).toBe(1);
    const batches = 'mailtokit_click_batch_flush_seconds_count';
    expect(count(after, batches) - count(before, batches)).toBeGreaterThanOrEqual(1);
  });

  it('shows the password hashes running and waiting, and the refusals by reason', async () => {
    const before = (await scrape()).body;
    const client = 'mailtokit_password_hash_refusals_total{reason="client"}';
    const busy = 'mailtokit_password_hash_refusals_total{reason="busy"}';
    expect(sample(before, 'mailtokit_password_hashes_running')).toBe(0);
    expect(sample(before, 'mailtokit_password_hashes_waiting')).toBe(0);
    expect(sample(before, busy)).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: '203.0.113.80',
          payload: { username: `nobody_${i}`, password: 'a guess 12345' },
        }),
      ),
    );
    const refused = answers.filter((r) => r.statusCode === 429).length;
    expect(refused).toBe(6);
    const after = (await scrape()).body;
    expect((sample(after, client) ?? 0) - (sample(before, client) ?? 0)).toBe(refused);
  });

  it('counts redirects answered over real HTTP (by node:http, ahead of Fastify) the same way', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const before = (await scrape()).body;
    const link = await createLink(t.app, owner.headers);
    const { slug } = await createTrackingLink(t.app, owner.headers, link.id, 'metrics over HTTP');
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        redirect: 'manual',
        headers: { 'user-agent': CHROME, accept: 'text/html', 'accept-language': 'en' },
      });
    expect((await get(`/t/${slug}`)).status).toBe(302);
    expect((await get(`/t/${slug}/`)).status).toBe(302);
    expect((await get('/t/NoSuchSlug99')).status).toBe(404);
    const after = (await scrape()).body;
    const count = (text: string, series: string) => sample(text, series) ?? 0;
    const redirected = 'mailtokit_redirects_total{outcome="redirected"}';
    const missing = 'mailtokit_redirects_total{outcome="not_found"}';
    expect(count(after, redirected) - count(before, redirected)).toBe(2);
    expect(count(after, missing) - count(before, missing)).toBe(1);
    const timed = (route: string, status: number) =>
      `http_request_duration_seconds_count{method="GET",route="${route}",status_code="${status}"}`;
    expect(count(after, timed('/t/:slug/', 302)) - count(before, timed('/t/:slug/', 302))).toBe(1);
  });

  it('counts webhook deliveries by outcome and shows the backlog', async () => {
    const receiver = await startReceiver([200]);
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: owner.headers,
        payload: { url: receiver.url, currentPassword: owner.password },
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: number }>();
      const ping = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${id}/test`,
        headers: owner.headers,
      });
      expect(ping.statusCode).toBeLessThan(300);
      const delivered = 'mailtokit_webhook_deliveries_total{outcome="succeeded"}';
      await waitFor(async () => (sample((await scrape()).body, delivered) ?? 0) >= 1);
      const text = (await scrape()).body;
      expect(sample(text, 'mailtokit_webhook_backlog')).toBe(0);
      expect(sample(text, 'mailtokit_webhook_oldest_pending_age_seconds')).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
