import { Secret, TOTP } from 'otpauth';
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

/** The code an authenticator app shows for `secret`, `offsetSteps` steps from the app's now. */
function codeOf(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: clock.now().getTime() + offsetSteps * 30_000,
  });
}

let addressCounter = 0;
/** An address of its own per test, so budgets of one test do not meet another's. */
function nextAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

/** Turns two-step sign-in on for the user; the secret and the recovery codes. */
async function enableTotp(who: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
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
  // The code just used is spent: sign-ins in the same step need the next one.
  clock.advance(30_000);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function passwordStep(who: SignedIn, remoteAddress: string) {
  return await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: who.user.username, password: who.password },
    remoteAddress,
  });
}

async function challengeOf(who: SignedIn, remoteAddress: string): Promise<string> {
  const res = await passwordStep(who, remoteAddress);
  expect(res.statusCode).toBe(202);
  return res.json<{ challengeToken: string }>().challengeToken;
}

function secondStep(
  challengeToken: string,
  answer: { code?: string; recoveryCode?: string },
  remoteAddress: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/second-factor',
    payload: { challengeToken, ...answer },
    remoteAddress,
  });
}

describe('setting up an authenticator app', () => {
  it('needs a fresh password, then one right code; gives 10 recovery codes once', async () => {
    const who = await signUp(t.app);
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/totp',
      headers: who.headers,
      payload: {},
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().fields.currentPassword).toBeTruthy();

    const setUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/totp',
      headers: who.headers,
      payload: { currentPassword: who.password },
    });
    expect(setUp.statusCode).toBe(200);
    const { secret, otpauthUri } = setUp.json<{ secret: string; otpauthUri: string }>();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/MailtoKit:/);
    expect(otpauthUri).toContain(`secret=${secret}`);

    // Not on until a code is confirmed: sign-in still takes the password alone.
    expect((await passwordStep(who, nextAddress())).statusCode).toBe(200);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/totp/confirm',
      headers: who.headers,
      payload: { code: codeOf(secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toBeTruthy();

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/totp/confirm',
      headers: who.headers,
      payload: { code: codeOf(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/two-factor',
      headers: who.headers,
    });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10 });
    // Stored hashed: no code appears in the database.
    const stored = await t.db.kysely
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', who.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((r) => r.id).join(' ')).not.toContain(code);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('the password alone gives no session; a code completes the sign-in once', async () => {
    const who = await signUp(t.app);
    const { secret } = await enableTotp(who);
    const address = nextAddress();

    const first = await passwordStep(who, address);
    expect(first.statusCode).toBe(202);
    expect(first.cookies.find((c) => c.name === 'mailtokit_session')).toBeUndefined();
    const { challengeToken, methods } = first.json<{ challengeToken: string; methods: string[] }>();
    expect(methods).toEqual(['totp', 'recovery_code']);
    // The challenge is no session token.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${challengeToken}` },
    });
    expect(asBearer.statusCode).toBe(401);

    const code = codeOf(secret);
    const done = await secondStep(challengeToken, { code }, address);
    expect(done.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { cookie: sessionCookie(done) },
    });
    expect(me.json().username).toBe(who.user.username);

    // The challenge is used, and the same code is refused on a new one.
    expect((await secondStep(challengeToken, { code }, address)).statusCode).toBe(401);
    const again = await secondStep(await challengeOf(who, address), { code }, address);
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.code).toBeTruthy();
  });

  it('accepts a drift of one step either way, not two', async () => {
    const who = await signUp(t.app);
    const { secret } = await enableTotp(who);
    // Three steps after the code that turned it on: the steps around now are all unused.
    clock.advance(60_000);
    const address = nextAddress();
    const twoBehind = await secondStep(
      await challengeOf(who, address),
      { code: codeOf(secret, -2) },
      address,
    );
    expect(twoBehind.statusCode).toBe(400);
    const oneBehind = await secondStep(
      await challengeOf(who, address),
      { code: codeOf(secret, -1) },
      address,
    );
    expect(oneBehind.statusCode).toBe(200);
    const oneAhead = await secondStep(
      await challengeOf(who, address),
      { code: codeOf(secret, 1) },
      address,
    );
    expect(oneAhead.statusCode).toBe(200);
    // A code older than the last one accepted is refused, even within the drift.
    const current = await secondStep(
      await challengeOf(who, address),
      { code: codeOf(secret) },
      address,
    );
    expect(current.statusCode).toBe(400);
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const who = await signUp(t.app);
    const { recoveryCodes } = await enableTotp(who);
    const address = nextAddress();
    const recoveryCode = recoveryCodes[0]!.toUpperCase().replace('-', ' ');
    const ok = await secondStep(await challengeOf(who, address), { recoveryCode }, address);
    expect(ok.statusCode).toBe(200);
    const reused = await secondStep(
      await challengeOf(who, address),
      { recoveryCode: recoveryCodes[0]! },
      address,
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields.recoveryCode).toBeTruthy();
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/two-factor',
      headers: who.headers,
    });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('a challenge expires after 5 minutes', async () => {
    const who = await signUp(t.app);
    const { secret } = await enableTotp(who);
    const address = nextAddress();
    const challenge = await challengeOf(who, address);
    clock.advance(5 * 60_000 + 1);
    const late = await secondStep(challenge, { code: codeOf(secret) }, address);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('INVALID_CHALLENGE');
  });

  it('asks for exactly one of a code and a recovery code', async () => {
    const res = await secondStep(
      'x'.repeat(43),
      { code: '123456', recoveryCode: 'abc' },
      nextAddress(),
    );
    expect(res.statusCode).toBe(400);
    const neither = await secondStep('x'.repeat(43), {}, nextAddress());
    expect(neither.statusCode).toBe(400);
    const letters = await secondStep('x'.repeat(43), { code: 'abcdef' }, nextAddress());
    expect(letters.statusCode).toBe(400);
  });

  it('300 parallel wrong codes get at most 5 verdicts; the budget then refuses the right one', async () => {
    const who = await signUp(t.app);
    const { secret } = await enableTotp(who);
    const address = nextAddress();
    const challenge = await challengeOf(who, address);
    const right = codeOf(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const results = await Promise.all(
      Array.from({ length: 300 }, () => secondStep(challenge, { code: wrong }, address)),
    );
    const statuses = results.map((r) => r.statusCode);
    const verdicts = statuses.filter((s) => s === 400).length;
    expect(verdicts).toBeGreaterThan(0);
    expect(verdicts).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBe(300 - verdicts);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    // The budget is spent before the code is checked: the right code waits too.
    expect((await secondStep(challenge, { code: right }, address)).statusCode).toBe(429);
    // The budget is per account and address: the owner elsewhere still gets in.
    expect((await secondStep(challenge, { code: right }, nextAddress())).statusCode).toBe(200);
  });
});

