import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@mailtokit/contracts/utc-day';
import { createTestApp, movableClock, signUp, type TestApp } from './helpers';

const HOUR_MS = 60 * 60_000;
/** The app's clock: a subscription ends when this clock passes its end, not the wall clock. */
const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ app: { clock: clock.now } });
});
afterAll(async () => {
  await t.close();
});

describe('tier gating', () => {
  it('checks the session before the body: anonymous is 401 even with a bad body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mailto-links/',
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(401);
  });

  it('counts a tier whose end has passed as FREE; setting a tier without an end clears it', async () => {
    const me = await signUp(t.app);
    const users = t.app.services.users;
    const links = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/mailto-links/', headers: me.headers });
    const whoAmI = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: me.headers })).json();
    const now = Date.now();

    const tomorrow = new Date(now + DAY_MS);
    const set = await users.setTier(me.user.username, 'PREMIUM', tomorrow);
    expect(set).toMatchObject({
      subscriptionTier: 'PREMIUM',
      subscriptionExpiresAt: tomorrow.toISOString(),
    });
    expect((await links()).statusCode).toBe(200);
    expect(await whoAmI()).toMatchObject({
      subscriptionTier: 'PREMIUM',
      subscriptionExpiresAt: tomorrow.toISOString(),
    });

    // Until an hour from now, then the app clock moves two hours on: it has ended.
    const inAnHour = new Date(now + HOUR_MS);
    await users.setTier(me.user.username, 'PREMIUM', inAnHour);
    expect((await links()).statusCode).toBe(200);
    clock.advance(2 * HOUR_MS);
    try {
      const expired = await links();
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual({
        detail: 'Premium subscription required',
        code: 'PREMIUM_REQUIRED',
      });
      expect(await whoAmI()).toMatchObject({
        subscriptionTier: 'FREE',
        subscriptionExpiresAt: inAnHour.toISOString(),
      });
    } finally {
      clock.advance(-2 * HOUR_MS);
    }

    await users.setTier(me.user.username, 'PREMIUM');
    expect((await links()).statusCode).toBe(200);
    expect(await whoAmI()).toMatchObject({
      subscriptionTier: 'PREMIUM',
      subscriptionExpiresAt: null,
    });
  });

  it('an ended TEAM tier loses team features too', async () => {
    const me = await signUp(t.app);
    await t.app.services.users.setTier(me.user.username, 'TEAM', new Date(Date.now() + HOUR_MS));
    clock.advance(2 * HOUR_MS);
    const res = await t.app
      .inject({
        method: 'POST',
        url: '/api/v1/teams/',
        headers: me.headers,
        payload: { name: 'Ended' },
      })
      .finally(() => clock.advance(-2 * HOUR_MS));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TEAM_REQUIRED');
  });

  it('refuses an end for FREE and an end that is not in the future', async () => {
    const me = await signUp(t.app);
    const users = t.app.services.users;
    await expect(
      users.setTier(me.user.username, 'FREE', new Date(Date.now() + DAY_MS)),
    ).rejects.toMatchObject({ status: 400, detail: 'FREE is not a subscription: it has no end' });
    const past = new Date(Date.now() - 1000);
    await expect(users.setTier(me.user.username, 'PREMIUM', past)).rejects.toMatchObject({
      status: 400,
      detail: `The end ${past.toISOString()} is not in the future`,
    });
    expect((await users.findById(me.user.id))?.subscription_expires_at).toBeNull();
  });
});
