import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/** The user's teams, for the account export: each with the user's role and when they joined. */
export function membershipsOf(db: Conn, userId: number) {
  return db
    .selectFrom('team_members as tm')
    .innerJoin('teams as t', 't.id', 'tm.team_id')
    .select(['t.id', 't.name', 't.description', 'tm.role', 'tm.created_at'])
    .where('tm.user_id', '=', userId)
    .orderBy('t.id')
    .execute();
}

/** The user's pending team invitations: sent (what they typed) and received (by username). */
export async function invitationsOf(db: Conn, userId: number) {
  const rows = await db
    .selectFrom('team_invitations as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .innerJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.team_id',
      't.name as team_name',
      'i.role',
      'i.username',
      'i.email',
      'i.invited_by',
      'i.invitee_id',
      'u.username as inviter',
      'i.created_at',
      'i.expires_at',
    ])
    .where((eb) => eb.or([eb('i.invited_by', '=', userId), eb('i.invitee_id', '=', userId)]))
    .orderBy('i.id')
    .execute();
  const common = (r: (typeof rows)[number]) => ({
    id: r.id,
    teamId: r.team_id,
    teamName: r.team_name,
    role: r.role,
  });
  return {
    sent: rows
      .filter((r) => r.invited_by === userId)
      .map((r) => ({
        ...common(r),
        username: r.username,
        email: r.email,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      })),
    received: rows
      .filter((r) => r.invitee_id === userId)
      .map((r) => ({
        ...common(r),
        invitedBy: r.inviter,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      })),
  };
}

/** Teams the user owns, with how many other members each has. */
export async function ownedTeams(db: Conn, userId: number) {
  const rows = await db
    .selectFrom('teams as t')
    .leftJoin('team_members as tm', (j) =>
      j.onRef('tm.team_id', '=', 't.id').on('tm.user_id', '!=', userId),
    )
    .select((eb) => ['t.id', 't.name', eb.fn.count<number>('tm.id').as('others')])
    .where('t.owner_id', '=', userId)
    .groupBy(['t.id', 't.name'])
    .orderBy('t.name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, others: Number(r.others) }));
}

/** Deletes teams (their members and invitations first), in the caller's transaction. */
export async function deleteTeams(trx: Transaction<DB>, teamIds: number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await trx.deleteFrom('team_members').where('team_id', 'in', teamIds).execute();
  await trx.deleteFrom('team_invitations').where('team_id', 'in', teamIds).execute();
  await trx.deleteFrom('teams').where('id', 'in', teamIds).execute();
}

/**
 * Deletes the user's memberships and the invitations they sent or received (by username, or
 * to the account's address), in the caller's transaction.
 */
export async function deleteMembershipsOf(
  trx: Transaction<DB>,
  user: { id: number; email: string | null },
): Promise<void> {
  await trx.deleteFrom('team_members').where('user_id', '=', user.id).execute();
  await trx
    .deleteFrom('team_invitations')
    .where((eb) =>
      eb.or([
        eb('invited_by', '=', user.id),
        eb('invitee_id', '=', user.id),
        ...(user.email ? [eb('email', '=', user.email.toLowerCase())] : []),
      ]),
    )
    .execute();
}