describe('turning it off and new recovery codes', () => {
  it('new recovery codes replace the old; turning off needs a fresh password', async () => {
    const who = await signUp(t.app);
    const { recoveryCodes } = await enableTotp(who);
    const regenerate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/recovery-codes',
      headers: who.headers,
      payload: { currentPassword: who.password },
    });
    expect(regenerate.statusCode).toBe(200);
    const fresh = regenerate.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const address = nextAddress();
    const old = await secondStep(
      await challengeOf(who, address),
      { recoveryCode: recoveryCodes[1]! },
      address,
    );
    expect(old.statusCode).toBe(400);
    const ok = await secondStep(
      await challengeOf(who, address),
      { recoveryCode: fresh[0]! },
      address,
    );
    expect(ok.statusCode).toBe(200);

    // The confirmation above is 10 minutes old: turning off asks for the password again.
    clock.advance(10 * 60_000 + 1);
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/totp/disable',
      headers: who.headers,
      payload: {},
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().fields.currentPassword).toBeTruthy();
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/totp/disable',
      headers: who.headers,
      payload: { currentPassword: who.password },
    });
    expect(off.statusCode).toBe(200);
    expect((await passwordStep(who, nextAddress())).statusCode).toBe(200);
    const left = await t.db.kysely
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', who.user.id)
      .execute();
    expect(left).toHaveLength(0);
  });
});

describe('the account export and deletion', () => {
  it('the export says two-step sign-in is on, never its secret or codes; deletion removes them', async () => {
    const who = await signUp(t.app);
    const { secret, recoveryCodes } = await enableTotp(who);
    const res = await t.app.inject({ url: '/api/v1/account/export', headers: who.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactor).toEqual({
      totpEnabledAt: expect.any(String),
      recoveryCodesLeft: 10,
    });
    for (const hidden of [secret, ...recoveryCodes]) expect(res.body).not.toContain(hidden);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: who.headers,
      payload: { password: who.password },
    });
    expect(deleted.statusCode).toBe(204);
    for (const table of ['user_totp', 'recovery_codes'] as const) {
      const rows = await t.db.kysely
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', who.user.id)
        .execute();
      expect(rows).toHaveLength(0);
    }
  });
});

describe('confirming in a session with a code', () => {
  it('a code of the app confirms like the password; a wrong or reused one does not', async () => {
    const who = await signUp(t.app);
    const { secret } = await enableTotp(who);
    clock.advance(10 * 60_000 + 1);
    const confirm = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/confirm-password',
        headers: who.headers,
        payload,
      });
    const right = codeOf(secret);
    const wrong = await confirm({ code: right === '000000' ? '000001' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toBeTruthy();
    expect((await confirm({ code: right })).statusCode).toBe(200);
    expect((await confirm({ code: right })).statusCode).toBe(400);
    expect((await confirm({})).statusCode).toBe(400);

    // Within the 10 minutes, new recovery codes need nothing more.
    const regenerate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/recovery-codes',
      headers: who.headers,
      payload: {},
    });
    expect(regenerate.statusCode).toBe(200);
  });

  it('a code confirms nothing for an account without two-step sign-in', async () => {
    const who = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/confirm-password',
      headers: who.headers,
      payload: { code: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.code).toBeTruthy();
  });
});
