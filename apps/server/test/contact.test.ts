import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { contactPerHour: 3 } });
});
afterAll(async () => {
  await t.close();
});

const valid = {
  name: 'Jo Bloggs',
  email: 'jo@example.com',
  subject: 'A question about teams',
  message: 'How many members can a team have?',
};

describe('POST /api/v1/contact', () => {
  it('stores the message (with the sender when signed in)', async () => {
    const me = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: me.headers,
      payload: valid,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const row = await t.db.kysely
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toMatchObject({ ...valid, user_id: me.user.id });
  });

  it('answers with the fixed contact-form messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      remoteAddress: '198.51.100.1',
      payload: { name: 'J', email: 'jo', subject: 'Hey', message: 'Too short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name must be at least 2 characters long',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters long',
      message: 'Message must be at least 10 characters long',
    });
  });

  it('caps message length', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      remoteAddress: '198.51.100.2',
      payload: { ...valid, message: 'x'.repeat(5001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.message).toBe('Must be at most 5000 characters');
  });

  it('rate limits per IP', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        remoteAddress: '198.51.100.77',
        payload: valid,
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(201);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe('Too many requests. Please try again later.');
  });
});
