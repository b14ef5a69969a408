import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers';

/** How long a request may take to arrive in these tests (30 s in production). */
const REQUEST_MS = 1000;

let t: TestApp;
let port: number;
let base: string;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>MailtoKit</title><div id="root"></div>',
  );
  t = await createTestApp({
    webDist,
    limits: { contactPerHour: 1 },
    app: { http: { requestMs: REQUEST_MS } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

interface RawSocket {
  socket: net.Socket;
  /** Everything received so far. */
  received: () => string;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

/** A plain TCP connection to the server, for requests no HTTP client would send. */
async function connect(): Promise<RawSocket> {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (data += d));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed };
}

/** Sends `text` on a new connection and returns the whole answer once the server closes it. */
async function raw(text: string): Promise<string> {
  const c = await connect();
  c.socket.write(text);
  await c.closed;
  return c.received();
}

/** Status, headers (lower-cased names) and JSON body of a raw HTTP/1.1 answer. */
function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [
      l.slice(0, l.indexOf(':')).toLowerCase(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('slow requests', () => {
  it('answers a body that is still arriving after the timeout with a JSON 408 and closes', async () => {
    const c = await connect();
    c.socket.write(
      'POST /api/v1/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"message":',
    );
    // One byte now and then: never idle, never complete.
    const drip = setInterval(() => c.socket.write(' '), 100);
    const started = Date.now();
    await c.closed;
    clearInterval(drip);
    // Generous: the timeout plus Node's checking interval, on a busy machine.
    expect(Date.now() - started).toBeLessThan(REQUEST_MS * 5);
    const res = parse(c.received());
    expect(res.status).toBe(408);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ detail: expect.any(String), code: 'REQUEST_TIMEOUT' });
  });

  it('answers headers still arriving after the timeout with a JSON 408 and closes', async () => {
    const c = await connect();
    c.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => c.socket.write('X-Slow: 1\r\n'), 100);
    await c.closed;
    clearInterval(drip);
    const res = parse(c.received());
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ detail: expect.any(String), code: 'REQUEST_TIMEOUT' });
  });

  it('closes a connection that sends nothing', async () => {
    const c = await connect();
    const started = Date.now();
    await c.closed;
    expect(Date.now() - started).toBeLessThan(REQUEST_MS * 5);
  });

  it('keeps /api/v1/health answering within 1 s while 300 slow requests are open', async () => {
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
    const sockets = await Promise.all(Array.from({ length: 300 }, () => connect()));
    for (const c of sockets)
      c.socket.write(
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{',
      );
    const drip = setInterval(() => {
      for (const c of sockets) if (!c.socket.destroyed) c.socket.write(' ');
    }, 200);
    try {
      // Health is asked all along, until the last of them has been cut off with its 408.
      let allClosed = false;
      void Promise.all(sockets.map((c) => c.closed)).then(() => (allClosed = true));
      const waits: number[] = [];
      while (!allClosed) {
        const started = Date.now();
        const health = await fetch(`${base}/api/v1/health`);
        waits.push(Date.now() - started);
        expect(health.status).toBe(200);
        await sleep(100);
      }
      expect(waits.length).toBeGreaterThan(3);
      expect(Math.max(...waits)).toBeLessThan(1000);
    } finally {
      clearInterval(drip);
    }
    for (const c of sockets) expect(parse(c.received()).status).toBe(408);
  }, 30_000);
});

