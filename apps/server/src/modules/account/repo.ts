import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';

/**
 * Deletes the rate-limit counters that name the user, in the caller's transaction: those of
 * `keys`, and every one whose key starts with one of `prefixes`.
 */
export async function deleteRateLimits(
  trx: Transaction<DB>,
  keys: string[],
  prefixes: string[] = [],
): Promise<void> {
  if (keys.length > 0) await trx.deleteFrom('rate_limits').where('key', 'in', keys).execute();
  for (const prefix of prefixes)
    await trx
      .deleteFrom('rate_limits')
      .where(sql<string>`substr(${sql.ref('key')}, 1, ${sql.lit(prefix.length)})`, '=', prefix)
      .execute();
}
