import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRegistration,
  createTestApp,
  movableClock,
  signIn,
  signUp,
  type TestApp,
} from './helpers';
import { DEFAULT_LIMITS } from '../src/config';

let t: TestApp;
beforeAll(async () => {
  // The budgets below are tested with parallel guesses from one address: the cap on one
  // client's hashes in flight (password-hashing.test.ts) is lifted here.
  t = await createTestApp({ config: { hashing: { queue: 10_000, perClient: 100 } } });
});
afterAll(async () => {
  await t.close();
});

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: payload as object });

describe('POST /api/v1/auth/register', () => {
  it('creates the account, returns the user without secrets and signs nobody in', async () => {
    const body = buildRegistration({ firstName: 'Ada', lastName: 'Lovelace' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      subscriptionTier: 'FREE',
      subscriptionExpiresAt: null,
    });
    expect(typeof user.id).toBe('number');
    expect(new Date(user.createdAt).toString()).not.toBe('Invalid Date');
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('makes first and last name optional (stored as null)', async () => {
    const { firstName: _f, lastName: _l, ...body } = buildRegistration();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ firstName: null, lastName: null });
  });

  it.each([
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    [
      'username',
      { username: 'has space' },
      'Username may only contain letters, numbers, dots, dashes and underscores',
    ],
    ['username', { username: 'x'.repeat(33) }, 'Username must be at most 32 characters'],
    ['email', { email: 'not-an-email' }, 'Must be a valid email address'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['password', { password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    ['firstName', { firstName: 'f'.repeat(65) }, 'Must be at most 64 characters'],
  ])('rejects a bad %s with its message', async (field, override, message) => {
    const res = await register(buildRegistration(override));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields[field]).toBe(message);
    expect(body.detail).toBe(`Validation error: ${message}`);
  });

  it('reports every invalid field at once', async () => {
    const res = await register({ username: 'a', email: 'b', password: 'c' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'password', 'username']);
  });

  it('rejects a missing body field with a message naming it', async () => {
    const res = await register({ email: 'x@example.com', password: 'password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.username).toBeTruthy();
  });

  it('409s on a username taken in any letter case', async () => {
    const body = buildRegistration();
    expect((await register(body)).statusCode).toBe(201);
    const again = await register(
      buildRegistration({ username: (body.username as string).toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', detail: 'Username is already taken' });
  });

  it('409s on an email taken in any letter case', async () => {
    const body = buildRegistration();
    expect((await register(body)).statusCode).toBe(201);
    const again = await register(
      buildRegistration({ email: (body.email as string).toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', detail: 'Email is already registered' });
  });
});

describe('POST /api/v1/auth/login', () => {
  it('returns access_token and user, and sets a hardened session cookie', async () => {
    const body = buildRegistration();
    await register(body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: body.username, password: body.password },
    });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(json.user.username).toBe(body.username);
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/^mailtokit_session=/);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).toMatch(/Path=\//);
    expect(raw).not.toMatch(/Secure/);
    // The token is never stored as such: the session id is its hash.
    const rows = await t.db.kysely.selectFrom('sessions').select('id').execute();
    expect(rows.map((r) => r.id)).not.toContain(json.access_token);
  });

  it('accepts the username in any letter case', async () => {
    const body = buildRegistration();
    await register(body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: (body.username as string).toUpperCase(), password: body.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('signs in with the email address, in any letter case, in the same field', async () => {
    const body = buildRegistration();
    await register(body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: (body.email as string).toUpperCase(), password: body.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.username).toBe(body.username);
  });

  it('gives the same 401 for an unknown email address and a wrong password by email', async () => {
    const body = buildRegistration();
    await register(body);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: body.email, password: 'wrong password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'nobody@example.org', password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const me = await signUp(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: me.user.username, password: 'wrong password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'nobody_here', password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe('Invalid username or password');
  });

  it.each([
    [{ password: 'x' }, 'username', 'Username or email is required'],
    [{ username: '', password: 'x' }, 'username', 'Username or email is required'],
    [{ username: 'someone', password: '' }, 'password', 'Password is required'],
  ])('validates %j', async (payload, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('marks the cookie Secure when served over https', async () => {
    const secure = await createTestApp({ config: { trustProxy: true } });
    try {
      const body = buildRegistration();
      await secure.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: body.username, password: body.password },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('session cookie and sign-in over a session', () => {
  it('marks the cookie Secure whenever PUBLIC_URL is https, even without TRUST_PROXY', async () => {
    const https = await createTestApp({
      config: { publicUrl: 'https://links.example.test', trustProxy: false },
    });
    try {
      const me = await signUp(https.app);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: me.user.username, password: me.password },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'mailtokit_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      // Signing out clears it with the same attributes.
      const out = await https.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { cookie: `mailtokit_session=${cookie?.value}` },
      });
      expect(String(out.headers['set-cookie'])).toMatch(/^mailtokit_session=;.*; Secure/);
    } finally {
      await https.close();
    }
  });

  it('a failed sign-in leaves the session sent with it (cookie or bearer) signed in', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    for (const headers of [me.headers, { authorization: `Bearer ${me.token}` }]) {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers,
        payload: { username: other.user.username, password: 'not their password' },
      });
      expect(failed.statusCode).toBe(401);
      expect(failed.headers['set-cookie']).toBeUndefined();
      const still = await t.app.inject({ url: '/api/v1/auth/me', headers });
      expect(still.statusCode).toBe(200);
      expect(still.json().id).toBe(me.user.id);
    }
  });

  it('a successful sign-in replaces the session sent with it', async () => {
    const me = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: me.headers,
      payload: { username: me.user.username, password: me.password },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers: me.headers })).statusCode).toBe(
      401,
    );
  });
});

describe('brute-force protection', () => {
  /** Small ceilings, so a test reaches them with a few hashes; the defaults are checked below. */
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      limits: { loginFailuresPerIp: 6, loginFailuresPerUser: 8 },
      config: { hashing: { queue: 10_000, perClient: 100 } },
    });
  });
  afterAll(async () => {
    await small.close();
  });
  const attemptOn = (app: TestApp['app'], username: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: ip,
      payload: { username, password },
    });
  const statuses = async (n: number, attempt: (i: number) => ReturnType<typeof attemptOn>) =>
    (await Promise.all(Array.from({ length: n }, (_, i) => attempt(i)))).map((r) => r.statusCode);

  it('defaults: 5 failures per account and address in 15 minutes, ceilings of 50 per account and 100 per address an hour', () => {
    expect(DEFAULT_LIMITS).toMatchObject({
      loginFailuresPerUserAndIp: 5,
      loginWindowMs: 15 * 60_000,
      loginCeilingWindowMs: 60 * 60_000,
    });
    expect(DEFAULT_LIMITS.loginFailuresPerUser).toBeGreaterThanOrEqual(50);
    expect(DEFAULT_LIMITS.loginFailuresPerIp).toBeGreaterThanOrEqual(100);
  });

  it('429s an account from an address after 5 failures there, while the owner signs in from another', async () => {
    const victim = await signUp(t.app);
    const attacker = '198.51.100.7';
    expect(
      await statuses(5, (i) => attemptOn(t.app, victim.user.username, `guess ${i}`, attacker)),
    ).toEqual(Array(5).fill(401));
    const blocked = await attemptOn(t.app, victim.user.username, victim.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Too many failed sign-in attempts. Please try again later.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from an address that has not failed for the account, gets in.
    const owner = await attemptOn(t.app, victim.user.username, victim.password, '198.51.100.8');
    expect(owner.statusCode).toBe(200);
    // The attacker's address still signs other people in.
    const other = await signUp(t.app);
    expect((await attemptOn(t.app, other.user.username, other.password, attacker)).statusCode).toBe(
      200,
    );
  });

  it('counts failures by email address and by username against the same account', async () => {
    const victim = await signUp(t.app);
    const attacker = '198.51.100.17';
    const email = victim.user.email as string;
    const names = [email, victim.user.username, email.toUpperCase(), victim.user.username, email];
    expect(
      await statuses(5, (i) => attemptOn(t.app, names[i] as string, `guess ${i}`, attacker)),
    ).toEqual(Array(5).fill(401));
    expect((await attemptOn(t.app, email, victim.password, attacker)).statusCode).toBe(429);
    expect(
      (await attemptOn(t.app, victim.user.username, victim.password, attacker)).statusCode,
    ).toBe(429);
  });

  it('caps failures per account over all addresses', async () => {
    const victim = await signUp(small.app);
    const name = victim.user.username;
    expect(await statuses(8, (i) => attemptOn(small.app, name, 'wrong', `192.0.2.${i}`))).toEqual(
      Array(8).fill(401),
    );
    expect((await attemptOn(small.app, name, victim.password, '192.0.2.200')).statusCode).toBe(429);
  });

  it('caps failures per address over all accounts', async () => {
    const nat = '203.0.113.50';
    expect(
      await statuses(6, (i) => attemptOn(small.app, `ghost_${i % 2}`, 'nope nope', nat)),
    ).toEqual(Array(6).fill(401));
    expect((await attemptOn(small.app, 'ghost_new', 'nope nope', nat)).statusCode).toBe(429);
  });

  it('gives 100 parallel wrong guesses 5 verdicts and 95 429s', { timeout: 120_000 }, async () => {
    const victim = await signUp(small.app);
    const codes = await statuses(100, () =>
      attemptOn(small.app, victim.user.username, 'parallel guess', '198.51.100.99'),
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(95);
  });

  it(
    'a request refused by one budget spends nothing from the others',
    { timeout: 120_000 },
    async () => {
      const victim = await signUp(small.app);
      const name = victim.user.username;
      const throttled = '203.0.113.9';
      expect(
        await statuses(6, (i) => attemptOn(small.app, `ghost_${i % 2}`, 'nope nope', throttled)),
      ).toEqual(Array(6).fill(401));
      // The address is spent: its attempts on the victim are refused, and cost the account
      // nothing (nor the account and address pair).
      expect(await statuses(30, () => attemptOn(small.app, name, 'nope nope', throttled))).toEqual(
        Array(30).fill(429),
      );
      // The account and address pair refuses too, and costs the account nothing either.
      const guesser = '198.51.100.40';
      expect(await statuses(5, () => attemptOn(small.app, name, 'typo', guesser))).toEqual(
        Array(5).fill(401),
      );
      expect(await statuses(10, () => attemptOn(small.app, name, 'typo', guesser))).toEqual(
        Array(10).fill(429),
      );
      // So the account's ceiling (8) has 3 failures left, from anywhere else.
      expect(
        await statuses(3, (i) => attemptOn(small.app, name, 'typo', `198.51.100.${50 + i}`)),
      ).toEqual(Array(3).fill(401));
      expect((await attemptOn(small.app, name, victim.password, '198.51.100.60')).statusCode).toBe(
        429,
      );
    },
  );

  it(
    'a success gives its points back and clears the failures of that address',
    { timeout: 120_000 },
    async () => {
      const me = await signUp(t.app);
      const ip = '198.51.100.61';
      expect(await statuses(4, () => attemptOn(t.app, me.user.username, 'typo', ip))).toEqual(
        Array(4).fill(401),
      );
      expect((await attemptOn(t.app, me.user.username, me.password, ip)).statusCode).toBe(200);
      expect(await statuses(5, () => attemptOn(t.app, me.user.username, 'typo', ip))).toEqual(
        Array(5).fill(401),
      );
      expect((await attemptOn(t.app, me.user.username, me.password, ip)).statusCode).toBe(429);
    },
  );

  describe('device cookies: a browser that signed in before is spared the account-wide ceiling', () => {
    const withCookie = (
      cookie: string | undefined,
      username: string,
      password: string,
      ip: string,
    ) =>
      small.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: ip,
        payload: { username, password },
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const deviceOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
      const c = res.cookies.find((k) => k.name === 'mailtokit_device');
      if (!c) throw new Error('no device cookie set');
      return `${c.name}=${c.value}`;
    };

    it('is set on sign-in: httpOnly, Lax, sent to the sign-in endpoints only, for 180 days', async () => {
      const me = await signUp(small.app);
      const res = await withCookie(undefined, me.user.username, me.password, '192.0.2.150');
      const raw = (res.headers['set-cookie'] as string[]).find((c) =>
        c.startsWith('mailtokit_device='),
      );
      expect(raw).toMatch(/HttpOnly/);
      expect(raw).toMatch(/SameSite=Lax/);
      expect(raw).toMatch(/Path=\/api\/v1\/auth(;|$)/);
      expect(raw).toMatch(/Max-Age=15552000/);
      // A failed sign-in sets none.
      const failed = await withCookie(undefined, me.user.username, 'wrong', '192.0.2.150');
      expect(failed.cookies.find((k) => k.name === 'mailtokit_device')).toBeUndefined();
    });

    it('the owner signs in from a known browser while guesses from many addresses fill the ceiling; unknown browsers do not', async () => {
      const owner = await signUp(small.app);
      const name = owner.user.username;
      const other = await signUp(small.app);
      const known = deviceOf(await withCookie(undefined, name, owner.password, '192.0.2.160'));
      const othersDevice = deviceOf(
        await withCookie(undefined, other.user.username, other.password, '192.0.2.160'),
      );
      // 8 wrong guesses (the account's ceiling here) from 8 addresses.
      expect(
        await statuses(8, (i) => withCookie(undefined, name, `guess ${i}`, `198.18.1.${i + 1}`)),
      ).toEqual(Array(8).fill(401));
      // An unknown browser is refused, from anywhere, with the right password.
      const stranger = await withCookie(undefined, name, owner.password, '192.0.2.170');
      expect(stranger.statusCode).toBe(429);
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
      // So is a browser known to another account, or with a forged cookie.
      expect((await withCookie(othersDevice, name, owner.password, '192.0.2.171')).statusCode).toBe(
        429,
      );
      const forged = known.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await withCookie(forged, name, owner.password, '192.0.2.172')).statusCode).toBe(429);
      // The owner's browser gets in, from a new address too, and is given a fresh cookie.
      const ok = await withCookie(known, name, owner.password, '192.0.2.173');
      expect(ok.statusCode).toBe(200);
      expect(deviceOf(ok)).not.toBe(known);
    });

    it('a known browser has a failure budget of its own: 5 in 15 minutes', async () => {
      const owner = await signUp(small.app);
      const name = owner.user.username;
      const known = deviceOf(await withCookie(undefined, name, owner.password, '192.0.2.180'));
      // Each from its own address, so only the device's budget is shared.
      expect(
        await statuses(5, (i) => withCookie(known, name, `typo ${i}`, `198.18.2.${i + 1}`)),
      ).toEqual(Array(5).fill(401));
      expect((await withCookie(known, name, owner.password, '198.18.2.9')).statusCode).toBe(429);
      // It spent nothing of the account's ceiling: an unknown browser still signs in.
      expect((await withCookie(undefined, name, owner.password, '198.18.2.10')).statusCode).toBe(
        200,
      );
    });

    it('expires after 180 days', async () => {
      const clock = movableClock();
      const timed = await createTestApp({
        limits: { loginFailuresPerUser: 3 },
        app: { clock: clock.now },
      });
      try {
        const owner = await signUp(timed.app);
        const name = owner.user.username;
        const login = (cookie: string | undefined, password: string, ip: string) =>
          timed.app.inject({
            method: 'POST',
            url: '/api/v1/auth/login',
            remoteAddress: ip,
            payload: { username: name, password },
            ...(cookie ? { headers: { cookie } } : {}),
          });
        const known = deviceOf(await login(undefined, owner.password, '192.0.2.190'));
        clock.advance(181 * 24 * 60 * 60_000);
        for (let i = 0; i < 3; i += 1)
          expect((await login(undefined, 'wrong', `198.18.3.${i + 1}`)).statusCode).toBe(401);
        expect((await login(known, owner.password, '192.0.2.191')).statusCode).toBe(429);
      } finally {
        await timed.close();
      }
    });
  });

  it('429s registrations past the hourly cap per IP', async () => {
    const limited = await createTestApp({ limits: { registrationsPerHour: 2 } });
    try {
      const reg = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: buildRegistration(),
        });
      expect((await reg()).statusCode).toBe(201);
      expect((await reg()).statusCode).toBe(201);
      const third = await reg();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        detail: 'Too many requests. Please try again later.',
        code: 'RATE_LIMITED',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('sessions: /me, bearer, logout', () => {
  it('GET /me is 401 anonymous, 200 with the cookie, 200 with the bearer token', async () => {
    const me = await signUp(t.app);
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('UNAUTHORIZED');
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: me.headers,
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().username).toBe(me.user.username);
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().id).toBe(me.user.id);
  });

  it('rejects made-up and malformed tokens', async () => {
    for (const authorization of [
      'Bearer nope',
      `Bearer ${'a'.repeat(43)}`,
      'Basic abc',
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('logout ends the session and clears the cookie', async () => {
    const me = await signUp(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: me.headers,
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/mailtokit_session=;/);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: me.headers,
    });
    expect(after.statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(bearer.statusCode).toBe(401);
  });

  it('logout without a session still answers 200', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(res.statusCode).toBe(200);
  });

  it('a session works until its lifetime ends, then is rejected', async () => {
    const clock = movableClock();
    const ttlMs = 60 * 60_000;
    const short = await createTestApp({
      config: { sessionTtlMs: ttlMs },
      app: { clock: clock.now },
    });
    try {
      const me = await signUp(short.app);
      const meNow = () =>
        short.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: me.headers });
      clock.advance(ttlMs - 60_000);
      expect((await meNow()).statusCode).toBe(200);
      clock.advance(60_000);
      const res = await meNow();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      // Gone for good: the expired session was deleted, moving time back does not revive it.
      clock.advance(-ttlMs);
      expect((await meNow()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('a user has independent sessions per sign-in', async () => {
    const me = await signUp(t.app);
    const second = await signIn(t.app, me.user.username, me.password);
    expect(second.token).not.toBe(me.token);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: second.headers });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: me.headers,
    });
    expect(first.statusCode).toBe(200);
  });
});

describe('PUT /api/v1/auth/password', () => {
  const change = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/auth/password', headers, payload });

  it('needs a session', async () => {
    const res = await change({}, { currentPassword: 'x', newPassword: 'long enough' });
    expect(res.statusCode).toBe(401);
  });

  it('validates both fields', async () => {
    const me = await signUp(t.app);
    const res = await change(me.headers, { currentPassword: '', newPassword: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
    });
  });

  it('rejects a wrong current password and keeps the old one', async () => {
    const me = await signUp(t.app);
    const res = await change(me.headers, {
      currentPassword: 'not my password',
      newPassword: 'brand new pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.currentPassword).toBe('Current password is incorrect');
    await expect(signIn(t.app, me.user.username, me.password)).resolves.toBeTruthy();
  });

  it(
    'gives 100 parallel wrong current passwords 5 verdicts and 95 429s',
    { timeout: 120_000 },
    async () => {
      const me = await signUp(t.app);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          change(me.headers, { currentPassword: `guess ${i}`, newPassword: 'brand new pass' }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(95);
      const limited = results.find((r) => r.statusCode === 429);
      expect(limited?.json()).toMatchObject({
        code: 'RATE_LIMITED',
        detail: 'Too many wrong passwords. Please try again later.',
      });
      // Spent for this account: even the right password waits.
      const right = await change(me.headers, {
        currentPassword: me.password,
        newPassword: 'brand new pass',
      });
      expect(right.statusCode).toBe(429);
    },
  );

  it('changes the password and revokes every other session, keeping this one', async () => {
    const me = await signUp(t.app);
    const other = await signIn(t.app, me.user.username, me.password);
    const res = await change(me.headers, {
      currentPassword: me.password,
      newPassword: 'brand new pass',
    });
    expect(res.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: me.headers });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(401);
    await expect(signIn(t.app, me.user.username, me.password)).rejects.toThrow(/401/);
    await expect(signIn(t.app, me.user.username, 'brand new pass')).resolves.toBeTruthy();
  });
});
