import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessFor,
  AccessService,
  linkVisibleTo,
  linkVisibleToSql,
} from '../src/modules/access/service';
import {
  addMember,
  createLink,
  createTeam,
  createTestApp,
  type SignedIn,
  signUpAs,
  type TestApp,
} from './helpers';

/**
 * The access rule in its three forms (the Kysely expression with a bound user or a user
 * column, the SQL text of hand-written statements, `accessFor` on loaded rows) selects the
 * same links as the links list shows each user, on both databases.
 */
let t: TestApp;
let people: Record<'owner' | 'admin' | 'member' | 'leaver' | 'outsider' | 'loner', SignedIn>;

const byId = (a: number, b: number) => a - b;

async function listed(who: SignedIn): Promise<number[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/mailto-links?limit=200',
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  return res
    .json<{ id: number }[]>()
    .map((l) => l.id)
    .sort(byId);
}

beforeAll(async () => {
  t = await createTestApp();
  const [owner, admin, member, leaver, outsider, loner] = await Promise.all([
    signUpAs(t, 'TEAM'),
    signUpAs(t, 'PREMIUM'),
    signUpAs(t, 'PREMIUM'),
    signUpAs(t, 'PREMIUM'),
    signUpAs(t, 'TEAM'),
    signUpAs(t, 'PREMIUM'),
  ]);
  people = { owner, admin, member, leaver, outsider, loner };
  const crew = await createTeam(t.app, owner, { name: 'Crew' });
  const other = await createTeam(t.app, outsider, { name: 'Other' });
  await addMember(t.app, owner, crew.id, admin, 'ADMIN');
  await addMember(t.app, owner, crew.id, member, 'MEMBER');
  await addMember(t.app, owner, crew.id, leaver, 'MEMBER');
  await addMember(t.app, outsider, other.id, member, 'MEMBER');
  for (const who of Object.values(people)) await createLink(t.app, who.headers);
  await createLink(t.app, owner.headers, { teamId: crew.id });
  await createLink(t.app, member.headers, { teamId: crew.id });
  await createLink(t.app, leaver.headers, { teamId: crew.id });
  await createLink(t.app, outsider.headers, { teamId: other.id });
  await createLink(t.app, member.headers, { teamId: other.id });
  // The admin removes the leaver: their shared link is theirs alone again, and they no longer
  // see the team's links.
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/teams/${crew.id}/members/${leaver.user.id}`,
    headers: admin.headers,
  });
  expect(removed.statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('links visible to a user', () => {
  it('the expression with a bound user selects what the list shows', async () => {
    const counts: number[] = [];
    for (const who of Object.values(people)) {
      const rows = await t.db.kysely
        .selectFrom('mailto_links as m')
        .select('m.id')
        .where(linkVisibleTo('m', who.user.id))
        .execute();
      const ids = rows.map((r) => r.id).sort(byId);
      expect(ids).toEqual(await listed(who));
      counts.push(ids.length);
    }
    // Crew shares the owner's and the member's links (the leaver's went back to them).
    // owner, admin: own + Crew's 2; member: own 3 + the owner's in Crew + the outsider's in
    // Other; leaver: own 2 (Crew's no longer); outsider: own 2 + the member's in Other; loner: own.
    expect(counts).toEqual([3, 3, 5, 2, 3, 1]);
  });

  it('the expression over a user column, its SQL text and accessFor agree for every user', async () => {
    const pairs = (rows: { user_id: number; link_id: number }[]) =>
      rows.map((r) => `${r.user_id}:${r.link_id}`).sort();
    const k = t.db.kysely;
    const fromBuilder = await k
      .selectFrom(['users as u', 'mailto_links as m'])
      .select(['u.id as user_id', 'm.id as link_id'])
      .where(linkVisibleTo('m', { column: 'u.id' }))
      .execute();
    const fromText = await sql<{ user_id: number; link_id: number }>`${sql.raw(
      `select u.id as user_id, m.id as link_id from users u, mailto_links m where ${linkVisibleToSql('m', 'u.id')}`,
    )}`.execute(k);
    const links = await k.selectFrom('mailto_links').select(['id', 'user_id', 'team_id']).execute();
    const access = new AccessService(t.db, t.app.clock);
    const fromRule: { user_id: number; link_id: number }[] = [];
    for (const who of Object.values(people)) {
      const memberships = await access.memberships(who.user);
      for (const link of links)
        if (accessFor({ id: who.user.id, ownPlan: true, memberships }, link) !== 'none')
          fromRule.push({ user_id: who.user.id, link_id: link.id });
    }
    expect(pairs(fromBuilder)).toEqual(pairs(fromRule));
    expect(pairs(fromText.rows)).toEqual(pairs(fromRule));
    expect(fromRule.length).toBe(17);
  });

  it('negated, it selects exactly the other links (never unknown, private links included)', async () => {
    for (const who of Object.values(people)) {
      const hidden = await t.db.kysely
        .selectFrom('mailto_links as m')
        .select('m.id')
        .where((eb) => eb.not(linkVisibleTo('m', who.user.id)))
        .execute();
      const all = await t.db.kysely.selectFrom('mailto_links').select('id').execute();
      const seen = new Set(await listed(who));
      expect(hidden.map((r) => r.id).sort(byId)).toEqual(
        all
          .map((r) => r.id)
          .filter((id) => !seen.has(id))
          .sort(byId),
      );
    }
  });
});
