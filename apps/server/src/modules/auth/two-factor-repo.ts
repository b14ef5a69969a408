import type { Conn } from '../../db/database';
import type { SignInChallengesTable, UserTotpTable } from '../../db/types';

export function findTotp(db: Conn, userId: number): Promise<UserTotpTable | undefined> {
  return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a new secret waiting for its first code; replaces an earlier one not yet confirmed. */
export async function putPendingTotp(
  db: Conn,
  userId: number,
  secret: string,
  now: string,
): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret, created_at: now, enabled_at: null, last_used_step: null })
    .execute();
}

/**
 * Records `step` as used, if no code of that step or a later one was accepted before; true
 * when this call did. Two requests racing with the same code cannot both win.
 */
export async function claimTotpStep(
  db: Conn,
  userId: number,
  step: number,
  enabledAt?: string,
): Promise<boolean> {
  const res = await db
    .updateTable('user_totp')
    .set({ last_used_step: step, ...(enabledAt ? { enabled_at: enabledAt } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Turns two-step sign-in off: the secret, the recovery codes and waiting sign-ins go. */
export async function deleteTotp(db: Conn, userId: number): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: Conn,
  userId: number,
  hashes: string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((id) => ({ id, user_id: userId, created_at: now })))
    .execute();
}

/** Deletes the recovery code if it is the user's; true when this call used it. */
export async function useRecoveryCode(db: Conn, userId: number, hash: string): Promise<boolean> {
  const res = await db
    .deleteFrom('recovery_codes')
    .where('id', '=', hash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function countRecoveryCodes(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(db: Conn, row: SignInChallengesTable): Promise<void> {
  await db.insertInto('sign_in_challenges').values(row).execute();
}

export function findChallenge(
  db: Conn,
  id: string,
  now: string,
): Promise<SignInChallengesTable | undefined> {
  return db
    .selectFrom('sign_in_challenges')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Deletes the challenge; true when this call did (only one request completes a sign-in). */
export async function claimChallenge(db: Conn, id: string): Promise<boolean> {
  const res = await db.deleteFrom('sign_in_challenges').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function deleteExpiredChallenges(db: Conn, now: string): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute();
}
