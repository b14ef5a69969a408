import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, signUp, type TestApp } from './helpers';
import type * as PasswordModule from '../src/lib/password';
import { startTestSmtp, type TestSmtp } from './smtp';

/** Counts the passwords the app hashes (the real hashing still runs). */
const hashed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return {
    ...real,
    hashPassword: (password: string) => {
      hashed.count += 1;
      return real.hashPassword(password);
    },
  };
});

const PUBLIC_URL = 'https://links.example.test';
const TOKEN_IN_LINK = /https:\/\/links\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/;

let smtp: TestSmtp;
let t: TestApp;
/** Added to the real time by the app's clock: lets a test jump past the token's lifetime. */
let offsetMs = 0;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    config: {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      mailFrom: 'MailtoKit <no-reply@example.test>',
    },
    app: { clock: () => new Date(Date.now() + offsetMs), mailRetryDelaysMs: [] },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } });

const confirm = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    payload: { token, password },
  });

/** Lets the background work finish: the lookup after the answer, then the SMTP delivery. */
async function settle() {
  await t.app.services.passwordReset.idle();
  await t.app.mailer.idle();
}

const resetMails = (email: string) =>
  smtp.to(email).filter((m) => m.subject === 'Reset your MailtoKit password');

function tokenOf(mail: ParsedMail | undefined): string {
  const token = mail?.text?.match(TOKEN_IN_LINK)?.[1];
  if (!token) throw new Error(`no reset link in ${mail?.text}`);
  return token;
}

/** Asks for a reset of `email` and returns the token of the e-mail that arrives. */
async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(202);
  await settle();
  return tokenOf(resetMails(email).at(-1));
}

