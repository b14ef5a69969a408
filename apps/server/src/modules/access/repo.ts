import type { Conn } from '../../db/database';
import type { TeamMemberRow, UserRow } from '../../db/types';

/** One of a user's teams: the team's name, the user's role there and the owner's plan. */
export interface Membership {
  team_id: number;
  team_name: string;
  role: TeamMemberRow['role'];
  owner_tier: UserRow['subscription_tier'];
  owner_expires_at: UserRow['subscription_expires_at'];
  /** 1: the team requires two-step sign-in of its members. */
  require_two_factor: number;
}

/** The user's teams with their role in each (one query per request that needs them). */
export function listMembershipsOfUser(db: Conn, userId: number): Promise<Membership[]> {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .innerJoin('users as owner', 'owner.id', 'teams.owner_id')
    .select([
      'team_members.team_id',
      'teams.name as team_name',
      'team_members.role',
      'owner.subscription_tier as owner_tier',
      'owner.subscription_expires_at as owner_expires_at',
      'teams.require_two_factor',
    ])
    .where('team_members.user_id', '=', userId)
    .execute();
}

/**
 * Whether the user belongs to the team; with `share` (PostgreSQL only), the membership row
 * stays locked until the caller's transaction ends.
 */
export async function hasMembership(
  db: Conn,
  teamId: number,
  userId: number,
  share: boolean,
): Promise<boolean> {
  const row = await db
    .selectFrom('team_members')
    .select('id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .$if(share, (q) => q.forShare())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the user signs in with two steps (an authenticator app turned on, or a passkey): what a team that
 * requires two-step sign-in asks of its members.
 */
export async function hasTwoStepSignIn(db: Conn, userId: number): Promise<boolean> {
  const totp = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  if (totp !== undefined) return true;
  // A passkey is a second step too (it signs in alone, or after the password).
  const passkey = await db
    .selectFrom('passkeys')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return passkey !== undefined;
}
