import {
  TEAM_MEMBERS_MAX,
  TEAM_MEMBERSHIPS_MAX,
  TEAMS_OWNED_MAX,
} from '@mailtokit/contracts/teams';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createTeam,
  createTestApp,
  type SignedIn,
  type TestApp,
  signUpAs,
} from './helpers';

const V1 = '/api/v1/teams';
const TEAM_NOT_FOUND = { detail: 'Team not found', code: 'NOT_FOUND' };
const MEMBER_NOT_FOUND = { detail: 'Member not found', code: 'NOT_FOUND' };
const TEAM_REQUIRED = { detail: 'Team subscription required', code: 'TEAM_REQUIRED' };
const forbidden = (detail: string) => ({ detail, code: 'FORBIDDEN' });
const OWNER_ONLY = forbidden('Only the team owner can do this');
const CANNOT_REMOVE_OWNER = forbidden('The team owner cannot be removed');
const CANNOT_CHANGE_OWNER = forbidden("The team owner's role cannot be changed");
const invalid = (field: string, message: string) => ({
  detail: `Validation error: ${message}`,
  code: 'VALIDATION_ERROR',
  fields: { [field]: message },
});

let t: TestApp;

const user = (tier: 'FREE' | 'PREMIUM' | 'TEAM'): Promise<SignedIn> => signUpAs(t, tier);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

