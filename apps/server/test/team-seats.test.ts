import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildLink,
  createLink,
  createTeam,
  createTestApp,
  createTrackingLink,
  movableClock,
  setTier,
  signUpAs,
  type CreatedLink,
  type CreatedTeam,
  type SignedIn,
  type TestApp,
} from './helpers';

const LINKS = '/api/v1/mailto-links';
const TEAMS = '/api/v1/teams';
const PREMIUM_REQUIRED = { detail: 'Premium subscription required', code: 'PREMIUM_REQUIRED' };
const HOUR_MS = 60 * 60_000;

let t: TestApp;
const clock = movableClock();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  who: SignedIn | { authorization: string },
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: 'headers' in who ? who.headers : who,
    ...(payload ? { payload } : {}),
  });

const follow = (slug: string) =>
  t.app.inject({
    method: 'GET',
    url: `/t/${slug}`,
    remoteAddress: '203.0.113.9',
    headers: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
  });

/**
 * A team whose owner holds the TEAM plan, with a FREE admin and a FREE member, a link the owner
 * shared with it (with a tracking link), and a private link of the FREE member's own, written
 * while they had a plan of their own.
 */
async function seatedTeam() {
  const [owner, admin, member] = await Promise.all([
    signUpAs(t, 'TEAM'),
    signUpAs(t, 'FREE'),
    signUpAs(t, 'PREMIUM'),
  ]);
  const team: CreatedTeam = await createTeam(t.app, owner, { name: 'Sales' });
  await addMember(t.app, owner, team.id, admin, 'ADMIN');
  await addMember(t.app, owner, team.id, member, 'MEMBER');
  const shared: CreatedLink = await createLink(t.app, owner.headers, {
    name: 'Quote request',
    teamId: team.id,
  });
  const own: CreatedLink = await createLink(t.app, member.headers, { name: 'My own' });
  await setTier(t.db, member.user.id, 'FREE');
  const tracking = await createTrackingLink(t.app, owner.headers, shared.id);
  return { owner, admin, member, team, shared, own, tracking };
}

beforeAll(async () => {
  t = await createTestApp({ app: { clock: clock.now } });
});
afterAll(async () => {
  await t.close();
});

