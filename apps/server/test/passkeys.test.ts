import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmPassword,
  createTestApp,
  movableClock,
  sessionCookie,
  signUp,
  type SignedIn,
  type TestApp,
} from './helpers';
import { SoftwareAuthenticator } from './software-authenticator';

const ORIGIN = 'https://mailtokit.test';
const clock = movableClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ app: { clock: clock.now }, config: { publicUrl: ORIGIN } });
});
afterAll(async () => {
  await t?.close();
});

interface Options {
  challenge: string;
  user: { id: string };
  rp: { id: string };
  allowCredentials?: Array<{ id: string }>;
  excludeCredentials?: Array<{ id: string }>;
}

/** `name=value` of the cookie that ties a passkey ceremony to the browser. */
function ceremonyCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name === 'mailtokit_passkey');
  if (!c) throw new Error(`no ceremony cookie set: ${res.statusCode} ${res.body}`);
  return `${c.name}=${c.value}`;
}

function withCookies(...cookies: Array<string | undefined>) {
  return { cookie: cookies.filter(Boolean).join('; ') };
}

async function registrationOptions(who: SignedIn, payload: object = {}) {
  return await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/passkeys/registration/options',
    headers: who.headers,
    payload,
  });
}

/** Adds a passkey of a new software authenticator to the account. */
async function addPasskey(who: SignedIn, name = 'Laptop'): Promise<SoftwareAuthenticator> {
  const key = new SoftwareAuthenticator(ORIGIN);
  const options = await registrationOptions(who, { currentPassword: who.password });
  expect(options.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/passkeys/registration/verify',
    headers: withCookies(who.cookie, ceremonyCookie(options)),
    payload: { name, response: key.register(options.json<Options>()) },
  });
  expect(res.statusCode).toBe(201);
  return key;
}

async function signInOptions(challengeToken?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/passkeys/authentication/options',
    payload: challengeToken ? { challengeToken } : {},
  });
  expect(res.statusCode).toBe(200);
  return { options: res.json<Options>(), cookie: ceremonyCookie(res) };
}

function signInWith(cookie: string | undefined, response: object, challengeToken?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/passkeys/authentication/verify',
    headers: withCookies(cookie),
    payload: { response, ...(challengeToken ? { challengeToken } : {}) },
  });
}

