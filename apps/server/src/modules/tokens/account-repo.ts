import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/** The user's API tokens, without their hashes, for the account export. */
export function apiTokensOf(db: Conn, userId: number) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'scopes', 'created_at', 'expires_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function deleteApiTokensOf(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}
