import { TEAM_PENDING_INVITATIONS_MAX } from '@mailtokit/contracts/invitations';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createTeam,
  createTestApp,
  movableClock,
  signUp,
  type SignedIn,
  type TestApp,
  setTier,
} from './helpers';
import { startTestSmtp, type TestSmtp } from './smtp';

const PUBLIC_URL = 'https://links.example.com';
const DAY_MS = 24 * 60 * 60_000;
const INVITATION_NOT_FOUND = { detail: 'Invitation not found', code: 'NOT_FOUND' };

let t: TestApp;
let smtp: TestSmtp;
const clock = movableClock();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function user(tier: 'FREE' | 'PREMIUM' | 'TEAM' = 'FREE', overrides = {}) {
  const who = await signUp(t.app, overrides);
  await setTier(t.db, who.user.id, tier);
  return who;
}

const invite = (by: SignedIn, teamId: number, payload: object) =>
  call('POST', `/api/v1/teams/${teamId}/invitations`, by, payload);
const mine = async (who: SignedIn) =>
  (await call('GET', '/api/v1/invitations', who)).json() as Array<Record<string, unknown>>;
const pendingOf = async (by: SignedIn, teamId: number) =>
  (await call('GET', `/api/v1/teams/${teamId}/invitations`, by)).json() as Array<
    Record<string, unknown>
  >;

/** Every membership of a team, straight from the database. */
const membersOf = async (teamId: number) =>
  (
    await t.db.kysely
      .selectFrom('team_members')
      .select(['user_id', 'role'])
      .where('team_id', '=', teamId)
      .orderBy('user_id')
      .execute()
  ).map((m) => `${m.user_id}:${m.role}`);

