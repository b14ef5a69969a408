import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createTestApp, signUp, setTier, type SignedIn, type TestApp } from './helpers';
import { startTestSmtp, type TestSmtp } from './smtp';

let t: TestApp;
let smtp: TestSmtp;

type Method = 'GET' | 'PATCH' | 'POST';
const call = (method: Method, url: string, who?: SignedIn | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const settingsOf = (who: SignedIn) => call('GET', '/api/v1/settings', who);
const setNotifications = (who: SignedIn, on: boolean) =>
  call('PATCH', '/api/v1/settings', who, { emailNotifications: on });

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    config: { smtpUrl: smtp.url, publicUrl: 'https://links.example.com' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('GET and PATCH /api/v1/settings', () => {
  it('starts with email notifications on, keeps a change, and answers it back', async () => {
    const me = await signUp(t.app);
    const first = await settingsOf(me);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ trackingOpens: 'direct', emailNotifications: true });

    const off = await setNotifications(me, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ trackingOpens: 'direct', emailNotifications: false });
    expect((await settingsOf(me)).json()).toEqual({
      trackingOpens: 'direct',
      emailNotifications: false,
    });
    // The un-versioned alias reads the same setting.
    expect((await call('GET', '/api/settings', me)).json()).toEqual({
      trackingOpens: 'direct',
      emailNotifications: false,
    });

    // An empty change changes nothing.
    const none = await call('PATCH', '/api/v1/settings', me, {});
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ trackingOpens: 'direct', emailNotifications: false });

    expect((await setNotifications(me, true)).json()).toEqual({
      trackingOpens: 'direct',
      emailNotifications: true,
    });
  });

  it('refuses a value that is not a boolean and an unknown setting with 400', async () => {
    const me = await signUp(t.app);
    for (const body of [
      { emailNotifications: 'no' },
      { emailNotifications: null },
      { theme: 'dark' },
    ]) {
      const res = await call('PATCH', '/api/v1/settings', me, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
    }
    expect((await settingsOf(me)).json()).toEqual({
      trackingOpens: 'direct',
      emailNotifications: true,
    });
  });

  it('answers 401 without a session', async () => {
    const res = await call('GET', '/api/v1/settings', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect(
      (await call('PATCH', '/api/v1/settings', null, { emailNotifications: false })).statusCode,
    ).toBe(401);
  });
});

describe('emails with notifications off', () => {
  let owner: SignedIn;
  let teamId: number;
  beforeAll(async () => {
    owner = await signUp(t.app);
    await setTier(t.db, owner.user.id, 'TEAM');
    teamId = (await createTeam(t.app, owner, { name: 'Quiet crew' })).id;
  });

  it('sends no invitation email by username or by address; the invitation still shows in the app', async () => {
    const invitee = await signUp(t.app);
    const address = invitee.user.email ?? '';
    expect((await setNotifications(invitee, false)).statusCode).toBe(200);

    const byName = await call('POST', `/api/v1/teams/${teamId}/invitations`, owner, {
      username: invitee.user.username,
    });
    expect(byName.statusCode).toBe(201);
    const other = await signUp(t.app);
    await setTier(t.db, other.user.id, 'TEAM');
    const otherTeam = (await createTeam(t.app, other, { name: 'Loud crew' })).id;
    const byAddress = await call('POST', `/api/v1/teams/${otherTeam}/invitations`, other, {
      email: address.toUpperCase(),
    });
    expect(byAddress.statusCode).toBe(201);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(0);
    const mine = await call('GET', '/api/v1/invitations', invitee);
    expect(mine.json()).toHaveLength(1);

    // Back on: the next invitation is e-mailed.
    expect((await setNotifications(invitee, true)).statusCode).toBe(200);
    const third = await signUp(t.app);
    await setTier(t.db, third.user.id, 'TEAM');
    const thirdTeam = (await createTeam(t.app, third, { name: 'Third crew' })).id;
    expect(
      (
        await call('POST', `/api/v1/teams/${thirdTeam}/invitations`, third, {
          username: invitee.user.username,
        })
      ).statusCode,
    ).toBe(201);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(1);
  });

  it('still sends security emails: a password reset arrives with notifications off', async () => {
    const me = await signUp(t.app);
    const address = me.user.email ?? '';
    expect((await setNotifications(me, false)).statusCode).toBe(200);
    const res = await call('POST', '/api/v1/auth/password-reset', null, { email: address });
    expect(res.statusCode).toBe(202);
    await t.app.services.passwordReset.idle();
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(1);
  });
});
