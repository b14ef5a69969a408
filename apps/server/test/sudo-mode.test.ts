import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  confirmPassword,
  createTeam,
  movableClock,
  createTestApp,
  sessionCookie,
  signUp,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

// Sensitive changes under a session need the password (or a code) confirmed in that session
// within the last 10 minutes, or the password in the request: one refusal for all of them.
const clock = movableClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    app: { clock: clock.now },
    config: { webhooks: { allowPrivate: true, retryBaseMs: 40 } },
  });
});
afterAll(async () => {
  await t?.close();
});

const REFUSAL = {
  code: 'VALIDATION_ERROR',
  fields: { currentPassword: 'Enter your current password to continue' },
};

function call(method: 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

interface Action {
  name: string;
  /** A user who may make the change, with what it needs besides the confirmation. */
  prepare: () => Promise<{ who: SignedIn; run: () => ReturnType<typeof call> }>;
  ok: number;
}

const actions: Action[] = [
  {
    name: 'creating an API token',
    prepare: async () => {
      const who = await signUp(t.app);
      return {
        who,
        run: () => call('POST', '/api/v1/tokens', who, { name: 'CI', scopes: ['links:read'] }),
      };
    },
    ok: 201,
  },
  {
    name: 'creating a webhook',
    prepare: async () => {
      const who = await signUpAs(t, 'PREMIUM');
      return {
        who,
        run: () => call('POST', '/api/v1/webhooks', who, { url: 'http://127.0.0.1:9/hook' }),
      };
    },
    ok: 201,
  },
  {
    name: 'changing the email address',
    prepare: async () => {
      const who = await signUp(t.app);
      return {
        who,
        run: () =>
          call('PUT', '/api/v1/profile', who, { email: `new.${who.user.username}@example.org` }),
      };
    },
    ok: 200,
  },
  {
    name: 'turning two-step sign-in on',
    prepare: async () => {
      const who = await signUp(t.app);
      return { who, run: () => call('POST', '/api/v1/auth/two-factor/totp', who, {}) };
    },
    ok: 200,
  },
  {
    name: 'transferring the ownership of a team',
    prepare: async () => {
      const who = await signUpAs(t, 'TEAM');
      const team = await createTeam(t.app, who);
      const mate = await signUp(t.app);
      await addMember(t.app, who, team.id, mate, 'ADMIN');
      return {
        who,
        run: () =>
          call('PUT', `/api/v1/teams/${team.id}/members/${mate.user.id}`, who, { role: 'OWNER' }),
      };
    },
    ok: 200,
  },
  {
    name: 'deleting the account',
    prepare: async () => {
      const who = await signUp(t.app);
      return { who, run: () => call('DELETE', '/api/v1/account', who, {}) };
    },
    ok: 204,
  },
];

describe.each(actions)('$name', ({ prepare, ok }) => {
  it('is refused without a fresh confirmation, allowed with one', async () => {
    const { who, run } = await prepare();
    const refused = await run();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(REFUSAL);

    await confirmPassword(t.app, who);
    expect((await run()).statusCode).toBe(ok);
  });

  it('is refused again once the 10 minutes are over', async () => {
    const { who, run } = await prepare();
    await confirmPassword(t.app, who);
    clock.advance(10 * 60_000 + 1000);
    const refused = await run();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(REFUSAL);
  });
});

describe('a confirmation', () => {
  it("holds for the session that made it, not for the account's other sessions", async () => {
    const who = await signUp(t.app);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: who.user.username, password: who.password },
      remoteAddress: '203.0.113.77',
    });
    const other = { ...who, headers: { cookie: sessionCookie(elsewhere) } };
    await confirmPassword(t.app, who);
    const res = await call('POST', '/api/v1/tokens', other, { name: 'CI', scopes: ['links:read'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(REFUSAL);
  });

  it('may be a code of the authenticator app; it then allows turning two-step sign-in off', async () => {
    const who = await signUp(t.app);
    await confirmPassword(t.app, who);
    const setUp = await call('POST', '/api/v1/auth/two-factor/totp', who, {});
    const { secret } = setUp.json<{ secret: string }>();
    const code = (offset = 0) =>
      TOTP.generate({
        secret: Secret.fromBase32(secret),
        timestamp: clock.now().getTime() + offset * 30_000,
      });
    expect(
      (await call('POST', '/api/v1/auth/two-factor/totp/confirm', who, { code: code() }))
        .statusCode,
    ).toBe(200);
    clock.advance(11 * 60_000);
    const refused = await call('POST', '/api/v1/auth/two-factor/totp/disable', who, {});
    expect(refused.json()).toMatchObject(REFUSAL);
    const regenerate = await call('POST', '/api/v1/auth/two-factor/recovery-codes', who, {});
    expect(regenerate.json()).toMatchObject(REFUSAL);

    const confirmed = await call('POST', '/api/v1/auth/confirm-password', who, { code: code() });
    expect(confirmed.statusCode).toBe(200);
    expect((await call('POST', '/api/v1/auth/two-factor/recovery-codes', who, {})).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/v1/auth/two-factor/totp/disable', who, {})).statusCode).toBe(
      200,
    );
  });

  it('the password in the request itself does as well (and a wrong one is 400)', async () => {
    const who = await signUp(t.app);
    const email = `other.${who.user.username}@example.org`;
    const wrong = await call('PUT', '/api/v1/profile', who, {
      email,
      currentPassword: 'nope nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const right = await call('PUT', '/api/v1/profile', who, {
      email,
      currentPassword: who.password,
    });
    expect(right.statusCode).toBe(200);
  });

  it('is not needed by an API token (scoped) for a team transfer', async () => {
    const owner = await signUpAs(t, 'TEAM');
    const team = await createTeam(t.app, owner);
    const mate = await signUp(t.app);
    await addMember(t.app, owner, team.id, mate, 'ADMIN');
    const token = await call('POST', '/api/v1/tokens', owner, {
      name: 'ops',
      scopes: ['teams:write'],
      currentPassword: owner.password,
    });
    expect(token.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/teams/${team.id}/members/${mate.user.id}`,
      headers: { authorization: `Bearer ${token.json<{ token: string }>().token}` },
      payload: { role: 'OWNER' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('does not turn a 403 into a 400: an admin still gets 403 for a transfer', async () => {
    const owner = await signUpAs(t, 'TEAM');
    const team = await createTeam(t.app, owner);
    const admin = await signUp(t.app);
    const member = await signUp(t.app);
    await addMember(t.app, owner, team.id, admin, 'ADMIN');
    await addMember(t.app, owner, team.id, member, 'MEMBER');
    const res = await call('PUT', `/api/v1/teams/${team.id}/members/${member.user.id}`, admin, {
      role: 'OWNER',
    });
    expect(res.statusCode).toBe(403);
  });
});
