import type { TeamAuditEntry } from '@mailtokit/contracts/audit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  buildLink,
  createLink,
  createTeam,
  createTestApp,
  createTrackingLink,
  invite,
  movableClock,
  signUpAs,
  type CreatedTeam,
  type SignedIn,
  type TestApp,
} from './helpers';

const LINKS = '/api/v1/mailto-links';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';

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
    remoteAddress: '198.51.100.23',
    headers: { ...('headers' in who ? who.headers : who), 'user-agent': UA },
    ...(payload ? { payload } : {}),
  });

let owner: SignedIn;
let admin: SignedIn;
let member: SignedIn;
let team: CreatedTeam;

/** Every entry of the team's log, newest first, as its owner reads it. */
async function log(teamId = team.id, query = ''): Promise<TeamAuditEntry[]> {
  const res = await call('GET', `/api/v1/teams/${teamId}/audit?limit=200${query}`, owner);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/**
 * Runs `action` and returns the entries it appended to the team's log: the test asserts
 * there is exactly one, with the right actor.
 */
async function added(action: () => Promise<unknown>, teamId = team.id) {
  const before = new Set((await log(teamId)).map((e) => e.id));
  await action();
  return (await log(teamId)).filter((e) => !before.has(e.id));
}

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r;
};

beforeAll(async () => {
  t = await createTestApp({ app: { clock: clock.now } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  [owner, admin, member] = await Promise.all([
    signUpAs(t, 'TEAM'),
    signUpAs(t, 'FREE'),
    signUpAs(t, 'FREE'),
  ]);
  team = await createTeam(t.app, owner, { name: 'Audited' });
  await addMember(t.app, owner, team.id, admin, 'ADMIN');
  await addMember(t.app, owner, team.id, member, 'MEMBER');
});

describe('each change writes exactly one entry, with its actor', () => {
  it('links: created, edited (with the fields), shared, unshared, archived, restored, deleted', async () => {
    let linkId = 0;
    const created = await added(async () => {
      const res = await ok(call('POST', LINKS, owner, buildLink({ teamId: team.id })), 201);
      linkId = JSON.parse(res.body).id;
    });
    expect(created).toEqual([
      expect.objectContaining({
        action: 'link.created',
        actor: { id: owner.user.id, username: owner.user.username, deleted: false },
        subject: expect.objectContaining({ type: 'link', id: linkId }),
        userAgent: UA,
        country: null,
        createdAt: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(created)).not.toContain('198.51.100.23');

    const edited = await added(() =>
      ok(
        call('PUT', `${LINKS}/${linkId}`, admin, {
          ...buildLink({ name: 'Renamed', subject: 'Other subject' }),
          teamId: team.id,
        }),
      ),
    );
    expect(edited).toEqual([
      expect.objectContaining({
        action: 'link.edited',
        actor: expect.objectContaining({ id: admin.user.id, username: admin.user.username }),
        subject: { type: 'link', id: linkId, name: 'Renamed' },
        fields: ['name', 'subject'],
      }),
    ]);

    // The author makes it private, then shares it again.
    const same = { ...buildLink({ name: 'Renamed', subject: 'Other subject' }) };
    const unshared = await added(() =>
      ok(call('PUT', `${LINKS}/${linkId}`, owner, { ...same, teamId: null })),
    );
    expect(unshared.map((e) => [e.action, e.actor.id])).toEqual([['link.unshared', owner.user.id]]);
    const shared = await added(() =>
      ok(call('PUT', `${LINKS}/${linkId}`, owner, { ...same, teamId: team.id })),
    );
    expect(shared.map((e) => [e.action, e.actor.id])).toEqual([['link.shared', owner.user.id]]);

    const archived = await added(() => ok(call('POST', `${LINKS}/${linkId}/archive`, admin)));
    expect(archived.map((e) => [e.action, e.actor.id])).toEqual([['link.archived', admin.user.id]]);
    const restored = await added(() => ok(call('POST', `${LINKS}/${linkId}/restore`, owner)));
    expect(restored.map((e) => [e.action, e.actor.id])).toEqual([['link.restored', owner.user.id]]);
    // An archive refused (it is not archived) writes nothing.
    expect(await added(() => ok(call('POST', `${LINKS}/${linkId}/restore`, owner), 409))).toEqual(
      [],
    );

    const deleted = await added(() => ok(call('DELETE', `${LINKS}/${linkId}`, admin)));
    expect(deleted.map((e) => [e.action, e.actor.id, e.subject.name])).toEqual([
      ['link.deleted', admin.user.id, 'Renamed'],
    ]);
    // Private links are nobody's team business.
    const own = await createLink(t.app, owner.headers);
    expect(await added(() => ok(call('DELETE', `${LINKS}/${own.id}`, owner)))).toEqual([]);
  });

  it('a CSV import: one link.created per link it puts in the team', async () => {
    const csv = [
      'name,to,team',
      'Imported one,one@example.com,Audited',
      'Imported two,two@example.com,Audited',
      'Private one,three@example.com,',
    ].join('\r\n');
    const entries = await added(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/mailto-links/import',
        headers: { ...owner.headers, 'content-type': 'text/csv', 'user-agent': UA },
        payload: csv,
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(entries.map((e) => [e.action, e.actor.id, e.subject.name]).sort()).toEqual([
      ['link.created', owner.user.id, 'Imported one'],
      ['link.created', owner.user.id, 'Imported two'],
    ]);
    expect(entries.every((e) => e.subject.id !== null && e.userAgent === UA)).toBe(true);
  });

  it('tracking links: created and deleted', async () => {
    const link = await createLink(t.app, owner.headers, { teamId: team.id });
    let trackingId = 0;
    const created = await added(async () => {
      trackingId = (await createTrackingLink(t.app, admin.headers, link.id, 'Newsletter')).id;
    });
    expect(created).toEqual([
      expect.objectContaining({
        action: 'tracking_link.created',
        actor: expect.objectContaining({ id: admin.user.id }),
        subject: { type: 'tracking_link', id: trackingId, name: 'Newsletter' },
      }),
    ]);
    const deleted = await added(() => ok(call('DELETE', `/api/v1/tracking/${trackingId}`, owner)));
    expect(deleted.map((e) => [e.action, e.actor.id, e.subject.id])).toEqual([
      ['tracking_link.deleted', owner.user.id, trackingId],
    ]);
  });

  it('invitations: sent, revoked, accepted, declined', async () => {
    const [a, b, c] = await Promise.all([
      signUpAs(t, 'FREE'),
      signUpAs(t, 'FREE'),
      signUpAs(t, 'FREE'),
    ]);
    let invitationId = 0;
    const sent = await added(async () => {
      invitationId = (await invite(t.app, admin, team.id, a)).id;
    });
    expect(sent).toEqual([
      expect.objectContaining({
        action: 'invitation.sent',
        actor: expect.objectContaining({ id: admin.user.id }),
        subject: { type: 'invitation', id: invitationId, name: a.user.username },
        details: { role: 'MEMBER' },
      }),
    ]);
    const revoked = await added(() =>
      ok(call('DELETE', `/api/v1/teams/${team.id}/invitations/${invitationId}`, owner), 204),
    );
    expect(revoked.map((e) => [e.action, e.actor.id])).toEqual([
      ['invitation.revoked', owner.user.id],
    ]);

    const toB = await invite(t.app, owner, team.id, b, 'ADMIN');
    const accepted = await added(() => ok(call('POST', `/api/v1/invitations/${toB.id}/accept`, b)));
    expect(accepted.map((e) => [e.action, e.actor.id, e.actor.username, e.details.role])).toEqual([
      ['invitation.accepted', b.user.id, b.user.username, 'ADMIN'],
    ]);

    const toC = await invite(t.app, owner, team.id, c);
    const declined = await added(() =>
      ok(call('POST', `/api/v1/invitations/${toC.id}/decline`, c), 204),
    );
    expect(declined.map((e) => [e.action, e.actor.id])).toEqual([
      ['invitation.declined', c.user.id],
    ]);
  });

  it('membership: roles changed, members removed or left, ownership transferred', async () => {
    const roles = await added(() =>
      ok(
        call('PUT', `/api/v1/teams/${team.id}/members/${member.user.id}`, owner, {
          role: 'admin',
        }),
      ),
    );
    expect(roles).toEqual([
      expect.objectContaining({
        action: 'member.role_changed',
        actor: expect.objectContaining({ id: owner.user.id }),
        subject: { type: 'user', id: member.user.id, name: member.user.username },
        details: { from: 'MEMBER', to: 'ADMIN' },
      }),
    ]);
    // Setting the role a member already has changes nothing and records nothing.
    expect(
      await added(() =>
        ok(
          call('PUT', `/api/v1/teams/${team.id}/members/${member.user.id}`, owner, {
            role: 'admin',
          }),
        ),
      ),
    ).toEqual([]);

    const left = await added(() =>
      ok(call('DELETE', `/api/v1/teams/${team.id}/members/${member.user.id}`, member)),
    );
    expect(left.map((e) => [e.action, e.actor.id, e.subject.id])).toEqual([
      ['member.left', member.user.id, member.user.id],
    ]);

    const extra = await signUpAs(t, 'FREE');
    await addMember(t.app, owner, team.id, extra);
    const removed = await added(() =>
      ok(call('DELETE', `/api/v1/teams/${team.id}/members/${extra.user.id}`, admin)),
    );
    expect(removed.map((e) => [e.action, e.actor.id, e.subject.id])).toEqual([
      ['member.removed', admin.user.id, extra.user.id],
    ]);

    const transferred = await added(() =>
      ok(
        call('PUT', `/api/v1/teams/${team.id}/members/${admin.user.id}`, owner, {
          role: 'owner',
          currentPassword: owner.password,
        }),
      ),
    );
    expect(transferred).toEqual([
      expect.objectContaining({
        action: 'team.ownership_transferred',
        actor: expect.objectContaining({ id: owner.user.id }),
        subject: expect.objectContaining({ id: admin.user.id }),
        details: { from: owner.user.username, to: admin.user.username },
      }),
    ]);
  });
});

describe('reading the log', () => {
  it('owners and admins read it, members get 403, anyone else 404', async () => {
    await createLink(t.app, owner.headers, { teamId: team.id });
    const url = `/api/v1/teams/${team.id}/audit`;
    const byAdmin = await call('GET', url, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['x-total-count']).toBe(String(byAdmin.json().length));
    const byMember = await call('GET', url, member);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({
      detail: "Only the team's owner and admins can read its audit log",
      code: 'FORBIDDEN',
    });
    expect((await call('GET', `${url}.csv`, member)).statusCode).toBe(403);
    const stranger = await signUpAs(t, 'TEAM');
    const byStranger = await call('GET', url, stranger);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().detail).toBe('Team not found');
  });

  it('an audit:read token reads it; a token without that scope gets 403', async () => {
    const token = async (scopes: string[]) => {
      const res = await ok(
        call('POST', '/api/v1/tokens', owner, {
          name: 'SIEM',
          scopes,
          currentPassword: owner.password,
        }),
        201,
      );
      return { authorization: `Bearer ${JSON.parse(res.body).token as string}` };
    };
    const url = `/api/v1/teams/${team.id}/audit`;
    const reader = await call('GET', url, await token(['audit:read']));
    expect(reader.statusCode).toBe(200);
    expect(reader.json().length).toBeGreaterThan(0);
    const other = await call('GET', url, await token(['teams:read', 'links:read']));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('INSUFFICIENT_SCOPE');
  });

  it('filters by person, action and day, pages newest first, and downloads CSV', async () => {
    await createLink(t.app, owner.headers, { teamId: team.id, name: 'First' });
    clock.advance(2 * 60 * 60_000);
    await createLink(t.app, owner.headers, { teamId: team.id, name: 'Second' });
    const all = await log();
    expect(all.map((e) => e.action).slice(0, 2)).toEqual(['link.created', 'link.created']);
    expect(all.slice(0, 2).map((e) => e.subject.name)).toEqual(['Second', 'First']);

    const byAdmin = await log(team.id, `&actorId=${admin.user.id}`);
    expect(byAdmin.map((e) => e.action)).toEqual(['invitation.accepted']);
    const created = await log(team.id, '&action=link.created');
    expect(created).toHaveLength(2);
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    expect(await log(team.id, `&from=${today}&to=${today}`)).toHaveLength(
      all.filter((e) => e.createdAt.startsWith(today)).length,
    );
    expect(await log(team.id, '&from=2020-01-01&to=2020-01-02')).toEqual([]);

    const page = await call('GET', `/api/v1/teams/${team.id}/audit?limit=1&offset=1`, owner);
    expect(page.json().map((e: TeamAuditEntry) => e.id)).toEqual([all[1]?.id]);
    expect(page.headers['x-total-count']).toBe(String(all.length));

    const bad = await call('GET', `/api/v1/teams/${team.id}/audit?action=nope&from=x`, owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');

    const csv = await call('GET', `/api/v1/teams/${team.id}/audit.csv?action=link.created`, owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'time,actor_id,actor,action,subject_type,subject_id,subject,fields,details,user_agent,country',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${owner.user.username},Link created,link,`);
  });

  it('is append-only through the API, and goes with the team', async () => {
    const url = `/api/v1/teams/${team.id}/audit`;
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await call(method, url, owner, {});
      expect([404, 405]).toContain(res.statusCode);
    }
    expect((await log()).length).toBeGreaterThan(0);
    await ok(call('DELETE', `/api/v1/teams/${team.id}`, owner));
    const left = await t.db.kysely
      .selectFrom('team_audit')
      .select('id')
      .where('team_id', '=', team.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps an entry of a deleted account, with the username it had then', async () => {
    const leaver = await signUpAs(t, 'FREE');
    await addMember(t.app, owner, team.id, leaver);
    await ok(call('DELETE', `/api/v1/teams/${team.id}/members/${leaver.user.id}`, leaver));
    await ok(call('DELETE', '/api/v1/account', leaver, { password: leaver.password }), 204);
    const entries = (await log()).filter((e) => e.actor.id === leaver.user.id);
    expect(entries.map((e) => [e.action, e.actor.username, e.actor.deleted])).toEqual([
      ['member.left', leaver.user.username, true],
      ['invitation.accepted', leaver.user.username, true],
    ]);
  });
});
