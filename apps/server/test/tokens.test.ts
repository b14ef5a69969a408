import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES, type TokenScope } from '@mailtokit/contracts/tokens';
import {
  createLink,
  createTeam,
  createTestApp,
  PRODUCTION_HASHING,
  dialect,
  signIn,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

let t: TestApp;
let owner: SignedIn;
let linkId: number;
let teamId: number;
/** Added to the real time by the app's clock: lets a test move time forward. */
let offsetMs = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: { hashing: PRODUCTION_HASHING },
    app: { clock: () => new Date(Date.now() + offsetMs) },
  });
  owner = await signUpAs(t, 'TEAM');
  linkId = (await createLink(t.app, owner.headers)).id;
  teamId = (await createTeam(t.app, owner)).id;
});
afterAll(async () => t.close());
afterEach(() => {
  offsetMs = 0;
});

async function createToken(
  who: SignedIn,
  body: Record<string, unknown>,
): Promise<{ id: number; token: string; scopes: string[]; expiresAt: string | null }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: who.headers,
    payload: { currentPassword: who.password, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One call per area, with the scope it needs. */
const AREAS: {
  scope: TokenScope;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  payload?: () => unknown;
}[] = [
  { scope: 'links:read', method: 'GET', url: () => '/api/v1/mailto-links' },
  { scope: 'links:read', method: 'GET', url: () => `/api/v1/mailto-links/${linkId}` },
  {
    scope: 'links:read',
    method: 'GET',
    url: () => `/api/v1/mailto-links/${linkId}/tracking-links`,
  },
  {
    scope: 'links:write',
    method: 'POST',
    url: () => '/api/v1/mailto-links',
    payload: () => ({ name: 'From a script', to: 'a@example.com' }),
  },
  {
    scope: 'links:write',
    method: 'POST',
    url: () => '/api/v1/tracking',
    payload: () => ({ mailtoLinkId: linkId, label: 'script' }),
  },
  { scope: 'analytics:read', method: 'GET', url: () => '/api/v1/analytics/overview' },
  { scope: 'analytics:read', method: 'GET', url: () => `/api/v1/mailto-links/${linkId}/analytics` },
  {
    scope: 'analytics:read',
    method: 'GET',
    url: () => `/api/v1/mailto-links/${linkId}/clicks.csv`,
  },
  { scope: 'teams:read', method: 'GET', url: () => '/api/v1/teams' },
  { scope: 'teams:read', method: 'GET', url: () => `/api/v1/teams/${teamId}/members` },
  { scope: 'webhooks:write', method: 'GET', url: () => '/api/v1/webhooks' },
  {
    scope: 'teams:write',
    method: 'POST',
    url: () => '/api/v1/teams',
    payload: () => ({ name: `Scripted ${Math.random().toString(36).slice(2, 8)}` }),
  },
];

describe(`API tokens (${dialect})`, () => {
  it('creates a token shown once, lists it without the secret, stores only its hash', async () => {
    const created = await createToken(owner, {
      name: '  CRM sync ',
      scopes: ['links:write', 'links:read'],
      expiresInDays: 30,
    });
    expect(created.token).toMatch(/^mtk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'CRM sync',
      scopes: ['links:read', 'links:write'],
      lastUsedAt: null,
    });
    const days = (Date.parse(created.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tokens',
      headers: owner.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.json()[0]).toMatchObject({ id: created.id, name: 'CRM sync' });
    expect(list.json()[0]).not.toHaveProperty('token');

    const rows = await t.db.kysely.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(4));
    const row = rows.find((r) => r.id === created.id);
    expect(row?.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
  });

  it('rejects unknown or empty scopes, bad names and expiries with 400', async () => {
    for (const payload of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['links:admin'] },
      { name: 'x' },
      { name: '', scopes: ['links:read'] },
      { name: 'x'.repeat(101), scopes: ['links:read'] },
      { name: 'x', scopes: ['links:read'], expiresInDays: 0 },
      { name: 'x', scopes: ['links:read'], expiresInDays: 366 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('lets each scope reach its own area only (403 INSUFFICIENT_SCOPE naming the scope elsewhere)', async () => {
    for (const scope of TOKEN_SCOPES) {
      const { token } = await createToken(owner, { name: scope, scopes: [scope] });
      for (const area of AREAS) {
        const res = await t.app.inject({
          method: area.method,
          url: area.url(),
          headers: bearer(token),
          ...(area.payload ? { payload: area.payload() as object } : {}),
        });
        const what = `${scope} -> ${area.method} ${area.url()}`;
        if (area.scope === scope) expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
        else {
          expect(res.statusCode, what).toBe(403);
          expect(res.json(), what).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
          expect(res.json<{ detail: string }>().detail, what).toContain(area.scope);
        }
      }
    }
  });

  it('acts as its user: writes land in their account, tier gates apply', async () => {
    const { token } = await createToken(owner, {
      name: 'w',
      scopes: ['links:write', 'links:read'],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mailto-links',
      headers: bearer(token),
      payload: { name: 'Via token', to: 'b@example.com' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: owner.user.id });

    const free = await signUpAs(t, 'FREE');
    const freeToken = await createToken(free, { name: 'f', scopes: ['links:read'] });
    const gated = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mailto-links',
      headers: bearer(freeToken.token),
    });
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({
      code: 'PREMIUM_REQUIRED',
      detail: 'Premium subscription required',
    });
  });

  it('never manages tokens, the password, the session or the account (403)', async () => {
    const { token, id } = await createToken(owner, { name: 'all', scopes: [...TOKEN_SCOPES] });
    const calls = [
      { method: 'GET', url: '/api/v1/tokens' },
      { method: 'POST', url: '/api/v1/tokens', payload: { name: 'child', scopes: ['links:read'] } },
      { method: 'DELETE', url: `/api/v1/tokens/${id}` },
      {
        method: 'PUT',
        url: '/api/v1/auth/password',
        payload: { currentPassword: owner.password, newPassword: 'another password 1' },
      },
      { method: 'POST', url: '/api/v1/auth/logout' },
      { method: 'GET', url: '/api/v1/auth/me' },
      { method: 'PUT', url: '/api/v1/profile', payload: { firstName: 'Eve' } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: bearer(token),
        ...('payload' in call ? { payload: call.payload } : {}),
      });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    }
    // The token still works and still exists.
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/teams', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: owner.user.username, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 401 at once for a revoked, expired or unknown token', async () => {
    const a = await createToken(owner, { name: 'revoke me', scopes: ['teams:read'] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/teams', headers: bearer(a.token) }))
        .statusCode,
    ).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${a.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/teams',
      headers: bearer(a.token),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const b = await createToken(owner, {
      name: 'expire me',
      scopes: ['teams:read'],
      expiresInDays: 1,
    });
    const teamsWith = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/teams', headers: bearer(token) }))
        .statusCode;
    const untilExpiry = Date.parse(b.expiresAt ?? '') - Date.now();
    offsetMs = untilExpiry - 60_000;
    expect(await teamsWith(b.token)).toBe(200);
    offsetMs = untilExpiry + 1000;
    expect(await teamsWith(b.token)).toBe(401);
    offsetMs = 0;

    const unknown = `mtk_${'A'.repeat(43)}`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/teams', headers: bearer(unknown) }))
        .statusCode,
    ).toBe(401);
  });

  it("answers 404 for another user's token id and leaves it working", async () => {
    const other = await signUpAs(t, 'PREMIUM');
    const theirs = await createToken(other, { name: 'theirs', scopes: ['teams:read'] });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${theirs.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/tokens/0', headers: owner.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/tokens/abc', headers: owner.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/teams', headers: bearer(theirs.token) }))
        .statusCode,
    ).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tokens',
      headers: owner.headers,
    });
    expect(mine.json<{ id: number }[]>().map((x) => x.id)).not.toContain(theirs.id);
  });

  it('records lastUsedAt, at most once a minute', async () => {
    const { token, id } = await createToken(owner, { name: 'used', scopes: ['teams:read'] });
    const lastUsed = async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/tokens',
        headers: owner.headers,
      });
      expect(list.statusCode).toBe(200);
      return list.json<{ id: number; lastUsedAt: string | null }[]>().find((x) => x.id === id)!
        .lastUsedAt;
    };
    const use = async () =>
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/teams', headers: bearer(token) }))
          .statusCode,
      ).toBe(200);
    expect(await lastUsed()).toBeNull();
    await use();
    const first = await lastUsed();
    expect(first).not.toBeNull();
    offsetMs = 30_000;
    await use();
    expect(await lastUsed()).toBe(first);

    offsetMs = 61_000;
    const before = Date.now() + offsetMs;
    await use();
    const later = await lastUsed();
    expect(Date.parse(later ?? '') - Date.parse(first ?? '')).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(later ?? '')).toBeGreaterThanOrEqual(before);
  });

  it('needs a session to manage tokens (401 anonymous)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tokens' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/tokens',
          payload: { name: 'x', scopes: ['links:read'] },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe(`new keys need the password (${dialect})`, () => {
  const post = (who: SignedIn | Record<string, string>, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: 'headers' in who ? (who.headers as Record<string, string>) : who,
      payload,
    });
  const NEEDS = { currentPassword: 'Enter your current password to continue' };
  const TOKEN = { name: 'stolen session', scopes: ['links:read'] };
  const HOOK = { url: 'https://93.184.215.14/exfiltrate' };

  it('refuses a token or a webhook under a session without the password, or with a wrong one', async () => {
    for (const [url, body] of [
      ['/api/v1/tokens', TOKEN],
      ['/api/v1/webhooks', HOOK],
    ] as const) {
      // A fresh session each: the right password confirms the session it is sent in.
      const me = await signUpAs(t, 'PREMIUM');
      const without = await post(me, url, body);
      expect(without.statusCode, url).toBe(400);
      expect(without.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: NEEDS });
      const wrong = await post(me, url, { ...body, currentPassword: 'not my password' });
      expect(wrong.statusCode, url).toBe(400);
      expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
      const right = await post(me, url, { ...body, currentPassword: me.password });
      expect(right.statusCode, url).toBe(201);
    }
  });

  it('accepts a password confirmed in the same session within 10 minutes', async () => {
    const me = await signUpAs(t, 'PREMIUM');
    const wrong = await post(me, '/api/v1/auth/confirm-password', { currentPassword: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await post(me, '/api/v1/tokens', TOKEN)).statusCode).toBe(400);

    const before = Date.now();
    const ok = await post(me, '/api/v1/auth/confirm-password', { currentPassword: me.password });
    expect(ok.statusCode).toBe(200);
    const until = Date.parse(ok.json().confirmedUntil);
    expect(until - before).toBeGreaterThanOrEqual(10 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await post(me, '/api/v1/tokens', TOKEN)).statusCode).toBe(201);
    expect((await post(me, '/api/v1/webhooks', HOOK)).statusCode).toBe(201);

    // Another session of the same account has confirmed nothing.
    const elsewhere = await signIn(t.app, me.user.username, me.password);
    expect((await post(elsewhere, '/api/v1/tokens', TOKEN)).statusCode).toBe(400);

    // Ten minutes on (app clock), the confirmation has lapsed.
    offsetMs = 10 * 60_000 + 1000;
    const late = await post(me, '/api/v1/webhooks', HOOK);
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toEqual(NEEDS);
  });

  it('budgets confirmations like every password check: 20 parallel wrong ones from one address get 4 verdicts', async () => {
    const me = await signUpAs(t, 'FREE');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(me, '/api/v1/auth/confirm-password', { currentPassword: 'a wrong guess' }),
      ),
    );
    // One address holds at most 2 hashes in flight and 2 waiting; the rest are refused at once.
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(4).fill(400), ...Array(16).fill(429)]);
    expect(answers.find((r) => r.statusCode === 429)?.headers['retry-after']).toBeDefined();
    // The refused ones spent nothing: the fifth wrong password is checked, the budget's last.
    const fifth = await post(me, '/api/v1/auth/confirm-password', { currentPassword: 'wrong' });
    expect(fifth.statusCode).toBe(400);
    // The budget is the account's: the right password now waits too.
    const right = await post(me, '/api/v1/auth/confirm-password', { currentPassword: me.password });
    expect(right.statusCode).toBe(429);
  });

  it('needs no password from an API token that has the scope', async () => {
    const me = await signUpAs(t, 'PREMIUM');
    const { token } = await createToken(me, { name: 'ci', scopes: ['webhooks:write'] });
    const res = await post({ authorization: `Bearer ${token}` }, '/api/v1/webhooks', HOOK);
    expect(res.statusCode).toBe(201);
    // …and confirming needs a session.
    const confirm = await post(
      { authorization: `Bearer ${token}` },
      '/api/v1/auth/confirm-password',
      {
        currentPassword: me.password,
      },
    );
    expect(confirm.statusCode).toBe(403);
  });
});