async function passkeysOf(who: SignedIn) {
  const res = await t.app.inject({ url: '/api/v1/auth/passkeys', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{
    passkeys: Array<{ id: number; name: string; createdAt: string; lastUsedAt: string | null }>;
  }>().passkeys;
}

describe('adding a passkey', () => {
  it('needs a fresh password; then lists it by name with when it was added', async () => {
    const who = await signUp(t.app);
    const without = await registrationOptions(who);
    expect(without.statusCode).toBe(400);
    expect(without.json().fields.currentPassword).toBeTruthy();

    const options = await registrationOptions(who, { currentPassword: who.password });
    expect(options.statusCode).toBe(200);
    const body = options.json<Options>();
    expect(body.rp.id).toBe('mailtokit.test');
    expect(body).toMatchObject({ authenticatorSelection: { residentKey: 'required' } });
    const key = new SoftwareAuthenticator(ORIGIN);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/passkeys/registration/verify',
      headers: withCookies(who.cookie, ceremonyCookie(options)),
      payload: { name: 'Work laptop', response: key.register(body) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    const list = await passkeysOf(who);
    expect(list).toEqual([
      { id: res.json().id, name: 'Work laptop', createdAt: res.json().createdAt, lastUsedAt: null },
    ]);

    // The next options exclude it, so the same authenticator is not added twice.
    const again = await registrationOptions(who);
    expect(again.json<Options>().excludeCredentials?.map((c) => c.id)).toEqual([key.id]);
  });

  it('refuses a credential made for another site, without the browser’s ceremony, or twice', async () => {
    const who = await signUp(t.app);
    const key = new SoftwareAuthenticator('https://evil.test');
    const options = await registrationOptions(who, { currentPassword: who.password });
    const cookie = ceremonyCookie(options);
    const verify = (response: object, ...cookies: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/passkeys/registration/verify',
        headers: withCookies(who.cookie, ...cookies),
        payload: { name: 'Phone', response },
      });
    const foreign = await verify(key.register(options.json<Options>()), cookie);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('PASSKEY_REJECTED');
    // The ceremony was used by that attempt: a right answer now finds none.
    const good = new SoftwareAuthenticator(ORIGIN);
    const used = await verify(good.register(options.json<Options>()), cookie);
    expect(used.statusCode).toBe(401);
    expect(used.json().code).toBe('INVALID_CHALLENGE');
    const noCookie = await verify(good.register(options.json<Options>()));
    expect(noCookie.statusCode).toBe(401);
    expect(await passkeysOf(who)).toEqual([]);
  });

  it('refuses a ceremony older than 5 minutes', async () => {
    const who = await signUp(t.app);
    const options = await registrationOptions(who, { currentPassword: who.password });
    clock.advance(5 * 60_000 + 1_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/passkeys/registration/verify',
      headers: withCookies(who.cookie, ceremonyCookie(options)),
      payload: {
        name: 'Late',
        response: new SoftwareAuthenticator(ORIGIN).register(options.json<Options>()),
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CHALLENGE');
  });
});

describe('signing in with a passkey alone', () => {
  it('needs no username; starts a session and records the use', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const { options, cookie } = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await signInWith(cookie, key.assert(options));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(who.user.username);
    const me = await t.app.inject({
      url: '/api/v1/auth/me',
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.json().username).toBe(who.user.username);
    expect((await passkeysOf(who))[0]!.lastUsedAt).not.toBeNull();
  });

  it('takes each ceremony once, and no answer of an earlier one', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const first = await signInOptions();
    const answer = key.assert(first.options);
    expect((await signInWith(first.cookie, answer)).statusCode).toBe(200);
    const replayed = await signInWith(first.cookie, answer);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('INVALID_CHALLENGE');
    const second = await signInOptions();
    const old = await signInWith(second.cookie, answer);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('PASSKEY_REJECTED');
  });

  it('refuses a counter that does not go up, once the authenticator keeps one', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const a = await signInOptions();
    expect((await signInWith(a.cookie, key.assert(a.options, { bump: 5 }))).statusCode).toBe(200);
    // A copy of the key whose counter lags behind: a cloned authenticator.
    key.counter = 2;
    const b = await signInOptions();
    const cloned = await signInWith(b.cookie, key.assert(b.options));
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().code).toBe('PASSKEY_REJECTED');
    key.counter = 9;
    const c = await signInOptions();
    expect((await signInWith(c.cookie, key.assert(c.options))).statusCode).toBe(200);
  });

  it('refuses a passkey that did not verify its user, one of another site, and unknown ones', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    key.userVerified = false;
    const a = await signInOptions();
    expect((await signInWith(a.cookie, key.assert(a.options))).json().code).toBe(
      'PASSKEY_REJECTED',
    );
    key.userVerified = true;
    const b = await signInOptions();
    const foreign = await signInWith(
      b.cookie,
      key.assert(b.options, { origin: 'https://evil.test' }),
    );
    expect(foreign.statusCode).toBe(401);
    const c = await signInOptions();
    const stranger = new SoftwareAuthenticator(ORIGIN);
    expect((await signInWith(c.cookie, stranger.assert(c.options))).statusCode).toBe(401);
  });
});

describe('a passkey as the second step', () => {
  it('is offered after the password, and completes that sign-in once', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: who.user.username, password: who.password },
    });
    expect(login.statusCode).toBe(202);
    const { challengeToken, methods } = login.json<{ challengeToken: string; methods: string[] }>();
    expect(methods).toEqual(['passkey']);

    const { options, cookie } = await signInOptions(challengeToken);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    // The answer must name the sign-in it completes.
    expect((await signInWith(cookie, key.assert(options))).statusCode).toBe(401);
    const again = await signInOptions(challengeToken);
    key.userVerified = false; // as a second step, presence is enough
    const res = await signInWith(again.cookie, key.assert(again.options), challengeToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(who.user.username);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/passkeys/authentication/options',
      payload: { challengeToken },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('INVALID_CHALLENGE');
  });

  it('takes no passkey of another account', async () => {
    const who = await signUp(t.app);
    await addPasskey(who);
    const other = await signUp(t.app);
    const otherKey = await addPasskey(other);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: who.user.username, password: who.password },
    });
    const { challengeToken } = login.json<{ challengeToken: string }>();
    const { options, cookie } = await signInOptions(challengeToken);
    const res = await signInWith(cookie, otherKey.assert(options), challengeToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('PASSKEY_REJECTED');
  });
});

