import type { Conn } from '../../db/database';
import type { TeamMemberRow } from '../../db/types';

/** One of a user's teams: the team's name and the user's role there. */
export interface Membership {
  team_id: number;
  team_name: string;
  role: TeamMemberRow['role'];
}

/** The user's teams with their role in each (one query per request that needs them). */
export function listMembershipsOfUser(db: Conn, userId: number): Promise<Membership[]> {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.team_id', 'teams.name as team_name', 'team_members.role'])
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
