import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from './generated/openapi';
import { createTestApp, dialect, setTier, signUp, type TestApp } from './helpers';
import { API_TYPES_FILE, apiTypes, servedDocument } from './openapi-doc';

const REDOCLY = path.resolve(__dirname, '../../../node_modules/.bin/redocly');

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: Record<string, unknown> }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

let doc: Record<string, unknown>;
beforeAll(async () => {
  doc = await servedDocument();
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
  );

describe(`OpenAPI document (${dialect})`, () => {
  it("passes Redocly's recommended ruleset with no error and no warning", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const run = spawnSync(REDOCLY, ['lint', file, '--format=json'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeout: 60_000,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every operation and says what authenticates it, as the routes enforce', () => {
    const ids = new Set<string>();
    for (const { key, op } of operations()) {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId!), `${key}: duplicate ${op.operationId}`).toBe(false);
      ids.add(op.operationId!);
      expect(op.security, key).toBeInstanceOf(Array);
    }
    const security = (key: string) => operations().find((o) => o.key === key)?.op.security;
    const session = [{ sessionCookie: [] }, { sessionBearer: [] }];
    expect(security('GET /api/v1/mailto-links')).toEqual([
      ...session,
      { apiToken: ['links:read'] },
    ]);
    expect(security('POST /api/v1/teams')).toEqual([...session, { apiToken: ['teams:write'] }]);
    expect(security('GET /api/v1/analytics/overview')).toEqual([
      ...session,
      { apiToken: ['analytics:read'] },
    ]);
    expect(security('POST /api/v1/tokens')).toEqual(session);
    expect(security('PUT /api/v1/auth/password')).toEqual(session);
    expect(security('POST /api/v1/auth/login')).toEqual([]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: expect.any(String) })]);
  });

  it('declares every error answer as JSON, the CSV downloads included', () => {
    const media = new Map<string, string[]>();
    for (const { key, op } of operations())
      for (const [status, response] of Object.entries(op.responses ?? {}))
        if (/^[45]/.test(status))
          media.set(`${key} ${status}`, Object.keys(response.content ?? {}));
    expect(media.size).toBeGreaterThan(50);
    for (const [what, types] of media) expect(types, what).toEqual(['application/json']);
    const csv = operations().find((o) => o.key === 'GET /api/v1/mailto-links/{id}/clicks.csv')!;
    expect(Object.keys(csv.op.responses!['200']!.content!)).toEqual(['text/csv']);
  });

  it('gives date-times, email addresses and URLs their format', () => {
    // Property name -> the formats its string schemas carry, over every answer's schema.
    const formats = new Map<string, Set<string>>();
    const visit = (node: unknown, name: string) => {
      if (Array.isArray(node)) return node.forEach((n) => visit(n, name));
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      const type = [schema.type].flat();
      if (type.includes('string'))
        formats.set(name, (formats.get(name) ?? new Set()).add(String(schema.format)));
      for (const [key, value] of Object.entries(schema))
        visit(value, ['anyOf', 'items', 'properties'].includes(key) ? name : key);
    };
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    for (const [name, schema] of Object.entries(schemas))
      if (!name.endsWith('Input')) visit(schema, name);
    const named = (test: RegExp) => [...formats.keys()].filter((n) => test.test(n));
    expect(named(/At$/).length).toBeGreaterThan(10);
    for (const name of named(/At$/)) expect([...formats.get(name)!], name).toEqual(['date-time']);
    for (const name of named(/^email$/)) expect([...formats.get(name)!], name).toEqual(['email']);
    for (const name of named(/Url$|^url$/)) expect([...formats.get(name)!], name).toEqual(['uri']);
    expect(named(/Url$|^url$/).sort()).toEqual([
      'mailtoUrl',
      'profileImageUrl',
      'scanUrl',
      'trackingUrl',
      'url',
    ]);
    const input = schemas.CreateWebhookBodyInput as { properties: Record<string, unknown> };
    expect(input.properties.url).toMatchObject({ format: 'uri' });
  });

  it('takes numbers in paths and queries as decimal digits', () => {
    const params = operations().flatMap(({ key, op }) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'path' || ['teamId', 'limit', 'offset'].includes(p.name))
        .map((p) => ({ what: `${key} ${p.name}`, schema: p.schema })),
    );
    expect(params.length).toBeGreaterThan(20);
    for (const { what, schema } of params)
      expect(schema, what).toMatchObject({
        type: 'string',
        // A session is named by 64 hex digits (never its cookie's token); every other id is a number.
        pattern: what.includes('/auth/sessions/') ? '^[0-9a-f]{64}$' : '^[0-9]+$',
      });
  });

  it('matches the committed client types (run `npm run api:types` after an API change)', async () => {
    expect(await apiTypes(doc)).toBe(fs.readFileSync(API_TYPES_FILE, 'utf8'));
  });
});