describe('renaming and removing', () => {
  it('renames; removal needs a fresh confirmation, then the passkey signs in no more', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who, 'Old name');
    const [passkey] = await passkeysOf(who);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/auth/passkeys/${passkey!.id}`,
      headers: who.headers,
      payload: { name: 'Phone' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Phone');
    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/auth/passkeys/${passkey!.id}`,
      headers: who.headers,
      payload: { name: ' ' },
    });
    expect(blank.statusCode).toBe(400);

    const other = await signUp(t.app);
    await confirmPassword(t.app, other);
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/passkeys/${passkey!.id}`,
      headers: other.headers,
    });
    expect(notTheirs.statusCode).toBe(404);

    clock.advance(11 * 60_000); // the confirmation of adding it is stale
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/auth/passkeys/${passkey!.id}`,
        headers: who.headers,
      });
    const stale = await remove();
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fields.currentPassword).toBeTruthy();
    await confirmPassword(t.app, who);
    expect((await remove()).statusCode).toBe(204);
    expect(await passkeysOf(who)).toEqual([]);

    const { options, cookie } = await signInOptions();
    expect((await signInWith(cookie, key.assert(options))).statusCode).toBe(401);
    // Without a passkey (and no authenticator app) the password alone signs in again.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: who.user.username, password: who.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('the account’s data', () => {
  it('exports names and dates only; deletion removes the passkeys', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who, 'Security key');
    const exported = await t.app.inject({ url: '/api/v1/account/export', headers: who.headers });
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(exported.body) as { passkeys: Array<Record<string, unknown>> };
    expect(data.passkeys).toHaveLength(1);
    expect(Object.keys(data.passkeys[0]!).sort()).toEqual([
      'createdAt',
      'id',
      'lastUsedAt',
      'name',
    ]);
    expect(exported.body).not.toContain(key.id);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: who.headers,
      payload: { password: who.password },
    });
    expect(deleted.statusCode).toBe(204);
    const rows = await t.db.kysely.selectFrom('passkeys').selectAll().execute();
    expect(rows.filter((r) => r.credential_id === key.id)).toEqual([]);
    const { options, cookie } = await signInOptions();
    expect((await signInWith(cookie, key.assert(options))).statusCode).toBe(401);
  });
});

/** `name=value` of the cookie of a confirmation ceremony. */
function confirmationCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((k) => k.name === 'mailtokit_passkey_confirm');
  if (!c) throw new Error(`no confirmation cookie set: ${res.statusCode} ${res.body}`);
  return `${c.name}=${c.value}`;
}

async function confirmationOptions(session: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/confirm-password/passkey/options',
    headers: withCookies(session),
  });
  expect(res.statusCode).toBe(200);
  return { options: res.json<Options>(), cookie: confirmationCookie(res) };
}

function confirmWith(session: string, ceremony: string | undefined, passkey: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/confirm-password',
    headers: withCookies(session, ceremony),
    payload: { passkey },
  });
}

function createToken(session: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: withCookies(session),
    payload: { name: 'CI', scopes: ['links:read'] },
  });
}

