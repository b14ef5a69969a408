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

/** Records that the session's user confirmed their password at `at`. */
export async function setPasswordConfirmed(db: Conn, id: string, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ password_confirmed_at: at })
    .where('id', '=', id)
    .execute();
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

export interface ResetTokenRow {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/**
 * Claims a reset token: deletes it if it is still valid at `now` and returns it. Two requests
 * racing with the same token cannot both win: only one delete finds the row.
 */
export async function claimResetToken(
  db: Conn,
  id: string,
  now: string,
): Promise<ResetTokenRow | undefined> {
  return await db
    .deleteFrom('password_reset_tokens')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id', 'created_at', 'expires_at'])
    .executeTakeFirst();
}

/**
 * Puts a claimed token back when its password could not be set (the server was too busy to
 * hash it), unless the account has been sent a newer one meanwhile, which voids it.
 */
export async function unclaimResetToken(db: Conn, row: ResetTokenRow): Promise<void> {
  const newer = await db
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  if (!newer) await db.insertInto('password_reset_tokens').values(row).execute();
}

export async function deleteResetTokens(db: Conn, userId: number): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}

export async function deleteExpiredResetTokens(db: Conn, now: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<=', now).execute();
}

/** The secret named `name`: `candidate` if this call stored it, else the one stored first. */
export async function ensureServerSecret(
  db: Conn,
  name: string,
  candidate: string,
  now: string,
): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, secret: candidate, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** The user's sessions not expired at `now`, newest activity first. */
export function listUserSessions(db: Conn, userId: number, now: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Deletes one session of the user; whether there was one. */
export async function deleteUserSession(db: Conn, userId: number, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertRememberedBrowser(
  db: Conn,
  row: { id: string; user_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('remembered_browsers').values(row).execute();
}

/** Whether `id` is a browser the user remembered that has not expired at `now`. */
export async function isRememberedBrowser(
  db: Conn,
  userId: number,
  id: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('remembered_browsers')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets every remembered browser of the user. */
export async function deleteRememberedBrowsers(db: Conn, userId: number): Promise<void> {
  await db.deleteFrom('remembered_browsers').where('user_id', '=', userId).execute();
}

export async function deleteExpiredRememberedBrowsers(db: Conn, now: string): Promise<void> {
  await db.deleteFrom('remembered_browsers').where('expires_at', '<=', now).execute();
}
