import type { SecurityEvent } from '@mailtokit/contracts/security-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUpAs, type SignedIn, type TestApp } from './helpers';

const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) SecurityLogTest/2.0';
const IP = '192.0.2.44';
const LOG = '/api/v1/account/security-log';

let t: TestApp;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: IP,
    headers: { ...headers, 'user-agent': UA },
    ...(payload ? { payload } : {}),
  });

async function log(who: SignedIn): Promise<SecurityEvent[]> {
  const res = await call('GET', `${LOG}?limit=200`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Runs `action` and returns the events it appended to `who`'s log, oldest first. */
async function added(who: SignedIn, action: () => Promise<unknown>) {
  const before = new Set((await log(who)).map((e) => e.id));
  await action();
  return (await log(who))
    .filter((e) => !before.has(e.id))
    .reverse()
    .map((e) => [e.event, e.detail]);
}

const login = (username: string, password: string) =>
  call('POST', '/api/v1/auth/login', {}, { username, password });

beforeAll(async () => {
  t = await createTestApp({ config: { webhooks: { allowPrivate: true, retryBaseMs: 40 } } });
});
afterAll(async () => {
  await t.close();
});

describe("an account's security log", () => {
  it('records sign-ins, successful and failed, with the browser and never the address', async () => {
    const me = await signUpAs(t, 'FREE');
    const events = await added(me, async () => {
      expect((await login(me.user.username, 'wrong password')).statusCode).toBe(401);
      expect((await login(me.user.username, me.password)).statusCode).toBe(200);
    });
    expect(events).toEqual([
      ['sign_in_failed', null],
      ['sign_in', null],
    ]);
    const [newest] = await log(me);
    expect(newest).toMatchObject({ event: 'sign_in', userAgent: UA, country: null });
    const raw = await t.db.kysely.selectFrom('security_log').selectAll().execute();
    expect(JSON.stringify(raw)).not.toContain(IP);
    // An unknown name writes nothing anywhere.
    const count = raw.length;
    await login('nobody-at-all', 'whatever');
    expect(await t.db.kysely.selectFrom('security_log').select('id').execute()).toHaveLength(count);
  });

  it('records a password change and the other sessions it signed out', async () => {
    const me = await signUpAs(t, 'FREE');
    await signIn(t.app, me.user.username, me.password);
    await signIn(t.app, me.user.username, me.password);
    const events = await added(me, async () => {
      const res = await call('PUT', '/api/v1/auth/password', me.headers, {
        currentPassword: me.password,
        newPassword: 'a brand new passphrase',
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(events).toEqual([
      ['password_changed', null],
      ['other_sessions_signed_out', '2 sessions'],
    ]);
  });

  it('records a password reset and an email change', async () => {
    const me = await signUpAs(t, 'FREE');
    const { url } = await t.app.services.passwordReset.linkFor(me.user.username);
    const token = new URL(url).searchParams.get('token') ?? url.split('/').pop() ?? '';
    const reset = await call(
      'POST',
      '/api/v1/auth/password-reset/confirm',
      {},
      {
        token,
        password: 'reset passphrase here',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await signIn(t.app, me.user.username, 'reset passphrase here');
    const events = (await log(again)).reverse().map((e) => e.event);
    // Signed in at sign-up, reset, signed in again.
    expect(events).toEqual(['sign_in', 'password_reset', 'sign_in']);

    const email = await added(again, async () => {
      const res = await call('PUT', '/api/v1/profile', again.headers, {
        firstName: 'New',
        lastName: 'Mail',
        email: `changed-${me.user.username}@example.com`,
        currentPassword: 'reset passphrase here',
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(email).toEqual([['email_changed', `changed-${me.user.username}@example.com`]]);
  });

  it('records API tokens and webhooks created and revoked', async () => {
    const me = await signUpAs(t, 'PREMIUM');
    const events = await added(me, async () => {
      const token = await call('POST', '/api/v1/tokens', me.headers, {
        name: 'CI deploy',
        scopes: ['links:read'],
        currentPassword: me.password,
      });
      expect(token.statusCode).toBe(201);
      expect(
        (await call('DELETE', `/api/v1/tokens/${token.json().id as number}`, me.headers))
          .statusCode,
      ).toBe(204);
      const hook = await call('POST', '/api/v1/webhooks', me.headers, {
        url: 'https://93.184.215.14/hook',
        currentPassword: me.password,
      });
      expect(hook.statusCode, hook.body).toBe(201);
      expect(
        (await call('DELETE', `/api/v1/webhooks/${hook.json().id as number}`, me.headers))
          .statusCode,
      ).toBe(204);
    });
    expect(events).toEqual([
      ['api_token_created', 'CI deploy'],
      ['api_token_revoked', 'CI deploy'],
      ['webhook_created', 'https://93.184.215.14/hook'],
      ['webhook_deleted', 'https://93.184.215.14/hook'],
    ]);
  });

  it('is each user’s own, session only, paged, in the export, and deleted with the account', async () => {
    const me = await signUpAs(t, 'PREMIUM');
    const other = await signUpAs(t, 'PREMIUM');
    await login(me.user.username, 'wrong password');
    expect((await log(other)).map((e) => e.event)).not.toContain('sign_in_failed');

    const token = await call('POST', '/api/v1/tokens', me.headers, {
      name: 'reader',
      scopes: ['links:read', 'teams:read', 'audit:read'],
      currentPassword: me.password,
    });
    const byToken = await t.app.inject({
      url: LOG,
      headers: { authorization: `Bearer ${token.json().token as string}` },
    });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().code).toBe('SESSION_REQUIRED');

    const all = await log(me);
    const page = await call('GET', `${LOG}?limit=1&offset=1`, me.headers);
    expect(page.headers['x-total-count']).toBe(String(all.length));
    expect(page.json().map((e: SecurityEvent) => e.id)).toEqual([all[1]?.id]);
    expect((await call('GET', `${LOG}?limit=0`, me.headers)).statusCode).toBe(400);

    const exported = await call('GET', '/api/v1/account/export', me.headers);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().securityLog).toEqual(all);

    const del = await call('DELETE', '/api/v1/account', me.headers, { password: me.password });
    expect(del.statusCode).toBe(204);
    const left = await t.db.kysely
      .selectFrom('security_log')
      .select('id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