/** A session of the account begun with the passkey alone (its password now asks for it). */
async function passkeySession(key: SoftwareAuthenticator): Promise<string> {
  const { options, cookie } = await signInOptions();
  const res = await signInWith(cookie, key.assert(options));
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

describe('a passkey confirms the session', () => {
  it('in place of the password: sensitive changes then need nothing more for 10 minutes', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    clock.advance(11 * 60_000); // the password confirmed to add the passkey is stale
    const session = who.cookie;
    const refused = await createToken(session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.currentPassword).toBeTruthy();

    const { options, cookie } = await confirmationOptions(session);
    // Only the account's passkeys, and one that verifies its user.
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    expect(options).toMatchObject({ userVerification: 'required', rpId: 'mailtokit.test' });
    const before = (await passkeysOf(who))[0]!.lastUsedAt;
    const asked = clock.now().getTime();
    const confirmed = await confirmWith(session, cookie, key.assert(options, { bump: 3 }));
    expect(confirmed.statusCode).toBe(200);
    const until = Date.parse(confirmed.json<{ confirmedUntil: string }>().confirmedUntil);
    expect(until).toBeGreaterThanOrEqual(asked + 10 * 60_000);
    expect(until).toBeLessThanOrEqual(clock.now().getTime() + 10 * 60_000);
    // The ceremony's cookie is cleared: it was answered.
    expect(confirmed.cookies.find((c) => c.name === 'mailtokit_passkey_confirm')?.value).toBe('');
    expect((await passkeysOf(who))[0]!.lastUsedAt).not.toBe(before);
    expect((await createToken(session)).statusCode).toBe(201);

    clock.advance(10 * 60_000 + 1_000);
    expect((await createToken(session)).statusCode).toBe(400);
  });

  it('refuses a used ceremony, one of another session, none, and a counter that went back', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const session = who.cookie;
    const first = await confirmationOptions(session);
    const answer = key.assert(first.options);
    expect((await confirmWith(session, first.cookie, answer)).statusCode).toBe(200);
    const replayed = await confirmWith(session, first.cookie, answer);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'INVALID_CHALLENGE' });

    // A ceremony begun in another session of the same account confirms only that session.
    const other = await passkeySession(key);
    const theirs = await confirmationOptions(other);
    const foreign = await confirmWith(session, theirs.cookie, key.assert(theirs.options));
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ code: 'INVALID_CHALLENGE' });

    const none = await confirmWith(session, undefined, key.assert(first.options));
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'INVALID_CHALLENGE' });

    // A sign-in ceremony's cookie is not a confirmation's.
    const signIn = await signInOptions();
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm-password',
      headers: withCookies(
        session,
        signIn.cookie.replace('mailtokit_passkey=', 'mailtokit_passkey_confirm='),
      ),
      payload: { passkey: key.assert(signIn.options) },
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ code: 'INVALID_CHALLENGE' });

    const a = await confirmationOptions(session);
    expect(
      (await confirmWith(session, a.cookie, key.assert(a.options, { bump: 5 }))).statusCode,
    ).toBe(200);
    key.counter = 1; // a cloned authenticator lagging behind
    const b = await confirmationOptions(session);
    const cloned = await confirmWith(session, b.cookie, key.assert(b.options));
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json()).toMatchObject({ code: 'PASSKEY_REJECTED' });
  });

  it('takes no passkey of another account, nor one that did not verify its user', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const stranger = await signUp(t.app);
    const strangerKey = await addPasskey(stranger);
    clock.advance(11 * 60_000);

    const a = await confirmationOptions(who.cookie);
    const theirs = await confirmWith(who.cookie, a.cookie, strangerKey.assert(a.options));
    expect(theirs.statusCode).toBe(401);
    expect(theirs.json()).toMatchObject({ code: 'PASSKEY_REJECTED' });

    key.userVerified = false;
    const b = await confirmationOptions(who.cookie);
    const unverified = await confirmWith(who.cookie, b.cookie, key.assert(b.options));
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json()).toMatchObject({ code: 'PASSKEY_REJECTED' });
    expect((await createToken(who.cookie)).statusCode).toBe(400);
  });

  it('needs a session and a passkey; one answer at a time', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm-password/passkey/options',
    });
    expect(anonymous.statusCode).toBe(401);
    const without = await signUp(t.app);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm-password/passkey/options',
      headers: without.headers,
    });
    expect(none.statusCode).toBe(409);

    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const { options, cookie } = await confirmationOptions(who.cookie);
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm-password',
      headers: withCookies(who.cookie, cookie),
      payload: { currentPassword: who.password, passkey: key.assert(options) },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('VALIDATION_ERROR');
  });

  it('spends from the budget of wrong passwords when refused, then answers 429', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const stranger = new SoftwareAuthenticator(ORIGIN);
    // Accepted passkeys spend nothing.
    for (let i = 0; i < 6; i++) {
      const { options, cookie } = await confirmationOptions(who.cookie);
      expect((await confirmWith(who.cookie, cookie, key.assert(options))).statusCode).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      const { options, cookie } = await confirmationOptions(who.cookie);
      const res = await confirmWith(who.cookie, cookie, stranger.assert(options));
      expect(res.statusCode).toBe(401);
    }
    const { options, cookie } = await confirmationOptions(who.cookie);
    const limited = await confirmWith(who.cookie, cookie, key.assert(options));
    expect(limited.statusCode).toBe(429);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm-password',
      headers: who.headers,
      payload: { currentPassword: who.password },
    });
    expect(password.statusCode).toBe(429);
  });
});

describe('remembering the browser at a passkey second step', () => {
  async function passwordStep(who: SignedIn, cookie?: string) {
    return await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: who.user.username, password: who.password },
      headers: withCookies(cookie),
    });
  }

  it('skips the second step of the next password sign-in from that browser only', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const secondStep = async (rememberBrowser?: boolean) => {
      const login = await passwordStep(who);
      expect(login.statusCode).toBe(202);
      const { challengeToken } = login.json<{ challengeToken: string }>();
      const { options, cookie } = await signInOptions(challengeToken);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/passkeys/authentication/verify',
        headers: withCookies(cookie),
        payload: { response: key.assert(options), challengeToken, rememberBrowser },
      });
      expect(res.statusCode).toBe(200);
      return res.cookies.find((c) => c.name === 'mailtokit_remember');
    };
    expect(await secondStep()).toBeUndefined();
    expect(await secondStep(false)).toBeUndefined();
    const remember = await secondStep(true);
    expect(remember?.maxAge).toBe(30 * 24 * 60 * 60);

    const again = await passwordStep(who, `${remember!.name}=${remember!.value}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.username).toBe(who.user.username);
    // Another browser still takes both steps.
    expect((await passwordStep(who)).statusCode).toBe(202);
  });

  it('is not offered to a passkey alone', async () => {
    const who = await signUp(t.app);
    const key = await addPasskey(who);
    const { options, cookie } = await signInOptions();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/passkeys/authentication/verify',
      headers: withCookies(cookie),
      payload: { response: key.assert(options), rememberBrowser: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'mailtokit_remember')).toBeUndefined();
  });
});
