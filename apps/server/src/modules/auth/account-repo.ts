import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/** The user's sessions, without their ids, for the account export. */
export function sessionsOf(db: Conn, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'country'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** When two-step sign-in was turned on (null: off) and the recovery codes left. */
export async function twoFactorOf(db: Conn, userId: number) {
  const totp = await db
    .selectFrom('user_totp')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const codes = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { enabledAt: totp?.enabled_at ?? null, recoveryCodesLeft: Number(codes.n) };
}

/**
 * Deletes the user's sessions, reset tokens, pending sign-ins, recovery codes and
 * authenticator secret, in the caller's transaction.
 */
export async function deleteSignInDataOf(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await trx.deleteFrom('remembered_browsers').where('user_id', '=', userId).execute();
  await trx.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
  await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

export function rememberedBrowsersOf(db: Conn, userId: number) {
  return db
    .selectFrom('remembered_browsers')
    .select(['created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The account's passkeys, without their keys, credential ids or counters. */
export function passkeysOf(db: Conn, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