/** Role of every member of a team straight from the database, plus the team's owner_id. */
async function snapshot(teamId: number) {
  const team = await t.db.kysely
    .selectFrom('teams')
    .select('owner_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  const members = await t.db.kysely
    .selectFrom('team_members')
    .select(['user_id', 'role'])
    .where('team_id', '=', teamId)
    .orderBy('user_id')
    .execute();
  return { ownerId: team?.owner_id ?? null, members };
}

const rolesOf = async (teamId: number) =>
  Object.fromEntries((await snapshot(teamId)).members.map((m) => [m.user_id, m.role]));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * The permission matrix: every team and member endpoint x every kind of caller, on both path
 * families. Each cell runs on a fresh team (owner, an admin, a member, and two bystanders to
 * act on: one MEMBER and one ADMIN), so that one cell's change never leaks into another.
 */
describe('permission matrix', () => {
  const ACTORS = ['owner', 'admin', 'member', 'outsider', 'anonymous'] as const;
  type Actor = (typeof ACTORS)[number];
  type People = Record<Actor | 'targetMember' | 'targetAdmin' | 'newcomer', SignedIn>;
  interface Fixture {
    teamId: number;
    people: People;
  }
  let people: People;
  const created: number[] = [];

  beforeAll(async () => {
    const [owner, admin, member, outsider, targetMember, targetAdmin, newcomer] = await Promise.all(
      [
        user('TEAM'),
        user('TEAM'),
        user('FREE'),
        user('TEAM'),
        user('FREE'),
        user('PREMIUM'),
        user('FREE'),
      ],
    );
    // Anonymous calls carry no headers; the member's identity stands in where a path needs one.
    people = {
      owner,
      admin,
      member,
      outsider,
      anonymous: member,
      targetMember,
      targetAdmin,
      newcomer,
    };
  });

  afterEach(async () => {
    // Keep the owner under the cap of owned teams: drop every team a cell made.
    if (created.length)
      await t.db.kysely.deleteFrom('teams').where('id', 'in', created.splice(0)).execute();
  });

  async function fixture(): Promise<Fixture> {
    const { owner, admin, member, targetMember, targetAdmin } = people;
    const team = await createTeam(t.app, owner, { name: 'Matrix' });
    created.push(team.id);
    await addMember(t.app, owner, team.id, admin, 'ADMIN');
    await addMember(t.app, owner, team.id, member, 'MEMBER');
    await addMember(t.app, owner, team.id, targetMember, 'MEMBER');
    await addMember(t.app, owner, team.id, targetAdmin, 'ADMIN');
    return { teamId: team.id, people };
  }

  const idOf = (f: Fixture, who: keyof People) => f.people[who].user.id;

  interface Row {
    name: string;
    method: Method;
    path: (f: Fixture, actor: Actor) => string;
    body?: (f: Fixture) => object;
    /** Expected status for owner, admin, member, outsider, anonymous. */
    expected: [number, number, number, number, number];
  }

  const ROWS: Row[] = [
    { name: 'list teams', method: 'GET', path: () => '', expected: [200, 200, 200, 200, 401] },
    {
      // Creating needs the TEAM tier: the member is FREE, everyone else here TEAM.
      name: 'create a team',
      method: 'POST',
      path: () => '',
      body: () => ({ name: 'Another' }),
      expected: [201, 201, 403, 201, 401],
    },
    {
      name: 'get the team',
      method: 'GET',
      path: (f) => `/${f.teamId}`,
      expected: [200, 200, 200, 404, 401],
    },
    {
      name: 'delete the team',
      method: 'DELETE',
      path: (f) => `/${f.teamId}`,
      expected: [200, 403, 403, 404, 401],
    },
    {
      name: 'list members',
      method: 'GET',
      path: (f) => `/${f.teamId}/members`,
      expected: [200, 200, 200, 404, 401],
    },
    {
      name: 'add a member as member',
      method: 'POST',
      path: (f) => `/${f.teamId}/members`,
      body: (f) => ({ username: f.people.newcomer.user.username, role: 'member' }),
      expected: [201, 201, 403, 404, 401],
    },
    {
      name: 'add a member as admin',
      method: 'POST',
      path: (f) => `/${f.teamId}/members`,
      body: (f) => ({ username: f.people.newcomer.user.username, role: 'admin' }),
      expected: [201, 201, 403, 404, 401],
    },
    {
      // Nobody is invited as owner: ownership moves only to a member.
      name: 'add a member as owner',
      method: 'POST',
      path: (f) => `/${f.teamId}/members`,
      body: (f) => ({ username: f.people.newcomer.user.username, role: 'owner' }),
      expected: [400, 400, 400, 400, 401],
    },
    {
      name: 'promote a member to admin',
      method: 'PUT',
      path: (f) => `/${f.teamId}/members/${idOf(f, 'targetMember')}`,
      body: () => ({ role: 'admin' }),
      expected: [200, 403, 403, 404, 401],
    },
    {
      name: 'demote an admin to member',
      method: 'PUT',
      path: (f) => `/${f.teamId}/members/${idOf(f, 'targetAdmin')}`,
      body: () => ({ role: 'member' }),
      expected: [200, 403, 403, 404, 401],
    },
    {
      name: 'make a member the owner (transfer)',
      method: 'PUT',
      path: (f) => `/${f.teamId}/members/${idOf(f, 'targetMember')}`,
      body: (f) => ({ role: 'owner', currentPassword: f.people.owner.password }),
      expected: [200, 403, 403, 404, 401],
    },
    {
      name: "change the owner's role",
      method: 'PUT',
      path: (f) => `/${f.teamId}/members/${idOf(f, 'owner')}`,
      body: () => ({ role: 'admin' }),
      expected: [403, 403, 403, 404, 401],
    },
    {
      name: "change one's own role",
      method: 'PUT',
      path: (f, actor) => `/${f.teamId}/members/${idOf(f, actor)}`,
      body: () => ({ role: 'member' }),
      expected: [403, 403, 403, 404, 401],
    },
    {
      name: 'remove a member',
      method: 'DELETE',
      path: (f) => `/${f.teamId}/members/${idOf(f, 'targetMember')}`,
      expected: [200, 200, 403, 404, 401],
    },
    {
      name: 'remove an admin',
      method: 'DELETE',
      path: (f) => `/${f.teamId}/members/${idOf(f, 'targetAdmin')}`,
      expected: [200, 403, 403, 404, 401],
    },
    {
      name: 'remove the owner',
      method: 'DELETE',
      path: (f) => `/${f.teamId}/members/${idOf(f, 'owner')}`,
      expected: [403, 403, 403, 404, 401],
    },
    {
      name: 'remove oneself (leave)',
      method: 'DELETE',
      path: (f, actor) => `/${f.teamId}/members/${idOf(f, actor)}`,
      expected: [403, 200, 200, 404, 401],
    },
  ];

  const cells = ROWS.flatMap((row) =>
    ACTORS.map((actor, i) => ({ ...row, actor, status: row.expected[i] as number })),
  );

  describe.each([V1, '/api/teams'])('under %s', (prefix) => {
    it.each(cells)('$name as $actor: $status', async ({ method, path, body, actor, status }) => {
      const f = await fixture();
      const before = await snapshot(f.teamId);
      const who = actor === 'anonymous' ? null : f.people[actor];
      const res = await call(method, `${prefix}${path(f, actor)}`, who, body?.(f));
      if (method === 'POST' && path(f, actor) === '' && res.statusCode === 201)
        created.push(res.json().id);

      expect(res.statusCode).toBe(status);
      if (status === 401) expect(res.json().code).toBe('UNAUTHORIZED');
      if (status === 404) expect(res.json()).toEqual(TEAM_NOT_FOUND);
      if (status === 400) expect(res.json().code).toBe('VALIDATION_ERROR');
      if (status === 403)
        expect(res.json().code).toBe(
          method === 'POST' && !path(f, actor) ? 'TEAM_REQUIRED' : 'FORBIDDEN',
        );
      // A refused call changes nothing.
      if (status >= 400) expect(await snapshot(f.teamId)).toEqual(before);
      // The list holds the team exactly for its members.
      if (method === 'GET' && path(f, actor) === '' && status === 200) {
        const ids = res.json().map((team: { id: number }) => team.id);
        expect(ids.includes(f.teamId)).toBe(actor !== 'outsider');
      }
    });
  });
});

describe('creating a team', () => {
  it.each(['FREE', 'PREMIUM'] as const)('needs the TEAM tier: %s gets 403', async (tier) => {
    const who = await user(tier);
    for (const url of [V1, `${V1}/`, '/api/teams', '/api/teams/']) {
      const res = await call('POST', url, who, { name: 'Nope' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(TEAM_REQUIRED);
    }
    const rows = await t.db.kysely
      .selectFrom('teams')
      .select('id')
      .where('owner_id', '=', who.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('creates the team and the OWNER membership, and returns the Team shape', async () => {
    const owner = await user('TEAM');
    const res = await call('POST', `${V1}/`, owner, {
      name: '  Marketing  ',
      description: ' Campaign links ',
    });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(Object.keys(team).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'ownerId',
        'owner_id',
        'owner',
        'createdAt',
        'created_at',
        'updatedAt',
        'currentUserId',
        'currentUserRole',
        'planActive',
        'requireTwoFactor',
        'memberCount',
        'members',
      ].sort(),
    );
    expect(team).toMatchObject({
      planActive: true,
      name: 'Marketing',
      description: 'Campaign links',
      ownerId: owner.user.id,
      owner_id: owner.user.id,
      owner: { id: owner.user.id, username: owner.user.username },
      currentUserId: owner.user.id,
      currentUserRole: 'OWNER',
      memberCount: 1,
    });
    expect(team.created_at).toBe(team.createdAt);
    expect(Number.isNaN(Date.parse(team.createdAt))).toBe(false);
    expect(team.members).toEqual([
      {
        id: expect.any(Number),
        teamId: team.id,
        userId: owner.user.id,
        role: 'OWNER',
        createdAt: team.createdAt,
        updatedAt: team.createdAt,
        user: {
          username: owner.user.username,
          firstName: 'Test',
          lastName: 'User',
          email: owner.user.email,
          profileImageUrl: null,
        },
      },
    ]);
    expect(await rolesOf(team.id)).toEqual({ [owner.user.id]: 'OWNER' });
  });

  it.each([
    ['omitted', {}],
    ['null', { description: null }],
    ['blank', { description: '   ' }],
  ])('stores a description sent %s as null', async (_how, extra) => {
    const owner = await user('TEAM');
    const res = await call('POST', V1, owner, { name: 'Plain', ...extra });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBeNull();
  });

  it.each([
    ['name', {}, 'Team name is required'],
    ['name', { name: '' }, 'Team name is required'],
    ['name', { name: '   ' }, 'Team name is required'],
    ['name', { name: null }, 'Team name is required'],
    ['name', { name: 42 }, 'Team name is required'],
    ['name', { name: 'n'.repeat(101) }, 'Must be at most 100 characters'],
    ['description', { name: 'ok', description: 'd'.repeat(501) }, 'Must be at most 500 characters'],
  ])('rejects a bad %s: %j', async (field, payload, message) => {
    const owner = await user('TEAM');
    const res = await call('POST', V1, owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalid(field, message));
  });

  it(`caps the teams one user owns at ${TEAMS_OWNED_MAX}`, async () => {
    const owner = await user('TEAM');
    const now = new Date().toISOString();
    for (let i = 1; i < TEAMS_OWNED_MAX; i += 1) {
      const team = await t.db.kysely
        .insertInto('teams')
        .values({ name: `T${i}`, owner_id: owner.user.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('team_members')
        .values({
          team_id: team.id,
          user_id: owner.user.id,
          role: 'OWNER',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    expect((await call('POST', V1, owner, { name: 'Last one' })).statusCode).toBe(201);
    const res = await call('POST', V1, owner, { name: 'One too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'You can own at most 50 teams', code: 'CONFLICT' });
    expect((await call('GET', V1, owner)).json()).toHaveLength(TEAMS_OWNED_MAX);
  });
});

describe('reading teams', () => {
  let owner: SignedIn;
  let admin: SignedIn;
  let member: SignedIn;
  let teamId: number;

  beforeAll(async () => {
    [owner, admin, member] = await Promise.all([user('TEAM'), user('PREMIUM'), user('FREE')]);
    teamId = (await createTeam(t.app, owner, { name: 'Readers', description: 'About us' })).id;
    await addMember(t.app, owner, teamId, member, 'MEMBER');
    await addMember(t.app, owner, teamId, admin, 'ADMIN');
  });

  it('lists the teams of a FREE member, with their role and the whole team', async () => {
    const res = await call('GET', `${V1}/`, member);
    expect(res.statusCode).toBe(200);
    const [team] = res.json();
    expect(res.json()).toHaveLength(1);
    expect(team).toMatchObject({
      id: teamId,
      name: 'Readers',
      description: 'About us',
      owner_id: owner.user.id,
      owner: { username: owner.user.username },
      currentUserId: member.user.id,
      currentUserRole: 'MEMBER',
      memberCount: 3,
    });
    // The owner first, then admins, then members.
    expect(team.members.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [owner.user.id, 'OWNER'],
      [admin.user.id, 'ADMIN'],
      [member.user.id, 'MEMBER'],
    ]);
    // Teammates see each other's names as registered (the members list shows them).
    expect(team.members[2].user).toEqual({
      username: member.user.username,
      firstName: 'Test',
      lastName: 'User',
      email: member.user.email,
      profileImageUrl: null,
    });
  });

  it('lists nothing for a user in no team, and every team, oldest first, for one in several', async () => {
    const loner = await user('TEAM');
    expect((await call('GET', V1, loner)).json()).toEqual([]);
    const second = await createTeam(t.app, loner, { name: 'Second' });
    await addMember(t.app, owner, teamId, loner);
    const names = (await call('GET', V1, loner)).json().map((x: { name: string }) => x.name);
    expect(names).toEqual(['Readers', 'Second']);
    const roles = (await call('GET', V1, loner))
      .json()
      .map((x: { currentUserRole: string }) => x.currentUserRole);
    expect(roles).toEqual(['MEMBER', 'OWNER']);
    await call('DELETE', `${V1}/${teamId}/members/${loner.user.id}`, loner);
    await call('DELETE', `${V1}/${second.id}`, loner);
  });

  it('answers every path family and trailing slash with the same body', async () => {
    const pairs = [
      [`${V1}`, `${V1}/`, '/api/teams', '/api/teams/'],
      [`${V1}/${teamId}`, `/api/teams/${teamId}`],
      [`${V1}/${teamId}/members`, `/api/teams/${teamId}/members`],
    ];
    for (const urls of pairs) {
      const bodies = await Promise.all(
        urls.map(async (url) => (await call('GET', url, admin)).json()),
      );
      for (const body of bodies.slice(1)) expect(body).toEqual(bodies[0]);
    }
    const team = (await call('GET', `/api/teams/${teamId}`, admin)).json();
    expect(team).toMatchObject({ ownerId: owner.user.id, currentUserId: admin.user.id });
    const members = (await call('GET', `/api/teams/${teamId}/members`, admin)).json();
    expect(members).toEqual(team.members);
  });

  it.each(['abc', '-1', '1.5', '1e3', '0x5', '%205'])(
    'answers 400 naming the id for %s (not decimal digits), whatever the method',
    async (id) => {
      for (const [method, path, payload] of [
        ['GET', `/${id}`, undefined],
        ['DELETE', `/${id}`, undefined],
        ['GET', `/${id}/members`, undefined],
        ['POST', `/${id}/members`, { username: member.user.username, role: 'member' }],
        ['PUT', `/${id}/members/${member.user.id}`, { role: 'admin' }],
        ['DELETE', `/${id}/members/${member.user.id}`, undefined],
      ] as const) {
        const res = await call(method, `${V1}${path}`, owner, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          fields: { id: expect.any(String) },
        });
      }
    },
  );

  it.each(['0', '007', '2147483648', '99999999999999999999', '999999'])(
    'answers 404 Team not found for id %s, whatever the method',
    async (id) => {
      for (const [method, path, payload] of [
        ['GET', `/${id}`, undefined],
        ['DELETE', `/${id}`, undefined],
        ['GET', `/${id}/members`, undefined],
        ['POST', `/${id}/members`, { username: member.user.username, role: 'member' }],
        ['PUT', `/${id}/members/${member.user.id}`, { role: 'admin' }],
        ['DELETE', `/${id}/members/${member.user.id}`, undefined],
      ] as const) {
        const res = await call(method, `${V1}${path}`, owner, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(TEAM_NOT_FOUND);
      }
    },
  );

  it('documents the canonical paths only', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/v1/teams']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/teams/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(doc.paths['/api/v1/teams/{id}/members']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/teams/{id}/members/{userId}']).sort()).toEqual([
      'delete',
      'put',
    ]);
    for (const hidden of ['/api/v1/teams/', '/api/teams', '/api/teams/{id}'])
      expect(doc.paths[hidden]).toBeUndefined();
  });
});

describe('the older add-member call', () => {
  let owner: SignedIn;
  let admin: SignedIn;
  let member: SignedIn;
  let teamId: number;
  const members = `${V1}/:id/members`;
  const url = () => members.replace(':id', String(teamId));

  beforeAll(async () => {
    [owner, admin, member] = await Promise.all([user('TEAM'), user('FREE'), user('FREE')]);
    teamId = (await createTeam(t.app, owner)).id;
    await addMember(t.app, owner, teamId, admin, 'ADMIN');
    await addMember(t.app, owner, teamId, member, 'MEMBER');
  });

  it('invites the username (any case, role in any case, MEMBER by default): nobody joins', async () => {
    const [a, b] = await Promise.all([user('FREE'), user('FREE')]);
    const before = await snapshot(teamId);
    const res = await call('POST', url(), admin, {
      username: `  ${a.user.username.toUpperCase()} `,
      role: 'Admin',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      teamId,
      teamName: expect.any(String),
      role: 'ADMIN',
      username: a.user.username.toUpperCase(),
      invitedBy: {
        id: admin.user.id,
        username: admin.user.username,
        displayName: 'Test', // the first name every signUp() registers
      },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      status: 'PENDING',
    });
    const plain = await call('POST', url(), owner, { username: b.user.username });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().role).toBe('MEMBER');
    // Still nobody new in the team: only their own acceptance adds them.
    expect(await snapshot(teamId)).toEqual(before);
    const mine = (await call('GET', '/api/v1/invitations', a)).json();
    expect(mine.map((i: { teamId: number; role: string }) => [i.teamId, i.role])).toEqual([
      [teamId, 'ADMIN'],
    ]);
  });

  it('answers an unknown username exactly as a known one', async () => {
    const known = await user('FREE');
    const strip = (body: Record<string, unknown>) => ({
      ...body,
      id: 0,
      username: '',
      createdAt: '',
      expiresAt: '',
    });
    const a = await call('POST', url(), owner, { username: 'nobody_by_that_name', role: 'member' });
    const b = await call('POST', url(), owner, { username: known.user.username, role: 'member' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(strip(a.json())).toEqual(strip(b.json()));
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
  });

  it('answers 409 for an existing member, the owner included', async () => {
    for (const who of [member, admin, owner]) {
      const res = await call('POST', url(), admin, {
        username: who.user.username.toUpperCase(),
        role: 'member',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'This user is already a member of the team',
        code: 'CONFLICT',
      });
    }
    expect((await rolesOf(teamId))[member.user.id]).toBe('MEMBER');
  });

  it('refuses members (403) before looking the username up', async () => {
    const res = await call('POST', url(), member, { username: 'nobody_at_all', role: 'member' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden('Members cannot manage the team'));
  });

  it('never invites anyone as owner, not even for the owner', async () => {
    const newcomer = await user('FREE');
    for (const by of [owner, admin]) {
      const res = await call('POST', url(), by, {
        username: newcomer.user.username,
        role: 'owner',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(
        invalid(
          'role',
          'Invite as admin or member; ownership moves only to someone who is already a member',
        ),
      );
    }
  });

  it.each([
    ['username', { role: 'member' }, 'Username is required'],
    ['username', { username: '', role: 'member' }, 'Username is required'],
    ['username', { username: '   ', role: 'member' }, 'Username is required'],
    ['username', { username: 7, role: 'member' }, 'Username is required'],
    ['role', { username: 'someone', role: 'boss' }, 'Role is required'],
    ['role', { username: 'someone', role: '' }, 'Role is required'],
    ['role', { username: 'someone', role: 3 }, 'Role is required'],
  ])('rejects a bad %s: %j', async (field, payload, message) => {
    const res = await call('POST', url(), owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalid(field, message));
  });

  it(`caps a team at ${TEAM_MEMBERS_MAX} members`, async () => {
    const boss = await user('TEAM');
    const team = await createTeam(t.app, boss);
    const now = new Date().toISOString();
    const filler = Array.from({ length: TEAM_MEMBERS_MAX - 1 }, (_, i) => ({
      username: `filler_${team.id}_${i}`,
      email: null,
      password_hash: 'x',
      first_name: null,
      last_name: null,
      subscription_tier: 'FREE' as const,
      subscription_expires_at: null,
      created_at: now,
      updated_at: now,
    }));
    const ids = await t.db.kysely.insertInto('users').values(filler).returning('id').execute();
    await t.db.kysely
      .insertInto('team_members')
      .values(
        ids.map(({ id }) => ({
          team_id: team.id,
          user_id: id,
          role: 'MEMBER' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const late = await user('FREE');
    const res = await call('POST', `${V1}/${team.id}/invitations`, boss, {
      username: late.user.username,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'A team can have at most 200 members', code: 'CONFLICT' });
    const list = await call('GET', `${V1}/${team.id}/members`, boss);
    expect(list.json()).toHaveLength(TEAM_MEMBERS_MAX);
  });

  it(`caps the teams one user belongs to at ${TEAM_MEMBERSHIPS_MAX}`, async () => {
    const [busy, host] = await Promise.all([user('TEAM'), user('TEAM')]);
    const now = new Date().toISOString();
    const teams = await t.db.kysely
      .insertInto('teams')
      .values(
        Array.from({ length: TEAM_MEMBERSHIPS_MAX }, (_, i) => ({
          name: `Crowd ${i}`,
          owner_id: host.user.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await t.db.kysely
      .insertInto('team_members')
      .values(
        teams.map(({ id }) => ({
          team_id: id,
          user_id: busy.user.id,
          role: 'MEMBER' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect((await call('GET', V1, busy)).json()).toHaveLength(TEAM_MEMBERSHIPS_MAX);

    const add = await call('POST', url(), owner, { username: busy.user.username });
    expect(add.statusCode).toBe(201);
    const accept = await call('POST', `/api/v1/invitations/${add.json().id}/accept`, busy);
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({
      detail: 'You can belong to at most 200 teams',
      code: 'CONFLICT',
    });
    const create = await call('POST', V1, busy, { name: 'Mine' });
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual({
      detail: 'You can belong to at most 200 teams',
      code: 'CONFLICT',
    });
    await t.db.kysely.deleteFrom('teams').where('owner_id', '=', host.user.id).execute();
  });
});

describe('changing roles and removing members', () => {
  let owner: SignedIn;
  let admin: SignedIn;
  let admin2: SignedIn;
  let member: SignedIn;
  let teamId: number;
  const memberUrl = (who: SignedIn | number) =>
    `${V1}/${teamId}/members/${typeof who === 'number' ? who : who.user.id}`;

  beforeAll(async () => {
    [owner, admin, admin2, member] = await Promise.all([
      user('TEAM'),
      user('FREE'),
      user('FREE'),
      user('FREE'),
    ]);
    teamId = (await createTeam(t.app, owner)).id;
    await addMember(t.app, owner, teamId, admin, 'ADMIN');
    await addMember(t.app, owner, teamId, admin2, 'ADMIN');
    await addMember(t.app, owner, teamId, member, 'MEMBER');
  });

  it('moves a member between admin and member, returning the member', async () => {
    const up = await call('PUT', memberUrl(member), owner, { role: 'ADMIN' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ userId: member.user.id, role: 'ADMIN', teamId });
    expect(up.json().user.username).toBe(member.user.username);
    const same = await call('PUT', memberUrl(member), owner, { role: 'admin' });
    expect(same.statusCode).toBe(200);
    const down = await call('PUT', memberUrl(member), owner, { role: 'member' });
    expect(down.json().role).toBe('MEMBER');
    expect((await rolesOf(teamId))[member.user.id]).toBe('MEMBER');
  });

  it('tells admins and members why they may not change roles or remove', async () => {
    expect((await call('PUT', memberUrl(member), admin, { role: 'admin' })).json()).toEqual(
      OWNER_ONLY,
    );
    expect((await call('DELETE', memberUrl(admin2), admin)).json()).toEqual(
      forbidden('Admins can only remove members'),
    );
    expect((await call('DELETE', memberUrl(admin), member)).json()).toEqual(
      forbidden('Members cannot manage the team'),
    );
  });

  it('keeps the owner: nobody removes or demotes them, themselves included', async () => {
    for (const role of ['admin', 'member', 'owner']) {
      const res = await call('PUT', memberUrl(owner), owner, { role });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(CANNOT_CHANGE_OWNER);
    }
    for (const who of [admin, member]) {
      const res = await call('PUT', memberUrl(owner), who, { role: 'member' });
      expect(res.statusCode).toBe(403);
    }
    for (const who of [owner, admin, member]) {
      const res = await call('DELETE', memberUrl(owner), who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(CANNOT_REMOVE_OWNER);
    }
    const team = (await call('GET', `${V1}/${teamId}`, member)).json();
    expect(team.ownerId).toBe(owner.user.id);
    expect((await rolesOf(teamId))[owner.user.id]).toBe('OWNER');
  });

  it.each([
    ['PUT', { role: 'boss' }],
    ['PUT', {}],
    ['PUT', { role: null }],
  ])('rejects %s %j with Role is required', async (method, payload) => {
    const res = await call(method as Method, memberUrl(member), owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalid('role', 'Role is required'));
  });

  it('answers 404 Member not found for someone outside the team or an id of no row', async () => {
    const stranger = await user('FREE');
    for (const target of [String(stranger.user.id), '0', '99999999999']) {
      const put = await call('PUT', `${V1}/${teamId}/members/${target}`, owner, { role: 'admin' });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual(MEMBER_NOT_FOUND);
      const del = await call('DELETE', `${V1}/${teamId}/members/${target}`, owner);
      expect(del.json()).toEqual(MEMBER_NOT_FOUND);
    }
  });

  it('lets members and admins leave; a removed member loses the team at once', async () => {
    const [leaver, kicked] = await Promise.all([user('FREE'), user('FREE')]);
    await addMember(t.app, owner, teamId, leaver, 'ADMIN');
    await addMember(t.app, admin, teamId, kicked, 'MEMBER');
    expect((await call('GET', `${V1}/${teamId}`, leaver)).statusCode).toBe(200);

    const left = await call('DELETE', memberUrl(leaver), leaver);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ ok: true });
    const removed = await call('DELETE', `/api/teams/${teamId}/members/${kicked.user.id}`, admin);
    expect(removed.json()).toEqual({ ok: true });

    for (const who of [leaver, kicked]) {
      expect((await call('GET', `${V1}/${teamId}`, who)).json()).toEqual(TEAM_NOT_FOUND);
      expect((await call('GET', `${V1}/${teamId}/members`, who)).statusCode).toBe(404);
      expect((await call('GET', V1, who)).json()).toEqual([]);
    }
    const roles = await rolesOf(teamId);
    expect(roles[leaver.user.id]).toBeUndefined();
    expect(roles[kicked.user.id]).toBeUndefined();
    // A second removal finds nobody.
    expect((await call('DELETE', memberUrl(kicked), owner)).json()).toEqual(MEMBER_NOT_FOUND);
  });
});

describe('ownership transfer', () => {
  it('hands the team to an admin: the old owner becomes an admin and loses the owner powers', async () => {
    const [owner, admin, member] = await Promise.all([user('TEAM'), user('FREE'), user('FREE')]);
    const team = await createTeam(t.app, owner);
    await addMember(t.app, owner, team.id, admin, 'ADMIN');
    await addMember(t.app, owner, team.id, member, 'MEMBER');

    const res = await call('PUT', `/api/teams/${team.id}/members/${admin.user.id}`, owner, {
      role: 'owner',
      currentPassword: owner.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: admin.user.id, role: 'OWNER' });

    const after = await snapshot(team.id);
    expect(after.ownerId).toBe(admin.user.id);
    expect(await rolesOf(team.id)).toEqual({
      [owner.user.id]: 'ADMIN',
      [admin.user.id]: 'OWNER',
      [member.user.id]: 'MEMBER',
    });
    const seen = (await call('GET', `${V1}/${team.id}`, member)).json();
    expect(seen).toMatchObject({
      ownerId: admin.user.id,
      owner_id: admin.user.id,
      owner: { id: admin.user.id, username: admin.user.username },
    });
    expect(seen.members[0]).toMatchObject({ userId: admin.user.id, role: 'OWNER' });
    const mine = (await call('GET', V1, owner)).json()[0];
    expect(mine.currentUserRole).toBe('ADMIN');

    // The old owner is an admin now: no role changes, no deletion.
    const promote = await call('PUT', `${V1}/${team.id}/members/${member.user.id}`, owner, {
      role: 'admin',
    });
    expect(promote.json()).toEqual(OWNER_ONLY);
    const del = await call('DELETE', `${V1}/${team.id}`, owner);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual(OWNER_ONLY);
    // ...and can now be demoted or removed by the new owner, who can also delete the team.
    const demote = await call('PUT', `${V1}/${team.id}/members/${owner.user.id}`, admin, {
      role: 'member',
    });
    expect(demote.json().role).toBe('MEMBER');
    const gone = await call('DELETE', `${V1}/${team.id}`, admin);
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', `${V1}/${team.id}`, admin)).json()).toEqual(TEAM_NOT_FOUND);
  });

  it('moves ownership only to a member: anyone else, invited or not, is 404', async () => {
    const [owner, invited, stranger] = await Promise.all([
      user('TEAM'),
      user('FREE'),
      user('FREE'),
    ]);
    const team = await createTeam(t.app, owner);
    const inv = await call('POST', `${V1}/${team.id}/invitations`, owner, {
      username: invited.user.username,
    });
    expect(inv.statusCode).toBe(201);
    for (const who of [invited, stranger]) {
      const res = await call('PUT', `${V1}/${team.id}/members/${who.user.id}`, owner, {
        role: 'owner',
        currentPassword: owner.password,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(MEMBER_NOT_FOUND);
    }
    expect(await snapshot(team.id)).toEqual({
      ownerId: owner.user.id,
      members: [{ user_id: owner.user.id, role: 'OWNER' }],
    });
    // Nobody stuck with a team they never wanted: the stranger's account deletion is free.
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: stranger.headers,
      payload: { password: stranger.password },
    });
    expect(del.statusCode).toBe(204);
  });

  it(`refuses a new owner who already owns ${TEAMS_OWNED_MAX} teams`, async () => {
    const [owner, busy] = await Promise.all([user('TEAM'), user('TEAM')]);
    const team = await createTeam(t.app, owner);
    await addMember(t.app, owner, team.id, busy, 'ADMIN');
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('teams')
      .values(
        Array.from({ length: TEAMS_OWNED_MAX }, (_, i) => ({
          name: `Busy ${i}`,
          owner_id: busy.user.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const res = await call('PUT', `${V1}/${team.id}/members/${busy.user.id}`, owner, {
      role: 'owner',
      currentPassword: owner.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `${busy.user.username} already owns 50 teams`,
      code: 'CONFLICT',
    });
    expect((await snapshot(team.id)).ownerId).toBe(owner.user.id);
    expect((await rolesOf(team.id))[owner.user.id]).toBe('OWNER');
  });
});

describe('the database', () => {
  it('holds exactly one OWNER row per team (partial unique index)', async () => {
    const [owner, other] = await Promise.all([user('TEAM'), user('FREE')]);
    const team = await createTeam(t.app, owner);
    const now = new Date().toISOString();
    await expect(
      t.db.kysely
        .insertInto('team_members')
        .values({
          team_id: team.id,
          user_id: other.user.id,
          role: 'OWNER',
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db.kysely
        .insertInto('team_members')
        .values({
          team_id: team.id,
          user_id: other.user.id,
          role: 'BOSS' as 'MEMBER',
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('drops the teams and memberships of a deleted account', async () => {
    const [owner, member] = await Promise.all([user('TEAM'), user('FREE')]);
    const team = await createTeam(t.app, owner);
    await addMember(t.app, owner, team.id, member);
    await t.db.kysely.deleteFrom('users').where('id', '=', owner.user.id).execute();
    expect(await snapshot(team.id)).toEqual({ ownerId: null, members: [] });
    expect((await call('GET', V1, member)).json()).toEqual([]);
  });
});