describe("a TEAM owner's plan covers the team's members", () => {
  it('a FREE member lists, reads and copies the shared links and their tracking URLs', async () => {
    const c = await seatedTeam();
    const list = await call('GET', `${LINKS}?teamId=${c.team.id}`, c.member);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: c.shared.id,
        teamName: 'Sales',
        canEdit: false,
        mailtoUrl: c.shared.mailtoUrl,
        trackingLinkCount: 1,
      }),
    ]);
    // The whole list holds the team's links, never the member's own private one.
    const all = await call('GET', LINKS, c.member);
    expect(all.json().map((l: { id: number }) => l.id)).toEqual([c.shared.id]);

    const one = await call('GET', `${LINKS}/${c.shared.id}`, c.member);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: c.shared.id, mailtoUrl: c.shared.mailtoUrl });
    const tracking = await call('GET', `${LINKS}/${c.shared.id}/tracking-links`, c.member);
    expect(tracking.statusCode).toBe(200);
    expect(tracking.json()).toEqual([
      expect.objectContaining({ id: c.tracking.id, trackingUrl: c.tracking.trackingUrl }),
    ]);
  });

  it('a FREE member follows a shared tracking link and sees its analytics and CSV', async () => {
    const c = await seatedTeam();
    const followed = await follow(c.tracking.slug);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(c.shared.mailtoUrl);

    const analytics = await call('GET', `${LINKS}/${c.shared.id}/analytics`, c.member);
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json()).toMatchObject({ linkId: c.shared.id });
    const csv = await call('GET', `${LINKS}/${c.shared.id}/clicks.csv`, c.member);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const overview = await call('GET', '/api/v1/analytics/overview', c.member);
    expect(overview.statusCode).toBe(200);
  });

  it('by role: a FREE admin edits and creates tracking links, a FREE member cannot', async () => {
    const c = await seatedTeam();
    const body = { ...buildLink({ name: 'Quote request (new)' }), teamId: c.team.id };
    const byAdmin = await call('PUT', `${LINKS}/${c.shared.id}`, c.admin, body);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ name: 'Quote request (new)', canEdit: true });
    const tracking = await call('POST', '/api/v1/tracking', c.admin, {
      mailtoLinkId: c.shared.id,
      label: 'Admin',
    });
    expect(tracking.statusCode).toBe(201);

    const byMember = await call('PUT', `${LINKS}/${c.shared.id}`, c.member, body);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('FORBIDDEN');
    const trackingByMember = await call('POST', '/api/v1/tracking', c.member, {
      mailtoLinkId: c.shared.id,
    });
    expect(trackingByMember.statusCode).toBe(403);
    expect(trackingByMember.json().code).toBe('FORBIDDEN');
    const del = await call('DELETE', `${LINKS}/${c.shared.id}`, c.member);
    expect(del.statusCode).toBe(403);
  });

  it("a FREE member's own links still need their own plan (403), as does saving a new one", async () => {
    const c = await seatedTeam();
    for (const [method, url] of [
      ['GET', `${LINKS}/${c.own.id}`],
      ['GET', `${LINKS}/${c.own.id}/analytics`],
      ['GET', `${LINKS}/${c.own.id}/tracking-links`],
      ['DELETE', `${LINKS}/${c.own.id}`],
    ] as const) {
      const res = await call(method, url, c.member);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(PREMIUM_REQUIRED);
    }
    const put = await call('PUT', `${LINKS}/${c.own.id}`, c.member, buildLink());
    expect(put.json()).toEqual(PREMIUM_REQUIRED);
    const create = await call('POST', LINKS, c.member, buildLink({ teamId: c.team.id }));
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual(PREMIUM_REQUIRED);
    // Nothing of another team's either.
    const stranger = await signUpAs(t, 'TEAM');
    const other = await createLink(t.app, stranger.headers);
    expect((await call('GET', `${LINKS}/${other.id}`, c.member)).json()).toEqual(PREMIUM_REQUIRED);
  });

  it('an API token of a FREE member reads the shared links within its scopes', async () => {
    const c = await seatedTeam();
    const created = await call('POST', '/api/v1/tokens', c.member, {
      name: 'CRM',
      scopes: ['links:read'],
      currentPassword: c.member.password,
    });
    expect(created.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${created.json().token as string}` };
    const list = await call('GET', `${LINKS}?teamId=${c.team.id}`, bearer);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((l: { id: number }) => l.id)).toEqual([c.shared.id]);
    const own = await call('GET', `${LINKS}/${c.own.id}`, bearer);
    expect(own.json()).toEqual(PREMIUM_REQUIRED);
  });
});

describe("when the owner's TEAM plan ends", () => {
  it('links stay, tracking links keep redirecting, members see the ended state, not an error', async () => {
    const c = await seatedTeam();
    // The plan ends in an hour; the clock moves past it.
    await t.db.kysely
      .updateTable('users')
      .set({ subscription_expires_at: new Date(clock.now().getTime() + HOUR_MS).toISOString() })
      .where('id', '=', c.owner.user.id)
      .execute();
    expect((await call('GET', `${TEAMS}/${c.team.id}`, c.member)).json().planActive).toBe(true);
    clock.advance(2 * HOUR_MS);

    const team = await call('GET', `${TEAMS}/${c.team.id}`, c.member);
    expect(team.statusCode).toBe(200);
    expect(team.json()).toMatchObject({ id: c.team.id, planActive: false });
    const listed = await call('GET', TEAMS, c.admin);
    expect(listed.json()).toEqual([expect.objectContaining({ planActive: false })]);

    const followed = await follow(c.tracking.slug);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(c.shared.mailtoUrl);
    const stored = await t.db.kysely
      .selectFrom('mailto_links')
      .select(['id', 'team_id'])
      .where('id', '=', c.shared.id)
      .executeTakeFirst();
    expect(stored).toEqual({ id: c.shared.id, team_id: c.team.id });

    // FREE members are back to their own plan; a member with Premium still reads them.
    const list = await call('GET', `${LINKS}?teamId=${c.team.id}`, c.member);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual(PREMIUM_REQUIRED);
    expect((await call('PUT', `${LINKS}/${c.shared.id}`, c.admin, buildLink())).json()).toEqual(
      PREMIUM_REQUIRED,
    );
    await setTier(t.db, c.member.user.id, 'PREMIUM');
    const premium = await call('GET', `${LINKS}?teamId=${c.team.id}`, c.member);
    expect(premium.json().map((l: { id: number }) => l.id)).toEqual([c.shared.id]);

    // Renewed: covered again at once.
    await t.db.kysely
      .updateTable('users')
      .set({ subscription_expires_at: null })
      .where('id', '=', c.owner.user.id)
      .execute();
    const again = await call('GET', `${LINKS}/${c.shared.id}`, c.admin);
    expect(again.statusCode).toBe(200);
  });
});
