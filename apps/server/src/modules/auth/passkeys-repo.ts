import type { Conn } from '../../db/database';
import type { PasskeyChallengesTable, PasskeysTable } from '../../db/types';
import type { Insertable, Selectable } from 'kysely';

export type PasskeyRow = Selectable<PasskeysTable>;

export function listPasskeys(db: Conn, userId: number): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPasskeyByCredential(
  db: Conn,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export function findPasskey(db: Conn, userId: number, id: number): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertPasskey(db: Conn, row: Insertable<PasskeysTable>): Promise<PasskeyRow> {
  return await db.insertInto('passkeys').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function renamePasskey(
  db: Conn,
  userId: number,
  id: number,
  name: string,
): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Conn, userId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function deleteUserPasskeys(db: Conn, userId: number): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/**
 * Moves the counter from `from` to `to` and records the use; false when another request moved
 * it first (one assertion signs one sign-in).
 */
export async function claimCounter(
  db: Conn,
  id: number,
  from: number,
  to: number,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ counter: to, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertChallenge(db: Conn, row: PasskeyChallengesTable): Promise<void> {
  await db.insertInto('passkey_challenges').values(row).execute();
}

/** Deletes the ceremony and returns it, if it was still open: each works once. */
export async function takeChallenge(
  db: Conn,
  id: string,
  now: string,
): Promise<PasskeyChallengesTable | undefined> {
  const row = await db
    .selectFrom('passkey_challenges')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const res = await db.deleteFrom('passkey_challenges').where('id', '=', id).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1 || row.expires_at <= now) return undefined;
  return row;
}

export async function deleteChallenge(db: Conn, id: string): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('id', '=', id).execute();
}

export async function deleteExpiredChallenges(db: Conn, now: string): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
}
