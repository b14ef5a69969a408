import { Secret, TOTP } from 'otpauth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  movableClock,
  sessionCookie,
  signUp,
  type SignedIn,
  type TestApp,
} from './helpers';

const clock = movableClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ app: { clock: clock.now } });
});
afterAll(async () => {
  await t?.close();
});

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** An address of RIPE NCC's (k.root-servers.net), in the bundled country database. */
const PUBLIC_ADDRESS = '193.0.14.129';

let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

interface SessionInfo {
  id: string;
  browser: string | null;
  os: string | null;
  country: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
}

async function signInFrom(
  who: SignedIn,
  remoteAddress: string,
  userAgent: string,
): Promise<{ cookie: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: who.user.username, password: who.password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return { cookie: sessionCookie(res) };
}

async function sessionsOf(cookie: string): Promise<SessionInfo[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/sessions',
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ sessions: SessionInfo[] }>().sessions;
}

async function me(cookie: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } }))
    .statusCode;
}

async function securityEvents(cookie: string): Promise<{ event: string; detail: string | null }[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/account/security-log',
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ event: string; detail: string | null }[]>();
}

describe('the list of sessions', () => {
  it('names browser, OS and country of each session and which one is this', async () => {
    const who = await signUp(t.app);
    const laptop = await signInFrom(who, PUBLIC_ADDRESS, FIREFOX_LINUX);
    const other = await signInFrom(who, nextAddress(), CHROME_MAC);

    const sessions = await sessionsOf(laptop.cookie);
    expect(sessions).toHaveLength(3);
    const mine = sessions.filter((s) => s.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ browser: 'Firefox', os: 'Linux' });
    expect(mine[0]?.country).toMatch(/^[A-Z]{2}$/);
    const chrome = sessions.find((s) => s.browser === 'Chrome');
    expect(chrome).toMatchObject({ os: 'macOS', country: null, current: false });

    // The other browser sees the same sessions, with itself as "this".
    const seen = await sessionsOf(other.cookie);
    expect(seen.find((s) => s.current)?.browser).toBe('Chrome');
  });

  it('never stores the address, only the country', async () => {
    const who = await signUp(t.app);
    await signInFrom(who, PUBLIC_ADDRESS, FIREFOX_LINUX);
    const rows = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', who.user.id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(PUBLIC_ADDRESS);
  });

  it('updates "last active" at most about once a minute', async () => {
    const who = await signUp(t.app);
    const before = (await sessionsOf(who.cookie)).find((s) => s.current)!.lastActiveAt;
    clock.advance(30_000);
    await me(who.cookie);
    expect((await sessionsOf(who.cookie)).find((s) => s.current)!.lastActiveAt).toBe(before);
    clock.advance(40_000);
    await me(who.cookie);
    const after = (await sessionsOf(who.cookie)).find((s) => s.current)!.lastActiveAt;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  it("shows no one else's sessions", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const ids = (await sessionsOf(a.cookie)).map((s) => s.id);
    const idsOfB = (await sessionsOf(b.cookie)).map((s) => s.id);
    expect(ids.filter((id) => idsOfB.includes(id))).toEqual([]);
  });
});

describe('signing out a session', () => {
  it('ends another session at once; its cookie no longer works; the log says so', async () => {
    const who = await signUp(t.app);
    const phone = await signInFrom(who, nextAddress(), CHROME_MAC);
    const target = (await sessionsOf(phone.cookie)).find((s) => s.current)!;

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${target.id}`,
      headers: who.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await me(phone.cookie)).toBe(401);
    expect(await me(who.cookie)).toBe(200);
    expect((await sessionsOf(who.cookie)).map((s) => s.id)).not.toContain(target.id);
    expect((await securityEvents(who.cookie)).map((e) => e.event)).toContain('session_signed_out');
  });

  it("is 404 for an unknown session and for another user's", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const ofB = (await sessionsOf(b.cookie))[0]!.id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${ofB}`,
      headers: a.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(await me(b.cookie)).toBe(200);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/sessions/not-a-session',
      headers: a.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('signs out every other session and keeps this one', async () => {
    const who = await signUp(t.app);
    const one = await signInFrom(who, nextAddress(), CHROME_MAC);
    const two = await signInFrom(who, nextAddress(), FIREFOX_LINUX);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/revoke-others',
      headers: who.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2 });
    expect(await me(one.cookie)).toBe(401);
    expect(await me(two.cookie)).toBe(401);
    expect(await me(who.cookie)).toBe(200);
    expect(await sessionsOf(who.cookie)).toHaveLength(1);
    expect(await securityEvents(who.cookie)).toContainEqual(
      expect.objectContaining({ event: 'other_sessions_signed_out', detail: '2 sessions' }),
    );
  });

  it('needs a session: anonymous is 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions' });
    expect(res.statusCode).toBe(401);
  });
});

