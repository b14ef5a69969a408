import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, createTestApp, signUpAs, type SignedIn, type TestApp } from './helpers';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const TRACKING_NOT_FOUND = { detail: 'Tracking link not found', code: 'NOT_FOUND' };

let t: TestApp;
let premium: SignedIn;
let other: SignedIn;
let free: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [premium, other, free] = await Promise.all([
    signUpAs(t, 'PREMIUM'),
    signUpAs(t, 'PREMIUM'),
    signUpAs(t, 'FREE'),
  ]);
});
afterAll(async () => {
  await t.close();
});

interface Tracking {
  id: number;
  slug: string;
  opens: string;
  clicks: number;
}

const create = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/tracking', headers: who.headers, payload });
const change = (who: SignedIn, id: number | string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/tracking/${id}`, headers: who.headers, payload });
const visit = (slug: string) =>
  t.app.inject({
    method: 'GET',
    url: `/t/${slug}`,
    remoteAddress: '203.0.113.9',
    headers: { 'user-agent': CHROME, accept: 'text/html', 'accept-language': 'en' },
  });
const listOf = async (linkId: number): Promise<Tracking[]> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${linkId}/tracking-links`,
      headers: premium.headers,
    })
  ).json();

describe('how a tracking link opens', () => {
  it('is `direct` unless asked, and `choose` when asked, in the answer and the list', async () => {
    const link = await createLink(t.app, premium.headers);
    const plain = await create(premium, { mailtoLinkId: link.id });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ opens: 'direct' });
    const chooser = await create(premium, { mailtoLinkId: link.id, opens: 'choose' });
    expect(chooser.statusCode).toBe(201);
    expect(chooser.json()).toMatchObject({ opens: 'choose' });
    const list = await listOf(link.id);
    expect(list.map((x) => x.opens)).toEqual(['choose', 'direct']);
  });

  it('refuses any other value with 400 VALIDATION_ERROR, on create and change', async () => {
    const link = await createLink(t.app, premium.headers);
    for (const opens of ['CHOOSE', 'page', '', 1, null]) {
      const res = await create(premium, { mailtoLinkId: link.id, opens });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await listOf(link.id)).toEqual([]);
    const made = (await create(premium, { mailtoLinkId: link.id })).json<Tracking>();
    for (const payload of [{ opens: 'gmail' }, {}]) {
      const res = await change(premium, made.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('changes later, keeping slug and clicks; a direct link answers exactly as before', async () => {
    const link = await createLink(t.app, premium.headers);
    const made = (await create(premium, { mailtoLinkId: link.id })).json<Tracking>();
    const before = await visit(made.slug);
    expect(before.statusCode).toBe(302);

    const toChoose = await change(premium, made.id, { opens: 'choose' });
    expect(toChoose.statusCode).toBe(200);
    expect(toChoose.json()).toMatchObject({ id: made.id, slug: made.slug, opens: 'choose' });
    expect(toChoose.json<Tracking>().clicks).toBe(1);

    const back = await change(premium, made.id, { opens: 'direct' });
    expect(back.json()).toMatchObject({ opens: 'direct', clicks: 1 });
    const after = await visit(made.slug);
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe(before.headers.location);
    expect(after.headers['content-type']).toBe(before.headers['content-type']);
    expect(after.body).toBe(before.body);
  });

  it('is changed only by those who may edit the link: 403 FREE, 404 others and deleted', async () => {
    const link = await createLink(t.app, premium.headers);
    const made = (await create(premium, { mailtoLinkId: link.id })).json<Tracking>();
    const byFree = await change(free, made.id, { opens: 'choose' });
    expect(byFree.statusCode).toBe(403);
    expect(byFree.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
    const byOther = await change(other, made.id, { opens: 'choose' });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual(TRACKING_NOT_FOUND);
    expect((await change(premium, 999_999_999, { opens: 'choose' })).json()).toEqual(
      TRACKING_NOT_FOUND,
    );
    expect((await change(premium, 'abc', { opens: 'choose' })).statusCode).toBe(400);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracking/${made.id}`,
      headers: premium.headers,
    });
    const deleted = await change(premium, made.id, { opens: 'choose' });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual(TRACKING_NOT_FOUND);
    expect((await listOf(link.id)).length).toBe(0);
  });
});