describe('POST /api/v1/auth/password-reset', () => {
  it('emails a working one-time link; the new password works, the old one and every session end', async () => {
    const ada = await signUp(t.app);
    const other = await signIn(t.app, ada.user.username, ada.password);
    const apiToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: ada.headers,
      payload: { name: 'CI deploy', scopes: ['links:read'], currentPassword: ada.password },
    });
    expect(apiToken.statusCode).toBe(201);
    const res = await requestReset(ada.user.email ?? '');
    expect(res.statusCode).toBe(202);
    await settle();

    const [mail] = resetMails(ada.user.email ?? '');
    expect(mail?.from?.value[0]?.address).toBe('no-reply@example.test');
    expect(mail?.html).toContain(`${PUBLIC_URL}/reset-password?token=`);
    const token = tokenOf(mail);
    // At least 128 bits of randomness (base64url: 6 bits a character), and only its hash stored.
    expect(token.length * 6).toBeGreaterThanOrEqual(128);
    const stored = await t.db.kysely.selectFrom('password_reset_tokens').selectAll().execute();
    expect(stored.map((r) => r.id)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await confirm(token, 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true, revokedTokens: [{ name: 'CI deploy' }] });

    for (const session of [ada, other]) {
      const me = await t.app.inject({ url: '/api/v1/auth/me', headers: session.headers });
      expect(me.statusCode).toBe(401);
    }
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: ada.user.username, password: ada.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    await signIn(t.app, ada.user.username, 'a brand new password');

    await settle();
    const changed = smtp
      .to(ada.user.email ?? '')
      .find((m) => m.subject === 'Your MailtoKit password was changed');
    expect(changed?.text).toContain(`${PUBLIC_URL}/dashboard/settings`);
    expect(changed?.text).toContain('Every sign-in of the account has ended');
    // Every API token is revoked too, and the e-mail names them.
    expect(changed?.text).toMatch(/these API tokens were revoked[^]*- CI deploy/);
    expect(changed?.html).toContain('<li>CI deploy</li>');
    const withToken = await t.app.inject({
      url: '/api/v1/mailto-links',
      headers: { authorization: `Bearer ${apiToken.json().token}` },
    });
    expect(withToken.statusCode).toBe(401);
    expect(
      await t.db.kysely
        .selectFrom('api_tokens')
        .where('user_id', '=', ada.user.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(changed?.html).toContain(`href="${PUBLIC_URL}/dashboard/settings"`);

    // Used once: the same link is refused afterwards.
    const again = await confirm(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const known = await signUp(t.app);
    const before = smtp.messages.length;
    const a = await requestReset('nobody-here@example.com');
    const b = await requestReset(known.user.email ?? '');
    expect(a.statusCode).toBe(202);
    expect(a.body).toBe(b.body);
    expect(a.json().detail).toMatch(/If an account uses this address/);
    await settle();
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('finds the account whatever the case of the address', async () => {
    const who = await signUp(t.app);
    const token = await resetToken((who.user.email ?? '').toUpperCase());
    expect(token).toBeTruthy();
    expect(resetMails(who.user.email ?? '')).toHaveLength(1);
  });

  it('sends at most 5 reset emails per address per hour, answering every request the same', async () => {
    const who = await signUp(t.app);
    const email = who.user.email ?? '';
    const bodies = new Set<string>();
    for (let i = 0; i < 7; i++) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(202);
      bodies.add(res.body);
    }
    await settle();
    expect(bodies.size).toBe(1);
    expect(resetMails(email)).toHaveLength(5);
    // Another address is not affected.
    const next = await signUp(t.app);
    await resetToken(next.user.email ?? '');
    expect(resetMails(next.user.email ?? '')).toHaveLength(1);
  });

  it('rejects a malformed address with a validation error', async () => {
    const res = await requestReset('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/v1/auth/password-reset/confirm', () => {
  it('voids an older link when a newer one is sent', async () => {
    const who = await signUp(t.app);
    const first = await resetToken(who.user.email ?? '');
    const second = await resetToken(who.user.email ?? '');
    expect(first).not.toBe(second);
    expect((await confirm(first, 'another password 1')).json()).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    expect((await confirm(second, 'another password 1')).statusCode).toBe(200);
  });

  it('accepts a link for 60 minutes and refuses it after', async () => {
    const early = await signUp(t.app);
    const late = await signUp(t.app);
    const earlyToken = await resetToken(early.user.email ?? '');
    const lateToken = await resetToken(late.user.email ?? '');
    try {
      offsetMs = 59 * 60_000;
      expect((await confirm(earlyToken, 'still in time 123')).statusCode).toBe(200);
      offsetMs = 61 * 60_000;
      const res = await confirm(lateToken, 'too late 12345');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_TOKEN',
        detail: 'This reset link is invalid, has expired or was already used. Ask for a new one.',
      });
    } finally {
      offsetMs = 0;
    }
    await signIn(t.app, late.user.username, late.password);
  });

  it('applies the registration password rules and keeps the link usable after a refusal', async () => {
    const who = await signUp(t.app);
    const token = await resetToken(who.user.email ?? '');
    const short = await confirm(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { password: 'Password must be at least 8 characters' },
    });
    const long = await confirm(token, 'p'.repeat(129));
    expect(long.json().fields).toEqual({ password: 'Password must be at most 128 characters' });
    expect((await confirm(token, 'long enough now')).statusCode).toBe(200);
  });

  it.each([
    ['a made-up token', 'x'.repeat(43)],
    ['an empty token', ''],
    ['a very short token', 'abc'],
  ])('answers 400 INVALID_TOKEN for %s', async (_what, token) => {
    const res = await confirm(token, 'whatever 12345');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});

describe('POST /api/v1/auth/password-reset/confirm under abuse', () => {
  const confirmFrom = (app: TestApp['app'], ip: string, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      remoteAddress: ip,
      payload: { token, password: 'a new password 123' },
    });
  const randomToken = () => randomBytes(32).toString('base64url');

  it(
    'refuses unknown tokens before hashing: 100 in parallel answer within 2 s, a sign-in meanwhile within 1 s',
    { timeout: 120_000 },
    async () => {
      // A budget too large to matter here: what keeps this fast is that no password is hashed.
      const roomy = await createTestApp({ limits: { passwordResetConfirmsPerIp: 10_000 } });
      try {
        const me = await signUp(roomy.app);
        const login = () =>
          roomy.app.inject({
            method: 'POST',
            url: '/api/v1/auth/login',
            payload: { username: me.user.username, password: me.password },
          });
        // The bounds are 2 s and 1 s, stretched on a machine so busy that one sign-in alone
        // takes longer than usual: hashing 100 passwords would take some 25 sign-ins' time.
        let started = performance.now();
        expect((await login()).statusCode).toBe(200);
        const alone = performance.now() - started;

        const hashesBefore = hashed.count;
        started = performance.now();
        const confirms = Promise.all(
          Array.from({ length: 100 }, () => confirmFrom(roomy.app, '192.0.2.10', randomToken())),
        ).then((all) => ({ all, ms: performance.now() - started }));
        const signIn = login().then((res) => ({ res, ms: performance.now() - started }));
        const [c, l] = await Promise.all([confirms, signIn]);
        expect(c.all.map((r) => r.statusCode)).toEqual(Array(100).fill(400));
        expect(c.all[0]?.json()).toMatchObject({ code: 'INVALID_TOKEN' });
        expect(hashed.count).toBe(hashesBefore);
        expect(l.res.statusCode).toBe(200);
        expect(c.ms).toBeLessThan(Math.max(2000, 5 * alone));
        expect(l.ms).toBeLessThan(Math.max(1000, 5 * alone));
      } finally {
        await roomy.close();
      }
    },
  );

  it('budgets confirmations per client address: 20 in 15 minutes, then 429', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => confirmFrom(t.app, '192.0.2.20', randomToken())),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(results.find((r) => r.statusCode === 429)?.json()).toMatchObject({
      code: 'RATE_LIMITED',
    });
    // Another address is not affected, and a real link still works from there.
    const who = await signUp(t.app);
    const token = await resetToken(who.user.email ?? '');
    const hashesBefore = hashed.count;
    expect((await confirmFrom(t.app, '192.0.2.21', token)).statusCode).toBe(200);
    expect(hashed.count).toBe(hashesBefore + 1);
  });
});

describe('without a working SMTP server', () => {
  it('still answers at once; the email is given up in the background', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const down = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: PUBLIC_URL },
      app: { mailRetryDelaysMs: [1, 1] },
    });
    try {
      const who = await signUp(down.app);
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email: who.user.email },
      });
      expect(res.statusCode).toBe(202);
      await down.app.services.passwordReset.idle();
      await down.app.mailer.idle();
      const health = await down.app.inject({ url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
