import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe.each(['/api/v1/profile', '/api/profile'])('PUT %s', (url) => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url, payload: { email: 'a@example.com' } });
    expect(res.statusCode).toBe(401);
  });

  it('updates names and e-mail, persists them, and never the username', async () => {
    const me = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: me.headers,
      payload: {
        firstName: ' Grace ',
        lastName: 'Hopper',
        email: 'grace@navy.example',
        username: 'hijack',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: me.user.username,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.example',
    });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: me.headers,
    });
    expect(again.json()).toMatchObject({
      username: me.user.username,
      firstName: 'Grace',
      email: 'grace@navy.example',
    });
    // Keep the address unique for the other alias run.
    await t.app.inject({
      method: 'PUT',
      url,
      headers: me.headers,
      payload: { email: `${me.user.username}@example.com` },
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

  it('keeps its own e-mail (any case) but 409s on somebody else’s', async () => {
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
      payload: { email: other.user.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'Email is already in use by another account',
      fields: { email: 'Email is already in use by another account' },
    });
  });

  it('validates the e-mail and name lengths', async () => {
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