/** The token of an e-mailed link (`.../invitations/<token>`). */
const tokenOf = (url: string) => decodeURIComponent(url.split('/invitations/')[1] ?? '');

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, sessionTtlMs: 365 * DAY_MS },
    app: { clock: clock.now },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('inviting by username', () => {
  let owner: SignedIn;
  let teamId: number;
  beforeAll(async () => {
    owner = await user('TEAM');
    teamId = (await createTeam(t.app, owner, { name: 'Crew' })).id;
  });

  it('answers 201 with the pending invitation; the invitee sees it, and joins by accepting', async () => {
    const invitee = await user('FREE');
    const before = await membersOf(teamId);
    const res = await invite(owner, teamId, { username: invitee.user.username, role: 'admin' });
    expect(res.statusCode).toBe(201);
    const invitation = res.json();
    expect(invitation).toEqual({
      id: expect.any(Number),
      teamId,
      teamName: 'Crew',
      role: 'ADMIN',
      username: invitee.user.username,
      invitedBy: {
        id: owner.user.id,
        username: owner.user.username,
        displayName: 'Test', // the first name every signUp() registers
      },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      status: 'PENDING',
    });
    const ttl = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(ttl).toBe(14 * DAY_MS);
    expect(await membersOf(teamId)).toEqual(before);

    const received = await mine(invitee);
    expect(received).toEqual([{ ...invitation }]);
    expect(await pendingOf(owner, teamId)).toEqual([invitation]);

    const accept = await call('POST', `/api/v1/invitations/${invitation.id}/accept`, invitee);
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toMatchObject({
      teamId,
      userId: invitee.user.id,
      role: 'ADMIN',
      user: { username: invitee.user.username },
    });
    expect(await membersOf(teamId)).toEqual([...before, `${invitee.user.id}:ADMIN`].sort());
    expect(await mine(invitee)).toEqual([]);
    expect(await pendingOf(owner, teamId)).toEqual([]);
    // Spent: a second acceptance finds nothing.
    const again = await call('POST', `/api/v1/invitations/${invitation.id}/accept`, invitee);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(INVITATION_NOT_FOUND);
  });

  it('shows the invitee only the team name, the inviter and the role: no other member', async () => {
    const [mate, invitee] = await Promise.all([
      user('FREE', { firstName: 'Matilda', lastName: 'Mate' }),
      user('FREE'),
    ]);
    await addMember(t.app, owner, teamId, mate);
    await invite(owner, teamId, { username: invitee.user.username });
    const body = (await call('GET', '/api/v1/invitations', invitee)).body;
    for (const secret of [mate.user.username, mate.user.email, 'Matilda', owner.user.email])
      expect(body).not.toContain(secret);
    expect(body).toContain('Crew');
    expect(body).toContain(owner.user.username);
  });

  it("keeps the invitee's email and names from the team until they accept", async () => {
    const invitee = await user('FREE', {
      email: `hidden.${Date.now()}@example.org`,
      firstName: 'Zebulon',
      lastName: 'Quixote',
    });
    const email = invitee.user.email ?? '';
    const inv = (await invite(owner, teamId, { username: invitee.user.username })).json();
    const looks = async () =>
      [
        (await call('GET', `/api/v1/teams/${teamId}`, owner)).body,
        (await call('GET', `/api/v1/teams/${teamId}/members`, owner)).body,
        (await call('GET', `/api/v1/teams/${teamId}/invitations`, owner)).body,
        (await call('GET', '/api/v1/teams', owner)).body,
      ].join('\n');
    const before = await looks();
    for (const secret of [email, 'Zebulon', 'Quixote']) expect(before).not.toContain(secret);

    expect((await call('POST', `/api/v1/invitations/${inv.id}/accept`, invitee)).statusCode).toBe(
      200,
    );
    const members = (await call('GET', `/api/v1/teams/${teamId}/members`, owner)).json();
    const joined = members.find((m: { userId: number }) => m.userId === invitee.user.id);
    expect(joined.user.email).toBe(email);
  });

  it('answers an unknown username exactly as a known one, and its invitation reaches nobody', async () => {
    const known = await user('FREE');
    const a = await invite(owner, teamId, { username: 'no_such_person_anywhere', role: 'member' });
    const b = await invite(owner, teamId, { username: known.user.username, role: 'member' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const shape = (r: typeof a) => {
      const { id: _id, username, createdAt: _c, expiresAt: _e, ...rest } = r.json();
      return { ...rest, username: typeof username, headers: Object.keys(r.headers).sort() };
    };
    expect(shape(a)).toEqual(shape(b));
    // A second invitation to either is the same 409.
    const [a2, b2] = await Promise.all([
      invite(owner, teamId, { username: 'NO_SUCH_PERSON_ANYWHERE' }),
      invite(owner, teamId, { username: known.user.username.toUpperCase() }),
    ]);
    expect([a2.statusCode, b2.statusCode]).toEqual([409, 409]);
    expect(a2.json()).toEqual(b2.json());
    // Someone who registers that name later does not get the invitation.
    const late = await signUp(t.app, { username: 'no_such_person_anywhere' });
    expect(await mine(late)).toEqual([]);
  });

  it('answers 409 for a member (by username or by address) or an open invitation', async () => {
    const [mate, other] = await Promise.all([user('FREE'), user('FREE')]);
    await addMember(t.app, owner, teamId, mate);
    const conflicts = [
      [{ username: mate.user.username.toUpperCase() }, 'This user is already a member of the team'],
      [{ username: owner.user.username }, 'This user is already a member of the team'],
      [
        { email: (mate.user.email ?? '').toUpperCase() },
        'This user is already a member of the team',
      ],
    ] as const;
    for (const [payload, detail] of conflicts) {
      const res = await invite(owner, teamId, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail, code: 'CONFLICT' });
    }
    expect((await invite(owner, teamId, { username: other.user.username })).statusCode).toBe(201);
    const dup = await invite(owner, teamId, { username: ` ${other.user.username.toUpperCase()}` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      detail: 'This person already has a pending invitation to the team',
      code: 'CONFLICT',
    });
    expect((await invite(owner, teamId, { email: 'Someone@Example.net' })).statusCode).toBe(201);
    expect((await invite(owner, teamId, { email: 'someone@example.NET' })).statusCode).toBe(409);
  });

  it('lets exactly one of many simultaneous invitations of one person through', async () => {
    const target = await user('FREE');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => invite(owner, teamId, { username: target.user.username })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await mine(target)).toHaveLength(1);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{}, 'username'],
      [{ username: '  ' }, 'username'],
      [{ username: 'a', email: 'a@example.com' }, 'email'],
      [{ email: 'not-an-address' }, 'email'],
      [{ username: 'x', role: 'owner' }, 'role'],
      [{ username: 'x', role: 'boss' }, 'role'],
    ];
    for (const [payload, field] of cases) {
      const res = await invite(owner, teamId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });
});

