import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';

/** Deletes the user's row, in the caller's transaction (last: every other row points at it). */
export async function deleteUser(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
