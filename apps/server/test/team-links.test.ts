import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildLink,
  createLink,
  createTeam,
  createTestApp,
  type SignedIn,
  type TestApp,
  setTier,
  signUpAs,
} from './helpers';

const LINKS = '/api/v1/mailto-links';
const TEAMS = '/api/v1/teams';
const NOT_FOUND = { detail: 'Link not found', code: 'NOT_FOUND' };
const FORBIDDEN = {
  detail: 'You do not have permission to perform this action.',
  code: 'FORBIDDEN',
};
const notMember = {
  detail: 'Validation error: You are not a member of this team',
  code: 'VALIDATION_ERROR',
  fields: { teamId: 'You are not a member of this team' },
};

let t: TestApp;

const user = (tier: 'FREE' | 'PREMIUM' | 'TEAM'): Promise<SignedIn> => signUpAs(t, tier);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

type Listed = { id: number; teamId: number | null; teamName: string | null; canEdit: boolean };
async function listOf(who: SignedIn): Promise<Listed[]> {
  const res = await call('GET', `${LINKS}/?limit=200`, who);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const idsOf = async (who: SignedIn) => (await listOf(who)).map((l) => l.id);

async function linkRow(id: number) {
  return t.db.kysely.selectFrom('mailto_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A team with an owner, an admin and a member (all able to use saved links) and an outsider. */
async function crew(name = 'Crew') {
  const [owner, admin, member, outsider] = await Promise.all([
    user('TEAM'),
    user('PREMIUM'),
    user('PREMIUM'),
    user('TEAM'),
  ]);
  const team = await createTeam(t.app, owner, { name });
  await addMember(t.app, owner, team.id, admin, 'ADMIN');
  await addMember(t.app, owner, team.id, member, 'MEMBER');
  return { owner, admin, member, outsider, team };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sharing a link with a team', () => {
  it('accepts only a team the author belongs to, in any role', async () => {
    const { owner, member, outsider, team } = await crew();
    for (const who of [owner, member]) {
      const link = await createLink(t.app, who.headers, { teamId: team.id, isShared: false });
      expect(link).toMatchObject({ teamId: team.id, teamName: 'Crew', isShared: true });
    }
    const res = await call('POST', LINKS, outsider, buildLink({ teamId: team.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(notMember);

    const own = await createLink(t.app, outsider.headers);
    const put = await call('PUT', `${LINKS}/${own.id}`, outsider, buildLink({ teamId: team.id }));
    expect(put.json()).toEqual(notMember);
    expect((await linkRow(own.id))?.team_id).toBeNull();
  });

  it('shares on update and unshares with teamId null ("Keep private")', async () => {
    const { owner, member, team } = await crew();
    const link = await createLink(t.app, owner.headers, { name: 'Later' });
    expect(await idsOf(member)).not.toContain(link.id);
    const shared = await call('PUT', `${LINKS}/${link.id}`, owner, {
      ...buildLink({ name: 'Later' }),
      teamId: team.id,
    });
    expect(shared.json()).toMatchObject({ teamId: team.id, teamName: 'Crew', isShared: true });
    expect(await idsOf(member)).toContain(link.id);
    const unshared = await call('PUT', `${LINKS}/${link.id}`, owner, buildLink({ teamId: null }));
    expect(unshared.json()).toMatchObject({ teamId: null, teamName: null, isShared: false });
    expect(await idsOf(member)).not.toContain(link.id);
  });
});

describe('who sees and edits a shared link', () => {
  let c: Awaited<ReturnType<typeof crew>>;
  let shared: { id: number };
  let mine: { id: number };

  beforeAll(async () => {
    c = await crew('Readers');
    shared = await createLink(t.app, c.owner.headers, { name: 'Shared', teamId: c.team.id });
    mine = await createLink(t.app, c.member.headers, { name: 'Mine' });
  });

  it("puts it in every member's list with the team named; members read only", async () => {
    const seen = await call('GET', `${LINKS}/`, c.member);
    expect(seen.headers['x-total-count']).toBe('2');
    expect(seen.json().map((l: Listed) => l.id)).toEqual([mine.id, shared.id]);
    expect(seen.json()[1]).toMatchObject({
      id: shared.id,
      userId: c.owner.user.id,
      teamId: c.team.id,
      teamName: 'Readers',
      isShared: true,
      canEdit: false,
    });
    expect(seen.json()[0]).toMatchObject({ teamName: null, canEdit: true });
    for (const who of [c.owner, c.admin]) {
      const link = (await listOf(who)).find((l) => l.id === shared.id);
      expect(link).toMatchObject({ teamName: 'Readers', canEdit: true });
    }
    const one = await call('GET', `${LINKS}/${shared.id}`, c.member);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ name: 'Shared', canEdit: false, teamName: 'Readers' });
  });

  it('refuses a plain member edit or delete with 403', async () => {
    const put = await call('PUT', `${LINKS}/${shared.id}`, c.member, {
      ...buildLink({ name: 'Hijack' }),
      teamId: c.team.id,
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual(FORBIDDEN);
    const del = await call('DELETE', `${LINKS}/${shared.id}`, c.member);
    expect(del.statusCode).toBe(403);
    expect((await linkRow(shared.id))?.name).toBe('Shared');
  });

  it('hides it from non-members: 404 and absent from their list', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', buildLink({ teamId: c.team.id })],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `${LINKS}/${shared.id}`, c.outsider, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await idsOf(c.outsider)).not.toContain(shared.id);
  });

  it('lets an admin and the owner edit and delete a shared link; the author stays', async () => {
    const link = await createLink(t.app, c.member.headers, {
      name: 'By member',
      teamId: c.team.id,
    });
    const byAdmin = await call('PUT', `${LINKS}/${link.id}`, c.admin, {
      ...buildLink({ name: 'Edited by admin' }),
      teamId: c.team.id,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      userId: c.member.user.id,
      name: 'Edited by admin',
      teamId: c.team.id,
      canEdit: true,
    });
    const byOwner = await call('PUT', `${LINKS}/${link.id}`, c.owner, {
      ...buildLink({ name: 'Edited by owner' }),
      teamId: c.team.id,
    });
    expect(byOwner.json()).toMatchObject({ userId: c.member.user.id, name: 'Edited by owner' });

    const other = await createLink(t.app, c.member.headers, { teamId: c.team.id });
    expect((await call('DELETE', `${LINKS}/${link.id}`, c.admin)).json()).toEqual({ ok: true });
    expect((await call('DELETE', `${LINKS}/${other.id}`, c.owner)).json()).toEqual({ ok: true });
    expect(await linkRow(link.id)).toBeUndefined();
    expect(await linkRow(other.id)).toBeUndefined();
  });

  it('never lets an admin move somebody else’s link into another team', async () => {
    const elsewhere = await createTeam(t.app, c.owner, { name: 'Elsewhere' });
    await addMember(t.app, c.owner, elsewhere.id, c.admin, 'ADMIN');
    const link = await createLink(t.app, c.member.headers, { teamId: c.team.id });
    const res = await call(
      'PUT',
      `${LINKS}/${link.id}`,
      c.admin,
      buildLink({ teamId: elsewhere.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      teamId: 'Only the author can share this link with another team',
    });
    expect((await linkRow(link.id))?.team_id).toBe(c.team.id);
    // The author may.
    await addMember(t.app, c.owner, elsewhere.id, c.member, 'MEMBER');
    const moved = await call(
      'PUT',
      `${LINKS}/${link.id}`,
      c.member,
      buildLink({ teamId: elsewhere.id }),
    );
    expect(moved.json()).toMatchObject({ teamId: elsewhere.id, teamName: 'Elsewhere' });
  });

  it('follows role changes at once', async () => {
    const promote = await call(
      'PUT',
      `${TEAMS}/${c.team.id}/members/${c.member.user.id}`,
      c.owner,
      {
        role: 'admin',
      },
    );
    expect(promote.statusCode).toBe(200);
    const edit = await call('PUT', `${LINKS}/${shared.id}`, c.member, {
      ...buildLink({ name: 'Shared' }),
      teamId: c.team.id,
    });
    expect(edit.statusCode).toBe(200);
    await call('PUT', `${TEAMS}/${c.team.id}/members/${c.member.user.id}`, c.owner, {
      role: 'member',
    });
    const again = await call('PUT', `${LINKS}/${shared.id}`, c.member, {
      ...buildLink({ name: 'Shared' }),
      teamId: c.team.id,
    });
    expect(again.statusCode).toBe(403);
  });

  it('a FREE member of a team whose plan does not cover its members sees the team, not the links list', async () => {
    const [owner, free] = await Promise.all([user('TEAM'), user('FREE')]);
    const team = await createTeam(t.app, owner, { name: 'Lapsed' });
    await addMember(t.app, owner, team.id, free);
    await setTier(t.db, owner.user.id, 'PREMIUM');
    expect((await call('GET', TEAMS, free)).json()).toEqual([
      expect.objectContaining({ id: team.id, planActive: false }),
    ]);
    const res = await call('GET', `${LINKS}/`, free);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Premium subscription required',
      code: 'PREMIUM_REQUIRED',
    });
  });

  it('feeds other modules the same view (visibleLinks, loadAccessible)', async () => {
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', c.member.user.id)
      .executeTakeFirstOrThrow();
    const links = t.app.services.links;
    const visible = (await links.visibleLinks(row)).map((l) => l.id);
    expect(visible).toEqual(expect.arrayContaining([shared.id, mine.id]));
    expect((await links.loadAccessible(row, shared.id, 'read')).id).toBe(shared.id);
    await expect(links.loadAccessible(row, shared.id, 'edit')).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('leaving or being removed from a team', () => {
  it("removes access to the team's links at once; the removed member's shared links become private", async () => {
    const { owner, admin, member, team } = await crew('Leavers');
    const ownersLink = await createLink(t.app, owner.headers, { teamId: team.id });
    const membersLink = await createLink(t.app, member.headers, {
      name: 'Theirs',
      teamId: team.id,
    });
    const adminsLink = await createLink(t.app, admin.headers, { teamId: team.id });
    expect(await idsOf(member)).toEqual(
      expect.arrayContaining([ownersLink.id, membersLink.id, adminsLink.id]),
    );
    expect(await idsOf(owner)).toContain(membersLink.id);

    const removed = await call('DELETE', `/api/teams/${team.id}/members/${member.user.id}`, admin);
    expect(removed.statusCode).toBe(200);

    // The removed member: only their own link, now private.
    expect(await idsOf(member)).toEqual([membersLink.id]);
    for (const id of [ownersLink.id, adminsLink.id]) {
      expect((await call('GET', `${LINKS}/${id}`, member)).json()).toEqual(NOT_FOUND);
    }
    const theirs = await call('GET', `${LINKS}/${membersLink.id}`, member);
    expect(theirs.json()).toMatchObject({
      userId: member.user.id,
      name: 'Theirs',
      teamId: null,
      teamName: null,
      isShared: false,
      canEdit: true,
    });
    // The team no longer sees it.
    for (const who of [owner, admin]) {
      expect(await idsOf(who)).not.toContain(membersLink.id);
      expect((await call('GET', `${LINKS}/${membersLink.id}`, who)).statusCode).toBe(404);
    }
    // The other shared links are untouched.
    expect((await linkRow(ownersLink.id))?.team_id).toBe(team.id);
    expect((await linkRow(adminsLink.id))?.team_id).toBe(team.id);
  });

  it('treats leaving (self-removal) the same way', async () => {
    const { owner, admin, team } = await crew('Quitters');
    const ownersLink = await createLink(t.app, owner.headers, { teamId: team.id });
    const adminsLink = await createLink(t.app, admin.headers, { teamId: team.id });
    const left = await call('DELETE', `${TEAMS}/${team.id}/members/${admin.user.id}`, admin);
    expect(left.json()).toEqual({ ok: true });
    expect(await idsOf(admin)).toEqual([adminsLink.id]);
    expect((await call('PUT', `${LINKS}/${ownersLink.id}`, admin, buildLink())).statusCode).toBe(
      404,
    );
    expect(await linkRow(adminsLink.id)).toMatchObject({ team_id: null, is_shared: 0 });
    expect(await idsOf(owner)).toEqual([ownersLink.id]);
    // Sharing with the team again is refused.
    const again = await call('POST', LINKS, admin, buildLink({ teamId: team.id }));
    expect(again.json()).toEqual(notMember);
  });
});

describe('deleting a team', () => {
  it('returns its links to their authors as private links and loses nothing else', async () => {
    const { owner, admin, member, outsider, team } = await crew('Doomed');
    const keep = await createTeam(t.app, owner, { name: 'Kept' });
    await addMember(t.app, owner, keep.id, member, 'ADMIN');

    const ownersShared = await createLink(t.app, owner.headers, { name: 'O', teamId: team.id });
    const membersShared = await createLink(t.app, member.headers, { name: 'M', teamId: team.id });
    const keptShared = await createLink(t.app, member.headers, { name: 'K', teamId: keep.id });
    const privateOne = await createLink(t.app, member.headers, { name: 'P' });
    const outsiders = await createLink(t.app, outsider.headers, { name: 'X' });
    const before = {
      users: await t.db.kysely.selectFrom('users').select('id').orderBy('id').execute(),
      links: await t.db.kysely.selectFrom('mailto_links').selectAll().orderBy('id').execute(),
      kept: await t.db.kysely
        .selectFrom('team_members')
        .selectAll()
        .where('team_id', '=', keep.id)
        .orderBy('id')
        .execute(),
    };

    const res = await call('DELETE', `${TEAMS}/${team.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    // The team and its memberships are gone.
    expect(
      await t.db.kysely.selectFrom('teams').select('id').where('id', '=', team.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.kysely
        .selectFrom('team_members')
        .select('id')
        .where('team_id', '=', team.id)
        .execute(),
    ).toEqual([]);
    for (const who of [owner, admin, member])
      expect((await call('GET', `${TEAMS}/${team.id}`, who)).statusCode).toBe(404);

    // Its links are private links of their authors; every other row is as it was.
    const after = await t.db.kysely.selectFrom('mailto_links').selectAll().orderBy('id').execute();
    expect(after.map((l) => l.id)).toEqual(before.links.map((l) => l.id));
    for (const row of after) {
      const was = before.links.find((l) => l.id === row.id)!;
      if (row.id === ownersShared.id || row.id === membersShared.id) {
        expect(row).toEqual({ ...was, team_id: null, is_shared: 0, updated_at: row.updated_at });
      } else {
        expect(row).toEqual(was);
      }
    }
    expect(await t.db.kysely.selectFrom('users').select('id').orderBy('id').execute()).toEqual(
      before.users,
    );
    expect(
      await t.db.kysely
        .selectFrom('team_members')
        .selectAll()
        .where('team_id', '=', keep.id)
        .orderBy('id')
        .execute(),
    ).toEqual(before.kept);

    // Through the API: the member keeps their own and the kept team's links only.
    const membersView = await listOf(member);
    expect(membersView.map((l) => l.id)).toEqual([privateOne.id, keptShared.id, membersShared.id]);
    expect(membersView.find((l) => l.id === membersShared.id)).toMatchObject({
      teamId: null,
      teamName: null,
      canEdit: true,
    });
    expect(await idsOf(admin)).toEqual([]);
    expect((await listOf(owner)).find((l) => l.id === ownersShared.id)).toMatchObject({
      teamId: null,
      canEdit: true,
    });
    expect(await idsOf(outsider)).toEqual([outsiders.id]);
    expect((await call('GET', TEAMS, member)).json().map((x: { id: number }) => x.id)).toEqual([
      keep.id,
    ]);
  });
});
