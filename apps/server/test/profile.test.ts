import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_HASHING, signUp, type SignedIn, type TestApp } from './helpers';
import { startTestSmtp, type TestSmtp } from './smtp';

const PUBLIC_URL = 'https://links.example.test';
const CHANGED = 'Your MailtoKit email address was changed';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, hashing: PRODUCTION_HASHING },
    app: { mailRetryDelaysMs: [] },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const put = (who: SignedIn | null, payload: object, url = '/api/v1/profile') =>
  t.app.inject({ method: 'PUT', url, headers: who?.headers ?? {}, payload });

describe.each(['/api/v1/profile', '/api/profile'])('PUT %s', (url) => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url, payload: { email: 'a@example.com' } });
    expect(res.statusCode).toBe(401);
  });

  it('updates names and email, persists them, and never the username', async () => {
    const me = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: me.headers,
      payload: {
        firstName: ' Grace ',
        lastName: 'Hopper',
        email: `grace.${me.user.username}@navy.example`,
        username: 'hijack',
        currentPassword: me.password,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: me.user.username,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `grace.${me.user.username}@navy.example`,
    });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: me.headers,
    });
    expect(again.json()).toMatchObject({
      username: me.user.username,
      firstName: 'Grace',
      email: `grace.${me.user.username}@navy.example`,
    });
  });

  it('clears names sent blank', async () => {
    const me = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: me.headers,
      payload: { firstName: '', lastName: null, email: me.user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: null, lastName: null });
  });

  it('keeps its own email (any case) but 409s on somebody else’s', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const own = await t.app.inject({
      method: 'PUT',
      url,
      headers: me.headers,
      payload: { email: String(me.user.email).toUpperCase() },
    });
    expect(own.statusCode).toBe(200);
    const taken = await t.app.inject({
      method: 'PUT',
      url,
      headers: me.headers,
      payload: { email: other.user.email, currentPassword: me.password },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'Email is already in use by another account',
      fields: { email: 'Email is already in use by another account' },
    });
  });

  it('validates the email and name lengths', async () => {
    const me = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: me.headers,
      payload: { email: 'nope', firstName: 'x'.repeat(65) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'Must be a valid email address',
      firstName: 'Must be at most 64 characters',
    });
  });
});

describe('changing the email address', () => {
  it('needs the current password; names alone and the same address in another case do not', async () => {
    const me = await signUp(t.app);
    const names = await put(me, { firstName: 'Ada', email: me.user.email });
    expect(names.statusCode).toBe(200);
    const sameAddress = await put(me, { email: String(me.user.email).toUpperCase() });
    expect(sameAddress.statusCode).toBe(200);

    const stolen = `thief.${me.user.username}@example.net`;
    for (const currentPassword of [undefined, '']) {
      const missing = await put(me, { email: stolen, currentPassword });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { currentPassword: 'Enter your current password to continue' },
      });
    }
    const wrong = await put(me, { email: stolen, currentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const now = await t.app.inject({ url: '/api/v1/auth/me', headers: me.headers });
    expect(String(now.json().email).toLowerCase()).toBe(String(me.user.email).toLowerCase());
  });

  it('tells the old address, when email is set up', async () => {
    const me = await signUp(t.app);
    const old = String(me.user.email);
    const fresh = `new.${me.user.username}@example.org`;
    const res = await put(me, { email: fresh, currentPassword: me.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(fresh);
    await t.app.mailer.idle();
    const mail = smtp.to(old).find((m) => m.subject === CHANGED);
    expect(mail?.text).toContain(fresh);
    expect(mail?.text).toContain(`${PUBLIC_URL}/auth`);
    expect(mail?.html).toContain(fresh);
    expect(smtp.to(fresh)).toHaveLength(0);
  });

  it(
    'gives 100 parallel wrong passwords from one address 4 verdicts (2 hashing, 2 waiting) and 96 429s',
    { timeout: 120_000 },
    async () => {
      const me = await signUp(t.app);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          put(me, { email: `probe${i}.${me.user.username}@example.net`, currentPassword: `g${i}` }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(4);
      expect(codes.filter((c) => c === 429)).toHaveLength(96);
      // The refused ones spent nothing: the fifth wrong password is checked, the budget's last.
      expect(
        (await put(me, { email: `probe.${me.user.username}@example.net`, currentPassword: 'g' }))
          .statusCode,
      ).toBe(400);
      // The budget is the account's for every password check: a password change waits too.
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/password',
        headers: me.headers,
        payload: { currentPassword: me.password, newPassword: 'brand new pass' },
      });
      expect(change.statusCode).toBe(429);
    },
  );

  it('allows 3 address changes an hour per account, taken addresses included, then 429s', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const results = [];
    for (const email of [
      `one.${me.user.username}@example.org`,
      other.user.email,
      `two.${me.user.username}@example.org`,
      // Past the budget: probing whether an address has an account gets no answer either.
      other.user.email,
      `three.${me.user.username}@example.org`,
    ])
      results.push((await put(me, { email, currentPassword: me.password })).statusCode);
    expect(results).toEqual([200, 409, 200, 429, 429]);
    const limited = await put(me, {
      email: `four.${me.user.username}@example.org`,
      currentPassword: me.password,
    });
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Too many email address changes. Please try again later.',
    });
    // Names still change.
    expect(
      (await put(me, { firstName: 'Still', email: `two.${me.user.username}@example.org` }))
        .statusCode,
    ).toBe(200);
  });
});