describe('errors Node answers before the app', () => {
  it('answers a NUL byte in a header with the JSON error format', async () => {
    const res = parse(await raw('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\0b\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ detail: expect.any(String), code: 'BAD_REQUEST' });
  });

  it('answers a malformed request line with the JSON error format', async () => {
    const res = parse(await raw('GET /api/v1/health WHAT\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: expect.any(String), code: 'BAD_REQUEST' });
  });

  it('answers headers over 16 KB with a JSON 431', async () => {
    const res = parse(
      await raw(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ detail: expect.any(String), code: 'HEADERS_TOO_LARGE' });
  });
});

describe('every error under /api/ has the JSON error format', () => {
  it('answers each status with {detail, code} on the real server', async () => {
    const me = await signUp(t.app);
    const json = { 'content-type': 'application/json' };
    const cases: [number, string, RequestInit][] = [
      [400, '/api/v1/auth/login', { method: 'POST', headers: json, body: '{"a":' }],
      [401, '/api/v1/auth/me', {}],
      [
        403,
        '/api/v1/contact',
        { method: 'POST', headers: { ...json, origin: 'https://evil.example' }, body: '{}' },
      ],
      [404, '/api/v1/nope', {}],
      [405, '/api/v1/health', { method: 'DELETE' }],
      [
        409,
        '/api/v1/auth/register',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            username: me.user.username,
            email: 'other@example.com',
            password: 'correct horse battery',
          }),
        },
      ],
      [
        413,
        '/api/v1/auth/login',
        { method: 'POST', headers: json, body: JSON.stringify({ password: 'x'.repeat(300_000) }) },
      ],
      [414, `/api/v1/health?q=${'a'.repeat(9000)}`, {}],
      [415, '/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' } }],
    ];
    for (const [status, url, init] of cases) {
      const res = await fetch(`${base}${url}`, init);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort(), url).toEqual(
        body.fields ? ['code', 'detail', 'fields'] : ['code', 'detail'],
      );
      expect(typeof body.detail).toBe('string');
    }
    // 429: the contact budget here is one message an hour.
    const contact = () =>
      fetch(`${base}/api/v1/contact`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'a@example.com', message: 'Hello there, a question.' }),
      });
    await contact();
    const limited = await contact();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('answers a wrong method on an existing path with 405 and Allow', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/api/v1/health', 'GET, HEAD'],
      ['GET', '/api/v1/auth/login', 'POST'],
      ['POST', '/api/v1/mailto-links/5', 'GET, HEAD, PUT, DELETE'],
      ['PUT', '/%61pi/v1/health', 'GET, HEAD'],
    ] as const) {
      const res = await fetch(`${base}${url}`, { method });
      expect(res.status, `${method} ${url}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(await res.json()).toEqual({ detail: expect.any(String), code: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('answers unknown /api/ paths with a JSON 404, never the web app', async () => {
    for (const url of [
      '/api/v1/nope',
      '/api',
      '/%61pi/v1/nope',
      '/api/v1/%6eope',
      '//api/v1/nope',
    ]) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
    // Pages still get the web app.
    const page = await fetch(`${base}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe('percent-encoded paths get the same hooks', () => {
  it('refuses a foreign Origin however the API path is spelled', async () => {
    for (const url of ['/api/v1/contact', '/%61pi/v1/contact', '/%61%70%69/v1/%63ontact']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example', host: 'localhost:3000' },
        payload: { email: 'a@example.com', message: 'Hello there, a question.' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('CSRF_REJECTED');
    }
  });

  it('authenticates and signs out however the path is spelled', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/%61pi/v1/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    const me = await signUp(t.app);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/%61pi/v1/auth/me',
      headers: me.headers,
    });
    expect(mine.statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/auth/logout',
      headers: me.headers,
    });
    expect(out.statusCode).toBeLessThan(300);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: me.headers,
    });
    expect(after.statusCode).toBe(401);
  });

  it('applies the hooks to an absolute-form request target too', async () => {
    const res = parse(
      await raw(
        'POST http://x/api/v1/contact HTTP/1.1\r\nHost: x\r\nOrigin: https://evil.example\r\n' +
          'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      ),
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CSRF_REJECTED' });
  });
});

describe('shutting down', () => {
  it('answers a request still arriving on an open connection with a JSON 503', async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect((own.app.server.address() as net.AddressInfo).port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (data += d));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // A request in flight keeps the connection open while the server stops.
    const body = '{"username":"someone","password":"not the password"}';
    const received = new Promise((resolve) => own.app.server.once('request', resolve));
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    await received;
    const closing = own.close();
    while (own.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    // The rest of that request, and the next one on the same connection.
    socket.write(`${body}GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    await closed;
    await closing;
    const second = data.slice(data.indexOf('HTTP/1.1', 1));
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second.toLowerCase()).toContain('retry-after: 5');
    expect(parse(second).body).toEqual({
      detail: expect.any(String),
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
