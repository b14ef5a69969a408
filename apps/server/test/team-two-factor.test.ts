import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  movableClock,
  signUp,
  signUpAs,
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

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who: SignedIn, payload?: object) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

async function enableTotp(who: SignedIn): Promise<void> {
  const setUp = await call('POST', '/api/v1/auth/two-factor/totp', who, {
    currentPassword: who.password,
  });
  const { secret } = setUp.json<{ secret: string }>();
  const code = TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: clock.now().getTime(),
  });
  const confirm = await call('POST', '/api/v1/auth/two-factor/totp/confirm', who, { code });
  expect(confirm.statusCode).toBe(200);
}

/** A TEAM owner's team with a FREE member (seated by the team's plan) and a shared link. */
async function teamWithSharedLink() {
  const owner = await signUpAs(t, 'TEAM');
  const member = await signUp(t.app);
  const team = await createTeam(t.app, owner);
  await addMember(t.app, owner, team.id, member, 'MEMBER');
  const link = await createLink(t.app, owner.headers, { teamId: team.id });
  return { owner, member, team, link };
}

describe('a team that requires two-step sign-in', () => {
  it('blocks a member without it (403 TWO_FACTOR_REQUIRED), then admits them once it is on', async () => {
    const { owner, member, team, link } = await teamWithSharedLink();
    expect((await call('GET', `/api/v1/mailto-links/${link.id}`, member)).statusCode).toBe(200);

    const on = await call('PATCH', `/api/v1/teams/${team.id}`, owner, { requireTwoFactor: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ requireTwoFactor: true });

    for (const url of [
      `/api/v1/mailto-links/${link.id}`,
      `/api/v1/mailto-links?teamId=${team.id}`,
      '/api/v1/mailto-links',
      `/api/v1/mailto-links/${link.id}/analytics`,
    ]) {
      const res = await call('GET', url, member);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('TWO_FACTOR_REQUIRED');
    }
    // The membership stays: the team and its members are still in view.
    expect((await call('GET', `/api/v1/teams/${team.id}`, member)).statusCode).toBe(200);

    await enableTotp(member);
    expect((await call('GET', `/api/v1/mailto-links/${link.id}`, member)).statusCode).toBe(200);
    const list = await call('GET', `/api/v1/mailto-links?teamId=${team.id}`, member);
    expect(list.json().map((l: { id: number }) => l.id)).toEqual([link.id]);
  });

  it('leaves the team out of the lists of a member with a plan of their own', async () => {
    const owner = await signUpAs(t, 'TEAM');
    const premium = await signUpAs(t, 'PREMIUM');
    const team = await createTeam(t.app, owner);
    await addMember(t.app, owner, team.id, premium, 'MEMBER');
    const shared = await createLink(t.app, owner.headers, { teamId: team.id });
    const own = await createLink(t.app, premium.headers);
    await call('PATCH', `/api/v1/teams/${team.id}`, owner, { requireTwoFactor: true });

    const list = await call('GET', '/api/v1/mailto-links', premium);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((l: { id: number }) => l.id)).toEqual([own.id]);
    const one = await call('GET', `/api/v1/mailto-links/${shared.id}`, premium);
    expect(one.json().code).toBe('TWO_FACTOR_REQUIRED');
  });

  it("is the owner's to change; the audit log records it", async () => {
    const { owner, member, team } = await teamWithSharedLink();
    const byMember = await call('PATCH', `/api/v1/teams/${team.id}`, member, {
      requireTwoFactor: true,
    });
    expect(byMember.statusCode).toBe(403);
    await call('PATCH', `/api/v1/teams/${team.id}`, owner, { requireTwoFactor: true });
    await call('PATCH', `/api/v1/teams/${team.id}`, owner, { requireTwoFactor: false });
    const audit = await call('GET', `/api/v1/teams/${team.id}/audit`, owner);
    expect(audit.statusCode).toBe(200);
    const entries = audit
      .json<{ action: string; details: Record<string, string> }[]>()
      .filter((e) => e.action === 'team.two_factor_policy_changed')
      .map((e) => e.details.requireTwoFactor);
    expect(entries.sort()).toEqual(['off', 'on']);
    const bad = await call('PATCH', `/api/v1/teams/${team.id}`, owner, { requireTwoFactor: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});
