import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/** The account's security log, newest first, at most `max` events. */
export function securityLogOf(db: Conn, userId: number, max: number) {
  return db
    .selectFrom('security_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max)
    .execute();
}

export async function deleteSecurityLogOf(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.deleteFrom('security_log').where('user_id', '=', userId).execute();
}
