import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MEMBERSHIPS_MAX, TEAMS_OWNED_MAX } from '@mailtokit/contracts/teams';
import { TOKENS_PER_USER_MAX } from '@mailtokit/contracts/tokens';
import { TRACKING_LINKS_PER_LINK_MAX } from '@mailtokit/contracts/tracking';
import {
  WEBHOOK_TESTS_PER_HOST_PER_MINUTE,
  WEBHOOK_TESTS_PER_MINUTE,
  WEBHOOKS_PER_USER_MAX,
} from '@mailtokit/contracts/webhooks';
import {
  addMember,
  createLink,
  createTeam,
  confirmPassword,
  createTestApp,
  dialect,
  signUpAs,
  type SignedIn,
  type TestApp,
} from './helpers';

/** Parallel creates per cap: five times the largest cap. */
const PARALLEL = 250;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { webhooks: { allowPrivate: true, retryBaseMs: 60_000 } } });
});
afterAll(async () => t.close());

/** Sends `n` identical POSTs at once; returns how many got each status. */
async function parallelPosts(
  who: SignedIn,
  url: string,
  payload: (i: number) => Record<string, unknown>,
  n = PARALLEL,
): Promise<Record<number, number>> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload(i) }),
    ),
  );
  const byStatus: Record<number, number> = {};
  for (const res of answers) {
    byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    if (res.statusCode >= 400) expect(res.json()).toMatchObject({ code: expect.any(String) });
  }
  return byStatus;
}

async function countOf(who: SignedIn, url: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<unknown[]>().length;
}

