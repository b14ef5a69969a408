import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  createTrackingLink,
  signUpAs,
  type CreatedLink,
  type SignedIn,
  type TestApp,
} from './helpers';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAs(t, 'TEAM');
});
afterAll(async () => {
  await t.close();
});

interface Listed {
  id: number;
  name: string;
  archivedAt: string | null;
  clicks30d: number;
  trackingLinkCount: number;
}

async function list(who: SignedIn, query = ''): Promise<{ links: Listed[]; total: number }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/mailto-links${query}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { links: res.json(), total: Number(res.headers['x-total-count']) };
}

const names = async (who: SignedIn, query = '') =>
  (await list(who, query)).links.map((l) => l.name).sort();

function post(who: SignedIn, link: { id: number } | string, action: 'archive' | 'restore') {
  const id = typeof link === 'string' ? link : String(link.id);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/mailto-links/${id}/${action}`,
    headers: who.headers,
  });
}

async function visit(slug: string, ip: string) {
  return t.app.inject({
    method: 'GET',
    url: `/t/${slug}`,
    remoteAddress: ip,
    headers: {
      'user-agent': CHROME,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
    },
  });
}

describe('archiving links', () => {
  let kept: CreatedLink;
  let archived: CreatedLink;

  beforeAll(async () => {
    kept = await createLink(t.app, owner.headers, { name: 'Kept flyer' });
    archived = await createLink(t.app, owner.headers, { name: 'Old flyer' });
  });

  it('takes the link out of the list and into the archived filter', async () => {
    const res = await post(owner, archived, 'archive');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: archived.id, name: 'Old flyer' });
    expect(res.json().archivedAt).toEqual(expect.any(String));

    const listed = await list(owner);
    expect(listed.links.map((l) => l.name)).toEqual(['Kept flyer']);
    expect(listed.total).toBe(1);
    const shelf = await list(owner, '?archived=true');
    expect(shelf.links.map((l) => l.name)).toEqual(['Old flyer']);
    expect(shelf.total).toBe(1);
    expect(shelf.links[0]?.archivedAt).toBe(res.json().archivedAt);

    // Search, filters and every order keep to the same side.
    expect(await names(owner, '?q=flyer')).toEqual(['Kept flyer']);
    expect(await names(owner, '?q=flyer&archived=true')).toEqual(['Old flyer']);
    expect(await names(owner, '?shared=false')).toEqual(['Kept flyer']);
    expect(await names(owner, '?sort=clicks')).toEqual(['Kept flyer']);
    expect(await names(owner, '?sort=name&archived=true')).toEqual(['Old flyer']);
    expect((await list(owner, '?q=flyer&archived=true')).total).toBe(1);

    // The link itself is still there, marked.
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${archived.id}`,
      headers: owner.headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().archivedAt).toEqual(expect.any(String));
  });

  it('refuses to archive twice, and to restore a link in the list (409)', async () => {
    const again = await post(owner, archived, 'archive');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'This link is archived already',
    });
    const notArchived = await post(owner, kept, 'restore');
    expect(notArchived.statusCode).toBe(409);
    expect(notArchived.json().detail).toBe('This link is not archived');
  });

  it('puts a restored link back in the list', async () => {
    const res = await post(owner, archived, 'restore');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().archivedAt).toBeNull();
    expect(await names(owner)).toEqual(['Kept flyer', 'Old flyer']);
    expect((await list(owner, '?archived=true')).total).toBe(0);
  });

  it("keeps an archived link's tracking links redirecting and counting", async () => {
    const link = await createLink(t.app, owner.headers, { name: 'Printed poster' });
    const tracking = await createTrackingLink(t.app, owner.headers, link.id, 'Poster QR');
    expect((await post(owner, link, 'archive')).statusCode).toBe(200);

    const hit = await visit(tracking.slug, '198.51.100.7');
    expect(hit.statusCode).toBe(302);
    expect(hit.headers.location).toMatch(/^mailto:sales@example\.com/);
    const shelf = await list(owner, '?archived=true');
    expect(shelf.links.find((l) => l.id === link.id)).toMatchObject({
      clicks30d: 1,
      trackingLinkCount: 1,
    });
    const tracked = await t.app.inject({
      method: 'GET',
      url: `/api/v1/mailto-links/${link.id}/tracking-links`,
      headers: owner.headers,
    });
    expect(tracked.json()).toEqual([expect.objectContaining({ slug: tracking.slug, clicks: 1 })]);
    // Restored, it comes back with its clicks.
    expect((await post(owner, link, 'restore')).statusCode).toBe(200);
    expect((await list(owner)).links.find((l) => l.id === link.id)?.clicks30d).toBe(1);
  });

  it('keeps an edit of an archived link in the archive', async () => {
    const link = await createLink(t.app, owner.headers, { name: 'Draft' });
    await post(owner, link, 'archive');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/mailto-links/${link.id}`,
      headers: owner.headers,
      payload: { name: 'Draft 2', to: 'a@example.com' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().archivedAt).toEqual(expect.any(String));
    expect(await names(owner, '?archived=true')).toContain('Draft 2');
    expect(await names(owner)).not.toContain('Draft 2');
  });

  it("needs edit access: 404 for someone else's link, 403 for a team member who may only read", async () => {
    const stranger = await signUpAs(t, 'PREMIUM');
    const link = await createLink(t.app, owner.headers, { name: 'Private' });
    expect((await post(stranger, link, 'archive')).statusCode).toBe(404);

    const team = await createTeam(t.app, owner);
    const member = await signUpAs(t, 'PREMIUM');
    await addMember(t.app, owner, team.id, member, 'MEMBER');
    const shared = await createLink(t.app, owner.headers, { name: 'Shared', teamId: team.id });
    const refused = await post(member, shared, 'archive');
    expect(refused.statusCode).toBe(403);
    expect((await list(owner)).links.some((l) => l.id === shared.id)).toBe(true);

    // An archived shared link leaves the member's list as well.
    expect((await post(owner, shared, 'archive')).statusCode).toBe(200);
    expect(await names(member)).not.toContain('Shared');
    expect(await names(member, '?archived=true')).toEqual(['Shared']);
  });

  it('answers bad input with a clear error', async () => {
    expect((await post(owner, 'abc', 'archive')).statusCode).toBe(400);
    expect((await post(owner, '999999', 'archive')).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mailto-links?archived=maybe',
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const free = await signUpAs(t, 'FREE');
    const res = await post(free, '1', 'archive');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PREMIUM_REQUIRED');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/mailto-links/1/archive' });
    expect(anonymous.statusCode).toBe(401);
  });
});
