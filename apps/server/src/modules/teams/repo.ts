import type { Transaction } from 'kysely';
import type { Conn, Dialect } from '../../db/database';
import { CapScope, lockCap } from '../../db/locks';
import type { DB, NewTeam, NewTeamMember, TeamMemberRow, TeamRow, UserRow } from '../../db/types';

type Role = TeamMemberRow['role'];

/** A membership with the member's public user fields. */
export type MemberWithUser = TeamMemberRow &
  Pick<UserRow, 'username' | 'email' | 'first_name' | 'last_name'>;

/**
 * Row locks for a read inside a transaction, PostgreSQL only: SQLite runs one transaction at a
 * time on its single connection, and has no `for update`.
 */
export type Lock = 'update' | 'share' | null;

/** With `lock: 'update'`, concurrent changes to the same team wait for this transaction. */
export function findTeamById(
  db: Conn,
  id: number,
  lock: Lock = null,
): Promise<TeamRow | undefined> {
  return db
    .selectFrom('teams')
    .selectAll()
    .where('id', '=', id)
    .$if(lock === 'update', (q) => q.forUpdate())
    .$if(lock === 'share', (q) => q.forShare())
    .executeTakeFirst();
}

/** With `lock: 'share'`, the membership cannot be removed until this transaction ends. */
export function findMember(
  db: Conn,
  teamId: number,
  userId: number,
  lock: Lock = null,
): Promise<TeamMemberRow | undefined> {
  return db
    .selectFrom('team_members')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .$if(lock === 'update', (q) => q.forUpdate())
    .$if(lock === 'share', (q) => q.forShare())
    .executeTakeFirst();
}

/** Every team the user belongs to (owned ones included), oldest first. */
export function listTeamsOfUser(db: Conn, userId: number): Promise<TeamRow[]> {
  return db
    .selectFrom('teams')
    .innerJoin('team_members', 'team_members.team_id', 'teams.id')
    .selectAll('teams')
    .where('team_members.user_id', '=', userId)
    .orderBy('teams.created_at')
    .orderBy('teams.id')
    .execute();
}

/** Each team's owner's plan, by team id (whether the team's plan covers its members). */
export async function ownerPlansOf(
  db: Conn,
  teamIds: number[],
): Promise<Map<number, Pick<UserRow, 'subscription_tier' | 'subscription_expires_at'>>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('teams')
    .innerJoin('users', 'users.id', 'teams.owner_id')
    .select(['teams.id', 'users.subscription_tier', 'users.subscription_expires_at'])
    .where('teams.id', 'in', teamIds)
    .execute();
  return new Map(rows.map(({ id, ...plan }) => [id, plan]));
}

/** The members of the given teams with their usernames, names and e-mails. */
export function listMembersOfTeams(db: Conn, teamIds: number[]): Promise<MemberWithUser[]> {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .selectAll('team_members')
    .select(['users.username', 'users.email', 'users.first_name', 'users.last_name'])
    .where('team_members.team_id', 'in', teamIds)
    .orderBy('team_members.created_at')
    .orderBy('team_members.id')
    .execute();
}

export function findMemberWithUser(
  db: Conn,
  teamId: number,
  userId: number,
): Promise<MemberWithUser | undefined> {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .selectAll('team_members')
    .select(['users.username', 'users.email', 'users.first_name', 'users.last_name'])
    .where('team_members.team_id', '=', teamId)
    .where('team_members.user_id', '=', userId)
    .executeTakeFirst();
}

async function count(query: Promise<{ n: string | number | bigint }>): Promise<number> {
  // PostgreSQL returns count(*) as a bigint string.
  return Number((await query).n);
}

/** Holds the user's cap of owned teams until `trx` ends: parallel team creates queue. */
export function lockTeamsOwnedBy(trx: Transaction<DB>, dialect: Dialect, userId: number) {
  return lockCap(trx, dialect, CapScope.teamsOwned, userId);
}

/**
 * Holds the user's cap of team memberships until `trx` ends: parallel acceptances and team
 * creates of one user queue, so none of them counts a membership another is adding.
 */
export function lockMembershipsOf(trx: Transaction<DB>, dialect: Dialect, userId: number) {
  return lockCap(trx, dialect, CapScope.memberships, userId);
}

export function countTeamsOwnedBy(db: Conn, userId: number): Promise<number> {
  return count(
    db
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
  );
}

export function countMembershipsOf(db: Conn, userId: number): Promise<number> {
  return count(
    db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  );
}

export function countMembersOf(db: Conn, teamId: number): Promise<number> {
  return count(
    db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow(),
  );
}

export function insertTeam(db: Conn, team: NewTeam): Promise<TeamRow> {
  return db.insertInto('teams').values(team).returningAll().executeTakeFirstOrThrow();
}

export function insertMember(db: Conn, member: NewTeamMember): Promise<TeamMemberRow> {
  return db.insertInto('team_members').values(member).returningAll().executeTakeFirstOrThrow();
}

export async function setMemberRole(
  db: Conn,
  teamId: number,
  userId: number,
  role: Role,
  now: string,
): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ role, updated_at: now })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

export async function setTeamOwner(
  db: Conn,
  teamId: number,
  ownerId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('teams')
    .set({ owner_id: ownerId, updated_at: now })
    .where('id', '=', teamId)
    .execute();
}

/** True when a row was deleted. */
export async function deleteMember(db: Conn, teamId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteMembersOf(db: Conn, teamId: number): Promise<void> {
  await db.deleteFrom('team_members').where('team_id', '=', teamId).execute();
}

/** True when a row was deleted. */
export async function deleteTeam(db: Conn, teamId: number): Promise<boolean> {
  const result = await db.deleteFrom('teams').where('id', '=', teamId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Sets whether the team requires two-step sign-in of its members. */
export async function setRequireTwoFactor(
  db: Conn,
  teamId: number,
  required: boolean,
  now: string,
): Promise<void> {
  await db
    .updateTable('teams')
    .set({ require_two_factor: required ? 1 : 0, updated_at: now })
    .where('id', '=', teamId)
    .execute();
}