describe(`caps under ${PARALLEL} parallel creates (${dialect})`, () => {
  it(`stores exactly ${TOKENS_PER_USER_MAX} API tokens; the others get 409`, async () => {
    const user = await signUpAs(t, 'PREMIUM');
    await confirmPassword(t.app, user);
    const byStatus = await parallelPosts(user, '/api/v1/tokens', (i) => ({
      name: `token ${i}`,
      scopes: ['links:read'],
    }));
    expect(byStatus).toEqual({ 201: TOKENS_PER_USER_MAX, 409: PARALLEL - TOKENS_PER_USER_MAX });
    expect(await countOf(user, '/api/v1/tokens')).toBe(TOKENS_PER_USER_MAX);
  });

  it(`stores exactly ${WEBHOOKS_PER_USER_MAX} webhooks; the others get 409`, async () => {
    const user = await signUpAs(t, 'PREMIUM');
    await confirmPassword(t.app, user);
    const byStatus = await parallelPosts(user, '/api/v1/webhooks', (i) => ({
      url: `http://127.0.0.1:9/hook-${i}`,
      events: ['link.clicked'],
    }));
    expect(byStatus).toEqual({ 201: WEBHOOKS_PER_USER_MAX, 409: PARALLEL - WEBHOOKS_PER_USER_MAX });
    expect(await countOf(user, '/api/v1/webhooks')).toBe(WEBHOOKS_PER_USER_MAX);
  });

  it(`stores exactly ${TEAMS_OWNED_MAX} teams; the others get 409`, async () => {
    const user = await signUpAs(t, 'TEAM');
    const byStatus = await parallelPosts(user, '/api/v1/teams', (i) => ({ name: `Team ${i}` }));
    expect(byStatus).toEqual({ 201: TEAMS_OWNED_MAX, 409: PARALLEL - TEAMS_OWNED_MAX });
    expect(await countOf(user, '/api/v1/teams')).toBe(TEAMS_OWNED_MAX);
  });

  it(`lets a user join no more than ${TEAM_MEMBERSHIPS_MAX} teams, however many invitations they accept at once`, async () => {
    const owner = await signUpAs(t, 'TEAM');
    const invitee = await signUpAs(t, 'FREE');
    const room = 10;
    const invited = 40;
    // Teams are written straight to the database: the owner's own cap of owned teams is not
    // what this test is about. The invitee is already in all but `room` of their cap.
    const at = '2026-01-01T00:00:00.000Z';
    const teams = await t.db.kysely
      .insertInto('teams')
      .values(
        Array.from({ length: TEAM_MEMBERSHIPS_MAX - room + invited }, (_, i) => ({
          name: `Seeded ${i}`,
          description: null,
          owner_id: owner.user.id,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    const joined = teams.slice(0, TEAM_MEMBERSHIPS_MAX - room);
    const open = teams.slice(TEAM_MEMBERSHIPS_MAX - room);
    const row = (teamId: number, userId: number, role: 'OWNER' | 'MEMBER') => ({
      team_id: teamId,
      user_id: userId,
      role,
      created_at: at,
      updated_at: at,
    });
    await t.db.kysely
      .insertInto('team_members')
      .values([
        ...teams.map(({ id }) => row(id, owner.user.id, 'OWNER')),
        ...joined.map(({ id }) => row(id, invitee.user.id, 'MEMBER')),
      ])
      .execute();
    const invitations = await t.db.kysely
      .insertInto('team_invitations')
      .values(
        open.map(({ id }) => ({
          team_id: id,
          invited_by: owner.user.id,
          role: 'MEMBER' as const,
          username: invitee.user.username,
          email: null,
          invitee_id: invitee.user.id,
          token_hash: null,
          created_at: at,
          expires_at: '2999-01-01T00:00:00.000Z',
        })),
      )
      .returning('id')
      .execute();

    const answers = await Promise.all(
      invitations.map(({ id }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/invitations/${id}/accept`,
          headers: invitee.headers,
        }),
      ),
    );
    const byStatus: Record<number, number> = {};
    for (const res of answers) byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    expect(byStatus).toEqual({ 200: room, 409: invited - room });
    expect(await countOf(invitee, '/api/v1/teams')).toBe(TEAM_MEMBERSHIPS_MAX);
  });

  it(`stores exactly ${TRACKING_LINKS_PER_LINK_MAX} tracking links per link; the others get 409`, async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const link = await createLink(t.app, user.headers);
    const byStatus = await parallelPosts(user, '/api/v1/tracking', (i) => ({
      mailtoLinkId: link.id,
      label: `label ${i}`,
    }));
    expect(byStatus).toEqual({
      201: TRACKING_LINKS_PER_LINK_MAX,
      409: PARALLEL - TRACKING_LINKS_PER_LINK_MAX,
    });
    expect(await countOf(user, `/api/v1/mailto-links/${link.id}/tracking-links`)).toBe(
      TRACKING_LINKS_PER_LINK_MAX,
    );
  });
});

describe(`tracking links need the right to edit the saved link (${dialect})`, () => {
  let owner: SignedIn;
  let member: SignedIn;
  let admin: SignedIn;
  let shared: { id: number };

  beforeAll(async () => {
    [owner, member, admin] = await Promise.all([
      signUpAs(t, 'TEAM'),
      signUpAs(t, 'TEAM'),
      signUpAs(t, 'TEAM'),
    ]);
    const team = await createTeam(t.app, owner);
    await addMember(t.app, owner, team.id, member, 'MEMBER');
    await addMember(t.app, owner, team.id, admin, 'ADMIN');
    shared = await createLink(t.app, owner.headers, { teamId: team.id });
  });

  const create = (who: SignedIn) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking',
      headers: who.headers,
      payload: { mailtoLinkId: shared.id, label: 'from a member' },
    });

  it('a read-only MEMBER cannot create one (403) and nothing is stored', async () => {
    const res = await create(member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    // The member still reads the link's tracking links: none was added.
    expect(await countOf(member, `/api/v1/mailto-links/${shared.id}/tracking-links`)).toBe(0);
  });

  it('a read-only MEMBER cannot delete one (403); its author and a team ADMIN can create', async () => {
    const byAuthor = await create(owner);
    expect(byAuthor.statusCode).toBe(201);
    const byAdmin = await create(admin);
    expect(byAdmin.statusCode).toBe(201);

    const id = byAuthor.json<{ id: number }>().id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tracking/${id}`,
      headers: member.headers,
    });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await countOf(owner, `/api/v1/mailto-links/${shared.id}/tracking-links`)).toBe(2);
  });
});

describe(`webhook test pings are budgeted per account and per target host (${dialect})`, () => {
  const hookOf = (who: SignedIn) => async (url: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: who.headers,
      payload: { url, events: ['link.clicked'], currentPassword: who.password },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const pingAs = (who: SignedIn) => (id: number) =>
    t.app.inject({ method: 'POST', url: `/api/v1/webhooks/${id}/test`, headers: who.headers });
  const count = (answers: { statusCode: number }[], status: number) =>
    answers.filter((r) => r.statusCode === status).length;

  it(`${WEBHOOK_TESTS_PER_MINUTE} of 60 parallel pings over the account's webhooks are queued; deleting and recreating resets nothing`, async () => {
    const user = await signUpAs(t, 'PREMIUM');
    const hook = hookOf(user);
    const ping = pingAs(user);
    // Two webhooks, on two hosts: one budget for the account.
    const [first, second] = [
      await hook(`http://127.0.0.1:9/first-${user.user.id}`),
      await hook(`http://127.0.0.2:9/second-${user.user.id}`),
    ];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => ping(i % 2 ? first : second)),
    );
    expect(count(answers, 202)).toBe(WEBHOOK_TESTS_PER_MINUTE);
    expect(count(answers, 429)).toBe(60 - WEBHOOK_TESTS_PER_MINUTE);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    // Only the queued pings made deliveries.
    let queued = 0;
    for (const id of [first, second]) {
      const log = await t.app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/${id}/deliveries`,
        headers: user.headers,
      });
      queued += log.json<{ event: string }[]>().filter((d) => d.event === 'ping').length;
    }
    expect(queued).toBe(WEBHOOK_TESTS_PER_MINUTE);

    // A new webhook, after deleting the old ones, finds the budget still spent.
    for (const id of [first, second])
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/webhooks/${id}`,
        headers: user.headers,
      });
    const fresh = await hook(`http://127.0.0.3:9/fresh-${user.user.id}`);
    const again = await Promise.all(Array.from({ length: 5 }, () => ping(fresh)));
    expect(count(again, 429)).toBe(5);
  });

  it(`a target host gets at most ${WEBHOOK_TESTS_PER_HOST_PER_MINUTE} a minute, from every account together`, async () => {
    const accounts = await Promise.all(Array.from({ length: 5 }, () => signUpAs(t, 'PREMIUM')));
    const host = `10.${dialect === 'sqlite' ? 1 : 2}.${Date.now() % 250}.7`;
    // One after another: creating a webhook checks the password, and one client address holds
    // at most a few password hashes at once.
    const hooks: number[] = [];
    for (const who of accounts)
      hooks.push(await hookOf(who)(`http://${host}:9/hook-${who.user.id}`));
    const answers = await Promise.all(
      accounts.flatMap((who, i) =>
        Array.from({ length: WEBHOOK_TESTS_PER_MINUTE }, () => pingAs(who)(hooks[i]!)),
      ),
    );
    expect(count(answers, 202)).toBe(WEBHOOK_TESTS_PER_HOST_PER_MINUTE);
    expect(count(answers, 429)).toBe(
      5 * WEBHOOK_TESTS_PER_MINUTE - WEBHOOK_TESTS_PER_HOST_PER_MINUTE,
    );
    // An account refused by the host's budget kept its own points for another host.
    const spare = accounts.find((_, i) =>
      answers
        .slice(i * WEBHOOK_TESTS_PER_MINUTE, (i + 1) * WEBHOOK_TESTS_PER_MINUTE)
        .some((r) => r.statusCode === 429),
    )!;
    const elsewhere = await hookOf(spare)(`http://127.0.0.4:9/spare-${spare.user.id}`);
    expect((await pingAs(spare)(elsewhere)).statusCode).toBe(202);
  });
});
