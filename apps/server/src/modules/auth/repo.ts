import type { Kysely, Transaction } from 'kysely';
import type { DB, SessionRow } from '../../db/types';

type Conn = Kysely<DB> | Transaction<DB>;

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
export async function deleteUserSessions(db: Conn, userId: number, keepId?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) q = q.where('id', '!=', keepId);
  await q.execute();
}

export async function deleteExpiredSessions(db: Conn, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
