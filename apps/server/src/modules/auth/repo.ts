import type { Conn } from '../../db/database';
import type { SessionRow } from '../../db/types';

export async function insertSession(db: Conn, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findSession(db: Conn, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(db: Conn, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Conn, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes every session of a user except `keepId` (if given). */
/** Deletes the user's sessions (but `keepId`); how many there were. */
export async function deleteUserSessions(
  db: Conn,
  userId: number,
  keepId?: string,
): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) q = q.where('id', '!=', keepId);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Conn, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/** Stores a reset token (hashed) after deleting any older one of the user: only the newest works. */
export async function replaceResetToken(
  db: Conn,
  row: { id: string; user_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', row.user_id).execute();
  await db.insertInto('password_reset_tokens').values(row).execute();
}

/**
 * Claims a reset token: deletes it if it is still valid at `now` and returns its user. Two
 * requests racing with the same token cannot both win: only one delete finds the row.
 */
export async function claimResetToken(
  db: Conn,
  id: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .deleteFrom('password_reset_tokens')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The user of a reset token still valid at `now`, without using it up. */
export async function findResetToken(
  db: Conn,
  id: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

export async function deleteResetTokens(db: Conn, userId: number): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}

export async function deleteExpiredResetTokens(db: Conn, now: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<=', now).execute();
}
