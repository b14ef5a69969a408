import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setTier, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

  it('treats an expired subscription as FREE', async () => {
    const me = await signUp(t.app);
    await setTier(t.db, me.user.id, 'PREMIUM');
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mailto-links/',
      headers: me.headers,
    });
    expect(ok.statusCode).toBe(200);

    await t.db.kysely
      .updateTable('users')
      .set({ subscription_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', me.user.id)
      .execute();
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mailto-links/',
      headers: me.headers,
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toBe('Premium subscription required');
    const meRes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: me.headers,
    });
    expect(meRes.json().subscriptionTier).toBe('FREE');

    await t.db.kysely
      .updateTable('users')
      .set({ subscription_expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', me.user.id)
      .execute();
    const renewed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mailto-links/',
      headers: me.headers,
    });
    expect(renewed.statusCode).toBe(200);
  });
});
