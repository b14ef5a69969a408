import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { NewTeamInvitation, TeamInvitationRow } from '../../db/types';

/** An invitation with what its readers see of the team and the inviter. */
export type InvitationWithNames = TeamInvitationRow & {
  team_name: string;
  /** The team's policy: 1 when its owner requires two-step sign-in of every member. */
  team_requires_two_factor: number;
  inviter: string;
  inviter_first_name: string | null;
};

function withNames(db: Conn) {
  return db
    .selectFrom('team_invitations as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .innerJoin('users as u', 'u.id', 'i.invited_by')
    .selectAll('i')
    .select([
      't.name as team_name',
      't.require_two_factor as team_requires_two_factor',
      'u.username as inviter',
      'u.first_name as inviter_first_name',
    ]);
}

/** The team's invitations still open at `now`, oldest first. */
export function listPendingOfTeam(
  db: Conn,
  teamId: number,
  now: string,
): Promise<InvitationWithNames[]> {
  return withNames(db)
    .where('i.team_id', '=', teamId)
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
}

/** The invitations addressed to the user by username, still open at `now`, oldest first. */
export function listPendingForUser(
  db: Conn,
  userId: number,
  now: string,
): Promise<InvitationWithNames[]> {
  return withNames(db)
    .where('i.invitee_id', '=', userId)
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
}

export function findById(
  db: Conn,
  id: number,
  now: string,
): Promise<InvitationWithNames | undefined> {
  return withNames(db).where('i.id', '=', id).where('i.expires_at', '>', now).executeTakeFirst();
}

export function findByTokenHash(
  db: Conn,
  tokenHash: string,
  now: string,
): Promise<InvitationWithNames | undefined> {
  return withNames(db)
    .where('i.token_hash', '=', tokenHash)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}

/** An open invitation of the team to this username or address (either case). */
export function findOpenDuplicate(
  db: Conn,
  teamId: number,
  to: { username?: string; email?: string },
  now: string,
): Promise<{ id: number } | undefined> {
  let q = db
    .selectFrom('team_invitations')
    .select('id')
    .where('team_id', '=', teamId)
    .where('expires_at', '>', now);
  if (to.username !== undefined)
    q = q.where(sql<string>`lower(username)`, '=', to.username.toLowerCase());
  else q = q.where('email', '=', (to.email ?? '').toLowerCase());
  return q.executeTakeFirst();
}

export async function countPendingOfTeam(db: Conn, teamId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('team_invitations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('team_id', '=', teamId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a member of the team has this e-mail address (any case). */
export async function memberHasEmail(db: Conn, teamId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.id')
    .where('m.team_id', '=', teamId)
    .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export function insertInvitation(db: Conn, row: NewTeamInvitation): Promise<TeamInvitationRow> {
  return db.insertInto('team_invitations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** True when a row was deleted. */
export async function deleteInvitation(db: Conn, id: number): Promise<boolean> {
  const result = await db.deleteFrom('team_invitations').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Expired invitations of the team go (they can no longer be accepted). */
export async function deleteExpiredOfTeam(db: Conn, teamId: number, now: string): Promise<void> {
  await db
    .deleteFrom('team_invitations')
    .where('team_id', '=', teamId)
    .where('expires_at', '<=', now)
    .execute();
}

export async function deleteAllOfTeam(db: Conn, teamId: number): Promise<void> {
  await db.deleteFrom('team_invitations').where('team_id', '=', teamId).execute();
}

/** Invitations a member sent to the team, once they leave or are removed from it. */
export async function deleteSentBy(db: Conn, teamId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('team_invitations')
    .where('team_id', '=', teamId)
    .where('invited_by', '=', userId)
    .execute();
}

/** The member's pending invitations to the team that grant one of `roles` go. */
export async function deleteSentByForRoles(
  db: Conn,
  teamId: number,
  userId: number,
  roles: ReadonlyArray<'ADMIN' | 'MEMBER'>,
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .deleteFrom('team_invitations')
    .where('team_id', '=', teamId)
    .where('invited_by', '=', userId)
    .where('role', 'in', [...roles])
    .execute();
}
