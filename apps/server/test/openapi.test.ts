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

type Operation = { operationId?: string; security?: Record<string, string[]>[] };

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

  it('matches the committed client types (run `npm run api:types` after an API change)', async () => {
    expect(await apiTypes(doc)).toBe(fs.readFileSync(API_TYPES_FILE, 'utf8'));
  });
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
    const session = { Authorization: `Bearer ${login.data!.access_token}` };

    const created = await api.POST('/api/v1/tokens', {
      headers: session,
      body: { name: 'typed client', scopes: ['links:read', 'links:write'], expiresInDays: 7 },
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
    const list = await scripted.GET('/api/v1/mailto-links', { params: { query: { limit: 10 } } });
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