// --- Remembering a browser at the second step ---

function codeOf(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: clock.now().getTime() + offsetSteps * 30_000,
  });
}

async function enableTotp(who: SignedIn): Promise<string> {
  const setUp = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/two-factor/totp',
    headers: who.headers,
    payload: { currentPassword: who.password },
  });
  expect(setUp.statusCode).toBe(200);
  const { secret } = setUp.json<{ secret: string }>();
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/two-factor/totp/confirm',
    headers: who.headers,
    payload: { code: codeOf(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  clock.advance(30_000);
  return secret;
}

function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  const c = res.cookies.find((k) => k.name === name);
  return c ? `${c.name}=${c.value}` : undefined;
}

async function passwordStep(who: SignedIn, remoteAddress: string, cookie?: string) {
  return await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: who.user.username, password: who.password },
    headers: cookie ? { cookie } : {},
    remoteAddress,
  });
}

/** Signs in with password and code; the remember cookie, when asked for and set. */
async function signInWithCode(
  who: SignedIn,
  secret: string,
  rememberBrowser: boolean,
): Promise<string | undefined> {
  const address = nextAddress();
  const first = await passwordStep(who, address);
  expect(first.statusCode).toBe(202);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/second-factor',
    payload: {
      challengeToken: first.json<{ challengeToken: string }>().challengeToken,
      code: codeOf(secret),
      rememberBrowser,
    },
    remoteAddress: address,
  });
  expect(res.statusCode).toBe(200);
  clock.advance(30_000);
  return cookieOf(res, 'mailtokit_remember');
}

describe('remembering a browser for 30 days', { timeout: 120_000 }, () => {
  it('skips the second step from that browser only, until the 30 days are over', async () => {
    const who = await signUp(t.app);
    const secret = await enableTotp(who);
    expect(await signInWithCode(who, secret, false)).toBeUndefined();
    const remember = await signInWithCode(who, secret, true);
    expect(remember).toBeDefined();

    expect((await passwordStep(who, nextAddress(), remember)).statusCode).toBe(200);
    // Another browser (no cookie) still needs the code; a wrong password is still wrong.
    expect((await passwordStep(who, nextAddress())).statusCode).toBe(202);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: who.user.username, password: 'not the password' },
      headers: { cookie: remember! },
      remoteAddress: nextAddress(),
    });
    expect(wrong.statusCode).toBe(401);

    clock.advance(31 * 24 * 60 * 60_000);
    expect((await passwordStep(who, nextAddress(), remember)).statusCode).toBe(202);
  });

  it("is no use for another account's sign-in", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const secretA = await enableTotp(a);
    await enableTotp(b);
    const remember = await signInWithCode(a, secretA, true);
    expect((await passwordStep(b, nextAddress(), remember)).statusCode).toBe(202);
  });

  it('is forgotten when the password changes', async () => {
    const who = await signUp(t.app);
    const secret = await enableTotp(who);
    const remember = await signInWithCode(who, secret, true);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/password',
      headers: who.headers,
      payload: { currentPassword: who.password, newPassword: 'another long password' },
    });
    expect(change.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: who.user.username, password: 'another long password' },
      headers: { cookie: remember! },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(202);
  });

  it('is forgotten when two-step sign-in is turned off (by the user or the operator)', async () => {
    const who = await signUp(t.app);
    const secret = await enableTotp(who);
    const remember = await signInWithCode(who, secret, true);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/totp/disable',
      headers: who.headers,
      payload: { currentPassword: who.password },
    });
    expect(off.statusCode).toBe(200);
    const secret2 = await enableTotp(who);
    expect((await passwordStep(who, nextAddress(), remember)).statusCode).toBe(202);

    const again = await signInWithCode(who, secret2, true);
    expect(again).toBeDefined();
    // The operator's disable-2fa; with two-step sign-in on again, the old cookie is no use.
    await t.app.services.auth.disableTwoFactorOf(who.user.username);
    const rows = await t.db.kysely
      .selectFrom('remembered_browsers')
      .select('id')
      .where('user_id', '=', who.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