describe('deciding, revoking, expiring', () => {
  let owner: SignedIn;
  let admin: SignedIn;
  let member: SignedIn;
  let teamId: number;
  beforeAll(async () => {
    [owner, admin, member] = await Promise.all([user('TEAM'), user('FREE'), user('FREE')]);
    teamId = (await createTeam(t.app, owner)).id;
    await addMember(t.app, owner, teamId, admin, 'ADMIN');
    await addMember(t.app, owner, teamId, member);
  });

  it('declines: 204, the invitation is gone and nobody joined', async () => {
    const invitee = await user('FREE');
    const inv = (await invite(admin, teamId, { username: invitee.user.username })).json();
    const before = await membersOf(teamId);
    const res = await call('POST', `/api/v1/invitations/${inv.id}/decline`, invitee);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await mine(invitee)).toEqual([]);
    expect(await pendingOf(admin, teamId)).toEqual([]);
    expect(await membersOf(teamId)).toEqual(before);
    const accept = await call('POST', `/api/v1/invitations/${inv.id}/accept`, invitee);
    expect(accept.statusCode).toBe(404);
  });

  it("answers 404 to anyone but the invitee: a foreign invitation is nobody else's to decide", async () => {
    const [invitee, other] = await Promise.all([user('FREE'), user('TEAM')]);
    const inv = (await invite(owner, teamId, { username: invitee.user.username })).json();
    const email = (await invite(owner, teamId, { email: `x${Date.now()}@example.com` })).json();
    for (const [who, id] of [
      [other, inv.id],
      [owner, inv.id],
      [member, inv.id],
      [invitee, email.id],
      [invitee, 999999],
    ] as const) {
      for (const action of ['accept', 'decline']) {
        const res = await call('POST', `/api/v1/invitations/${id}/${action}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(INVITATION_NOT_FOUND);
      }
    }
    // An id that is not a number at all is refused before anything is looked up.
    for (const action of ['accept', 'decline'])
      expect((await call('POST', `/api/v1/invitations/abc/${action}`, invitee)).statusCode).toBe(
        400,
      );
    expect(await mine(invitee)).toHaveLength(1);
    expect((await call('POST', `/api/v1/invitations/${inv.id}/accept`)).statusCode).toBe(401);
  });

  it('revokes (owner or admin): 204, then the invitee can no longer accept', async () => {
    const invitee = await user('FREE');
    const inv = (await invite(owner, teamId, { username: invitee.user.username })).json();
    const url = `/api/v1/teams/${teamId}/invitations/${inv.id}`;
    const byMember = await call('DELETE', url, member);
    expect(byMember.statusCode).toBe(403);
    const outsider = await user('TEAM');
    expect((await call('DELETE', url, outsider)).statusCode).toBe(404);
    const res = await call('DELETE', url, admin);
    expect(res.statusCode).toBe(204);
    expect(await mine(invitee)).toEqual([]);
    const accept = await call('POST', `/api/v1/invitations/${inv.id}/accept`, invitee);
    expect(accept.statusCode).toBe(404);
    const again = await call('DELETE', url, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(INVITATION_NOT_FOUND);
  });

  it('lists pending invitations to owners and admins only', async () => {
    const url = `/api/v1/teams/${teamId}/invitations`;
    expect((await call('GET', url, owner)).statusCode).toBe(200);
    expect((await call('GET', url, admin)).statusCode).toBe(200);
    expect((await call('GET', url, member)).statusCode).toBe(403);
    expect((await call('GET', url, await user('TEAM'))).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
  });

  it('expires after 14 days (app clock): gone from both lists, 404 on accept, invitable again', async () => {
    const invitee = await user('FREE');
    const inv = (await invite(owner, teamId, { username: invitee.user.username })).json();
    clock.advance(14 * DAY_MS - 60_000);
    expect(await mine(invitee)).toHaveLength(1);
    clock.advance(2 * 60_000);
    expect(await mine(invitee)).toEqual([]);
    expect((await pendingOf(owner, teamId)).map((i) => i.id)).not.toContain(inv.id);
    const accept = await call('POST', `/api/v1/invitations/${inv.id}/accept`, invitee);
    expect(accept.statusCode).toBe(404);
    expect((await invite(owner, teamId, { username: invitee.user.username })).statusCode).toBe(201);
  });

  it('lets exactly one of two simultaneous acceptances through', async () => {
    const invitee = await user('FREE');
    const inv = (await invite(owner, teamId, { username: invitee.user.username })).json();
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/v1/invitations/${inv.id}/accept`, invitee)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    expect((await membersOf(teamId)).filter((m) => m.startsWith(`${invitee.user.id}:`))).toEqual([
      `${invitee.user.id}:MEMBER`,
    ]);
  });

  it('drops the invitations a member sent once they are removed', async () => {
    const [temp, invitee] = await Promise.all([user('FREE'), user('FREE')]);
    await addMember(t.app, owner, teamId, temp, 'ADMIN');
    await invite(temp, teamId, { username: invitee.user.username });
    expect(await mine(invitee)).toHaveLength(1);
    const res = await call('DELETE', `/api/v1/teams/${teamId}/members/${temp.user.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(await mine(invitee)).toEqual([]);
  });
});

describe('inviting an email address (real SMTP server)', () => {
  let owner: SignedIn;
  let teamId: number;
  beforeAll(async () => {
    owner = await user('TEAM');
    teamId = (await createTeam(t.app, owner, { name: 'Mail Room' })).id;
  });

  it('emails a one-time link; whoever opens it and signs in joins, once', async () => {
    const address = `colleague.${Date.now()}@example.com`;
    const res = await invite(owner, teamId, { email: address, role: 'member' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: address, role: 'MEMBER', status: 'PENDING' });
    expect(body.username).toBeUndefined();
    expect(body.url).toMatch(new RegExp(`^${PUBLIC_URL}/invitations/[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(body.url);

    await t.app.mailer.idle();
    const [mail] = smtp.to(address);
    expect(mail?.subject).toBe('You have a team invitation on MailtoKit');
    for (const part of [mail?.text ?? '', String(mail?.html ?? '')]) {
      expect(part).toMatch(/("|&quot;)Mail Room("|&quot;)/);
      // The inviter by display name (the test accounts' first name).
      expect(part).toMatch(/("|&quot;)Test("|&quot;)/);
      expect(part).toContain('as a member');
      expect(part).toContain(body.url);
    }
    // Only the token's hash is stored.
    const row = await t.db.kysely
      .selectFrom('team_invitations')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    // The link is shown at creation only.
    expect(JSON.stringify(await pendingOf(owner, teamId))).not.toContain(token);

    // The link's page names the team and the inviter before anyone signs in.
    const preview = await call('POST', '/api/v1/invitations/preview', null, { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      teamName: 'Mail Room',
      role: 'MEMBER',
      invitedBy: { username: owner.user.username, displayName: 'Test' },
      expiresAt: body.expiresAt,
      requiresTwoFactor: false,
    });
    expect(mail?.text).not.toContain('two-step sign-in');

    const newcomer = await signUp(t.app);
    expect(await mine(newcomer)).toEqual([]);
    const accept = await call('POST', '/api/v1/invitations/accept', newcomer, { token });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toMatchObject({ teamId, userId: newcomer.user.id, role: 'MEMBER' });
    const someoneElse = await signUp(t.app);
    const reuse = await call('POST', '/api/v1/invitations/accept', someoneElse, { token });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toEqual(INVITATION_NOT_FOUND);
    // A spent link previews nothing either; a missing token is a 400.
    const spent = await call('POST', '/api/v1/invitations/preview', null, { token });
    expect(spent.statusCode).toBe(404);
    expect(spent.json()).toEqual(INVITATION_NOT_FOUND);
    expect((await call('POST', '/api/v1/invitations/preview', null, {})).statusCode).toBe(400);
    expect(await membersOf(teamId)).toEqual(
      [`${owner.user.id}:OWNER`, `${newcomer.user.id}:MEMBER`].sort(),
    );
  });

  it("says so, on the link's page and in the e-mail, when the team requires two-step sign-in", async () => {
    const strictOwner = await user('TEAM');
    const strictTeam = (await createTeam(t.app, strictOwner, { name: 'Vault' })).id;
    const policy = await call('PATCH', `/api/v1/teams/${strictTeam}`, strictOwner, {
      requireTwoFactor: true,
    });
    expect(policy.statusCode).toBe(200);
    const address = `vault.${Date.now()}@example.com`;
    const res = await invite(strictOwner, strictTeam, { email: address, role: 'member' });
    expect(res.statusCode).toBe(201);
    const token = tokenOf(res.json().url);

    const preview = await call('POST', '/api/v1/invitations/preview', null, { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ teamName: 'Vault', requiresTwoFactor: true });
    await t.app.mailer.idle();
    const [mail] = smtp.to(address);
    expect(mail?.text).toContain('This team requires two-step sign-in');

    // The policy is read when the page asks: turned off, the page no longer says it.
    await call('PATCH', `/api/v1/teams/${strictTeam}`, strictOwner, { requireTwoFactor: false });
    const after = await call('POST', '/api/v1/invitations/preview', null, { token });
    expect(after.json()).toMatchObject({ requiresTwoFactor: false });
  });

  it('answers the same whether or not an account has the address', async () => {
    const holder = await user('FREE');
    const a = await invite(owner, teamId, { email: holder.user.email });
    const b = await invite(owner, teamId, { email: `nobody.${Date.now()}@example.com` });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const keys = (r: typeof a) => [Object.keys(r.json()).sort(), Object.keys(r.headers).sort()];
    expect(keys(a)).toEqual(keys(b));
    // An e-mail invitation is accepted with its link, never listed in the app.
    expect(await mine(holder)).toEqual([]);
  });

  it('emails a username invitee who has an address, with a link to the app', async () => {
    const invitee = await user('FREE');
    const res = await invite(owner, teamId, { username: invitee.user.username, role: 'admin' });
    expect(res.json().url).toBeUndefined();
    await t.app.mailer.idle();
    const [mail] = smtp.to(invitee.user.email ?? '');
    expect(mail?.text).toContain('as an admin');
    expect(mail?.text).toContain(`${PUBLIC_URL}/dashboard?tab=teams`);
  });

  it('refuses unknown, revoked, expired and malformed tokens with 404, and needs a sign-in', async () => {
    const who = await signUp(t.app);
    const unknown = await call('POST', '/api/v1/invitations/accept', who, {
      token: 'A'.repeat(43),
    });
    expect(unknown.statusCode).toBe(404);
    const revoked = (await invite(owner, teamId, { email: `r${Date.now()}@example.com` })).json();
    await call('DELETE', `/api/v1/teams/${teamId}/invitations/${revoked.id}`, owner);
    const r = await call('POST', '/api/v1/invitations/accept', who, {
      token: tokenOf(revoked.url),
    });
    expect(r.statusCode).toBe(404);
    const expiring = (await invite(owner, teamId, { email: `e${Date.now()}@example.com` })).json();
    clock.advance(15 * DAY_MS);
    const e = await call('POST', '/api/v1/invitations/accept', who, {
      token: tokenOf(expiring.url),
    });
    expect(e.statusCode).toBe(404);
    expect(
      (await call('POST', '/api/v1/invitations/accept', null, { token: 'x' })).statusCode,
    ).toBe(401);
    expect((await call('POST', '/api/v1/invitations/accept', who, {})).statusCode).toBe(400);
  });
});

describe('budgets', () => {
  it(`caps a team at ${TEAM_PENDING_INVITATIONS_MAX} pending invitations (409)`, async () => {
    const owner = await user('TEAM');
    const teamId = (await createTeam(t.app, owner)).id;
    for (let i = 0; i < TEAM_PENDING_INVITATIONS_MAX; i += 1)
      expect((await invite(owner, teamId, { username: `pending_${teamId}_${i}` })).statusCode).toBe(
        201,
      );
    const res = await invite(owner, teamId, { username: `pending_${teamId}_late` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `A team can have at most ${TEAM_PENDING_INVITATIONS_MAX} pending invitations`,
      code: 'CONFLICT',
    });
    // Revoking one makes room.
    const [first] = await pendingOf(owner, teamId);
    await call('DELETE', `/api/v1/teams/${teamId}/invitations/${String(first?.id)}`, owner);
    expect((await invite(owner, teamId, { username: `pending_${teamId}_late` })).statusCode).toBe(
      201,
    );
  });

  it('limits the invitations one user sends per day (429), across teams and simultaneous calls', async () => {
    const low = await createTestApp({ limits: { invitationsPerDay: 3 } });
    try {
      const owner = await signUp(low.app);
      await setTier(low.db, owner.user.id, 'TEAM');
      const teams: number[] = [];
      for (const name of ['One', 'Two'])
        teams.push((await createTeam(low.app, owner, { name })).id);
      const send = (teamId: number, username: string) =>
        low.app.inject({
          method: 'POST',
          url: `/api/v1/teams/${teamId}/invitations`,
          headers: owner.headers,
          payload: { username },
        });
      // A refused invitation (409) spends nothing.
      expect((await send(teams[0] ?? 0, owner.user.username)).statusCode).toBe(409);
      const results = await Promise.all(
        ['a', 'b', 'c', 'd', 'e'].map((n, i) => send(teams[i % 2] ?? 0, `budget_${n}`)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
      const refused = results.find((r) => r.statusCode === 429);
      expect(refused?.json().code).toBe('RATE_LIMITED');
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await low.close();
    }
  });
});

describe('the account', () => {
  it('exports the invitations sent and received, and its deletion removes them', async () => {
    const [owner, invitee] = await Promise.all([user('TEAM'), user('FREE')]);
    const teamId = (await createTeam(t.app, owner, { name: 'Exported' })).id;
    await invite(owner, teamId, { username: invitee.user.username, role: 'admin' });
    await invite(owner, teamId, { email: 'guest@example.com' });

    const sent = (await call('GET', '/api/v1/account/export', owner)).json().invitations;
    expect(sent.received).toEqual([]);
    expect(
      sent.sent.map(
        (i: { username: string | null; email: string | null }) => i.username ?? i.email,
      ),
    ).toEqual([invitee.user.username, 'guest@example.com']);
    const received = (await call('GET', '/api/v1/account/export', invitee)).json().invitations;
    expect(received).toEqual({
      sent: [],
      received: [
        {
          id: expect.any(Number),
          teamId,
          teamName: 'Exported',
          role: 'ADMIN',
          invitedBy: owner.user.username,
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
        },
      ],
    });

    const del = (who: SignedIn) =>
      call('DELETE', '/api/v1/account', who, { password: who.password });
    expect((await del(invitee)).statusCode).toBe(204);
    expect((await pendingOf(owner, teamId)).map((i) => i.email ?? i.username)).toEqual([
      'guest@example.com',
    ]);
    expect((await del(owner)).statusCode).toBe(204);
    const left = await t.db.kysely
      .selectFrom('team_invitations')
      .select('id')
      .where('team_id', '=', teamId)
      .execute();
    expect(left).toEqual([]);
  });
});

/** The stop link an invitation e-mail carries, and its token. */
function stopLinkOf(mail: ParsedMail | undefined): { url: string; token: string } {
  const url = /https:\/\/links\.example\.com\/invitations\/stop\/[A-Za-z0-9_-]{43}/.exec(
    mail?.text ?? '',
  )?.[0];
  if (!url) throw new Error('no stop link in the email');
  return { url, token: decodeURIComponent(url.split('/invitations/stop/')[1] ?? '') };
}

describe('invitation emails cannot be sent at will', () => {
  let owners: SignedIn[];
  let teams: number[];
  beforeAll(async () => {
    owners = await Promise.all([user('TEAM'), user('TEAM'), user('TEAM')]);
    teams = [];
    for (const [i, o] of owners.entries())
      teams.push((await createTeam(t.app, o, { name: `Sender ${i}` })).id);
  });

  it('sends one address at most 3 invitation emails a day, from every team and inviter together', async () => {
    const address = `target.${Date.now()}@example.com`;
    const results = await Promise.all(
      [0, 1, 2, 0, 1].map((i, n) =>
        n < 3
          ? invite(owners[i]!, teams[i]!, { email: address })
          : // The same owners again, through a second team each.
            createTeam(t.app, owners[i]!, { name: `Extra ${n}` }).then((team) =>
              invite(owners[i]!, team.id, { email: address }),
            ),
      ),
    );
    // Every invitation stands (the inviter holds its link); only the e-mails are bounded.
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(3);
    // A username invitation to an account with that address sends nothing more either.
    const holder = await user('FREE', { email: address });
    const byName = await invite(owners[2]!, teams[2]!, { username: holder.user.username });
    expect(byName.statusCode).toBe(201);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(3);
  });

  it('keeps inviter-chosen text out of the subject, and shows names as names', async () => {
    const owner = await user('TEAM', { firstName: 'Ada' });
    const evil = 'Account suspended - verify now at evil.example/login';
    const teamId = (await createTeam(t.app, owner, { name: evil })).id;
    const address = `subject.${Date.now()}@example.com`;
    expect((await invite(owner, teamId, { email: address })).statusCode).toBe(201);
    await t.app.mailer.idle();
    const [mail] = smtp.to(address);
    expect(mail?.subject).toBe('You have a team invitation on MailtoKit');
    for (const part of [mail?.text ?? '', String(mail?.html ?? '')]) {
      // The name is there, in quotes, but no mail program can make a link of it.
      expect(part).toMatch(/("|&quot;)Account suspended - verify now at evil\./);
      expect(part).not.toContain('evil.example/login');
      // The inviter by display name, as the app shows people, never by username.
      expect(part).toMatch(/("|&quot;)Ada("|&quot;)/);
      expect(part).not.toContain(owner.user.username);
    }
  });

  it('names the inviter by username when they gave no first name', async () => {
    const owner = await user('TEAM', { firstName: '' });
    const teamId = (await createTeam(t.app, owner, { name: 'Plain' })).id;
    const address = `fallback.${Date.now()}@example.com`;
    expect((await invite(owner, teamId, { email: address })).statusCode).toBe(201);
    await t.app.mailer.idle();
    const [mail] = smtp.to(address);
    expect(mail?.text).toContain(`"${owner.user.username.replace(/([./:@\\])/g, '$1\u200b')}"`);
  });

  it('stops every invitation email to an address with the one-click link of any of them', async () => {
    const address = `stop.${Date.now()}@example.com`;
    expect((await invite(owners[0]!, teams[0]!, { email: address })).statusCode).toBe(201);
    await t.app.mailer.idle();
    const [mail] = smtp.to(address);
    const { url, token } = stopLinkOf(mail);
    expect(String(mail?.html ?? '')).toContain(`href="${url}"`);
    const header = mail?.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    expect(header.replace(/\s+/g, ' ')).toBe(`List-Unsubscribe: <${url}>`);

    // The page's call: no sign-in needed; again is fine; a made-up token is 404.
    const stop = await call('POST', '/api/v1/invitations/stop', null, { token });
    expect(stop.statusCode).toBe(204);
    expect((await call('POST', '/api/v1/invitations/stop', null, { token })).statusCode).toBe(204);
    const unknown = await call('POST', '/api/v1/invitations/stop', null, { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      detail: 'This link is not valid. Use the link of a recent invitation email.',
      code: 'NOT_FOUND',
    });
    expect((await call('POST', '/api/v1/invitations/stop', null, {})).statusCode).toBe(400);

    // Later invitations, from any team, by address or by username, send nothing.
    expect((await invite(owners[1]!, teams[1]!, { email: address })).statusCode).toBe(201);
    const holder = await user('FREE', { email: address.toUpperCase() });
    const byName = await invite(owners[2]!, teams[2]!, { username: holder.user.username });
    expect(byName.statusCode).toBe(201);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(1);
    // The invitation by username still shows in the app.
    expect(await mine(holder)).toHaveLength(1);
  });

  it('sends no invitation email for 30 days to an address that declined the team', async () => {
    const invitee = await user('FREE');
    const address = invitee.user.email ?? '';
    const first = (await invite(owners[0]!, teams[0]!, { username: invitee.user.username })).json();
    expect(
      (await call('POST', `/api/v1/invitations/${first.id}/decline`, invitee)).statusCode,
    ).toBe(204);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(1);

    // The declined team, by username or by address: no e-mail. Another team: one.
    const again = await invite(owners[0]!, teams[0]!, { username: invitee.user.username });
    expect(again.statusCode).toBe(201);
    await call('DELETE', `/api/v1/teams/${teams[0]}/invitations/${again.json().id}`, owners[0]);
    expect((await invite(owners[0]!, teams[0]!, { email: address })).statusCode).toBe(201);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(1);
    expect(
      (await invite(owners[1]!, teams[1]!, { username: invitee.user.username })).statusCode,
    ).toBe(201);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(2);

    // 30 days on (app clock), the team may write again.
    clock.advance(31 * DAY_MS);
    await t.db.kysely.deleteFrom('team_invitations').where('team_id', '=', teams[0]!).execute();
    expect((await invite(owners[0]!, teams[0]!, { email: address })).statusCode).toBe(201);
    await t.app.mailer.idle();
    expect(smtp.to(address)).toHaveLength(3);
  });

  it("does not give the inviter's budget back when an invitation is revoked", async () => {
    const low = await createTestApp({ limits: { invitationsPerDay: 2 } });
    try {
      const owner = await signUp(low.app);
      await setTier(low.db, owner.user.id, 'TEAM');
      const teamId = (await createTeam(low.app, owner)).id;
      const send = (username: string) =>
        low.app.inject({
          method: 'POST',
          url: `/api/v1/teams/${teamId}/invitations`,
          headers: owner.headers,
          payload: { username },
        });
      for (const name of ['revoked_a', 'revoked_b']) {
        const sent = await send(name);
        expect(sent.statusCode).toBe(201);
        const revoke = await low.app.inject({
          method: 'DELETE',
          url: `/api/v1/teams/${teamId}/invitations/${sent.json().id}`,
          headers: owner.headers,
        });
        expect(revoke.statusCode).toBe(204);
      }
      expect((await send('revoked_a')).statusCode).toBe(429);
    } finally {
      await low.close();
    }
  });
});

describe('demotion ends what the role granted', () => {
  it('revokes the pending invitations a demoted admin sent, and their invitees cannot accept', async () => {
    const [owner, admin, sock, friend] = await Promise.all([
      user('TEAM'),
      user('FREE'),
      user('FREE'),
      user('FREE'),
    ]);
    const teamId = (await createTeam(t.app, owner, { name: 'Demotions' })).id;
    await addMember(t.app, owner, teamId, admin, 'ADMIN');
    const asAdmin = (
      await invite(admin, teamId, { username: sock.user.username, role: 'admin' })
    ).json();
    const asMember = (await invite(admin, teamId, { username: friend.user.username })).json();
    const byOwner = (
      await invite(owner, teamId, { email: `kept.${Date.now()}@example.com` })
    ).json();

    const demote = await call('PUT', `/api/v1/teams/${teamId}/members/${admin.user.id}`, owner, {
      role: 'member',
    });
    expect(demote.statusCode).toBe(200);
    // A member grants nothing: both of the admin's invitations are gone; the owner's stays.
    expect((await pendingOf(owner, teamId)).map((i) => i.id)).toEqual([byOwner.id]);
    for (const [who, inv] of [
      [sock, asAdmin],
      [friend, asMember],
    ] as const) {
      const res = await call('POST', `/api/v1/invitations/${inv.id}/accept`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(INVITATION_NOT_FOUND);
    }
    expect(await membersOf(teamId)).toEqual(
      [`${owner.user.id}:OWNER`, `${admin.user.id}:MEMBER`].sort(),
    );
  });

  it('checks at acceptance that the inviter may still grant the role', async () => {
    const [owner, admin, sock] = await Promise.all([user('TEAM'), user('FREE'), user('FREE')]);
    const teamId = (await createTeam(t.app, owner, { name: 'Late check' })).id;
    await addMember(t.app, owner, teamId, admin, 'ADMIN');
    const byUsername = (
      await invite(admin, teamId, { username: sock.user.username, role: 'admin' })
    ).json();
    const byEmail = (
      await invite(admin, teamId, { email: `late.${Date.now()}@example.com`, role: 'admin' })
    ).json();
    // The role changes without the demotion's clean-up (as a change racing with it would).
    await t.db.kysely
      .updateTable('team_members')
      .set({ role: 'MEMBER' })
      .where('team_id', '=', teamId)
      .where('user_id', '=', admin.user.id)
      .execute();
    expect(
      (await call('POST', `/api/v1/invitations/${byUsername.id}/accept`, sock)).statusCode,
    ).toBe(404);
    const other = await signUp(t.app);
    const viaLink = await call('POST', '/api/v1/invitations/accept', other, {
      token: tokenOf(byEmail.url),
    });
    expect(viaLink.statusCode).toBe(404);
    expect(await membersOf(teamId)).toEqual(
      [`${owner.user.id}:OWNER`, `${admin.user.id}:MEMBER`].sort(),
    );
  });
});