describe(`numbers as the document says (${dialect})`, () => {
  let t: TestApp;
  let who: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp();
    who = await signUp(t.app);
    await setTier(t.db, who.user.id, 'TEAM');
  });
  afterAll(async () => t.close());

  it.each(['0x5', '5e0', '%205', '5%20', '-5', '+5', 'true'])(
    'answers 400 naming the path parameter on every operation for the id %s',
    async (id) => {
      for (const { key } of operations()) {
        const [method, template] = key.split(' ') as [string, string];
        if (!template.includes('{')) continue;
        const res = await t.app.inject({
          method: method as 'GET',
          url: template.replace(/\{[A-Za-z]+\}/g, id),
          headers: who.headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
        expect(res.json().code, key).toBe('VALIDATION_ERROR');
        expect(Object.keys(res.json().fields), key).toEqual(
          [...template.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]),
        );
      }
    },
  );

  it.each(['limit=0x10', 'limit=1e2', 'limit=%2010', 'offset=0x0', 'teamId=5e0', 'teamId=%205'])(
    'refuses %s in a query with 400',
    async (query) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/mailto-links?${query}`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([query.split('=')[0]]);
    },
  );

  it.each([['"5"'], ['" 5"'], ['"0x5"'], ['"5e0"'], ['true'], ['5.5']])(
    'refuses %s as a link id in a JSON body with 400',
    async (raw) => {
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/v1/mailto-links',
        headers: who.headers,
        payload: { name: 'Numbers', to: 'a@example.com' },
      });
      const id = link.json().id as number;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tracking',
        headers: { ...who.headers, 'content-type': 'application/json' },
        payload: `{"mailtoLinkId": ${raw.replace('5', String(id))}}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['mailtoLinkId']);
    },
  );
});

describe(`typed client (${dialect})`, () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('signs in, makes a token and uses it through openapi-fetch with the generated types', async () => {
    const who = await signUp(t.app);
    await setTier(t.db, who.user.id, 'PREMIUM');
    const api = createClient<paths>({ baseUrl });

    const login = await api.POST('/api/v1/auth/login', {
      body: { username: who.user.username, password: who.password },
    });
    expect(login.response.status).toBe(200);
    const signedIn = login.data!;
    if (!('access_token' in signedIn)) throw new Error('two-step sign-in is off for this user');
    const session = { Authorization: `Bearer ${signedIn.access_token}` };

    const created = await api.POST('/api/v1/tokens', {
      headers: session,
      body: {
        name: 'typed client',
        scopes: ['links:read', 'links:write'],
        expiresInDays: 7,
        currentPassword: who.password,
      },
    });
    expect(created.response.status).toBe(201);
    const token = created.data!.token;
    expect(token.startsWith('mtk_')).toBe(true);

    const scripted = createClient<paths>({
      baseUrl,
      headers: { Authorization: `Bearer ${token}` },
    });
    const link = await scripted.POST('/api/v1/mailto-links', {
      body: { name: 'Typed', to: 'typed@example.com', subject: 'Hi' },
    });
    expect(link.response.status).toBe(201);
    const list = await scripted.GET('/api/v1/mailto-links', { params: { query: { limit: '10' } } });
    expect(list.data?.map((l) => l.name)).toEqual(['Typed']);

    const denied = await scripted.GET('/api/v1/teams');
    expect(denied.response.status).toBe(403);
    expect(denied.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });

    const tokens = await api.GET('/api/v1/tokens', { headers: session });
    expect(tokens.data?.map((x) => x.name)).toEqual(['typed client']);
    const revoked = await api.DELETE('/api/v1/tokens/{id}', {
      headers: session,
      params: { path: { id: String(created.data!.id) } },
    });
    expect(revoked.response.status).toBe(204);
    expect((await scripted.GET('/api/v1/mailto-links')).response.status).toBe(401);
  });
});
