import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Dialect } from './database';
import type { DB } from './types';

/**
 * What a cap counts, each with its own lock space: two caps of the same owner never wait for
 * each other. The numbers are stored nowhere; they only have to stay distinct.
 */
export const CapScope = {
  savedLinks: 1,
  trackingLinks: 2,
  teamsOwned: 3,
  apiTokens: 4,
  webhooks: 5,
  /** Teams a user belongs to (as owner or member). */
  memberships: 6,
  /** Tags of one account. */
  tags: 7,
} as const;
export type CapScope = (typeof CapScope)[keyof typeof CapScope];

/**
 * Takes the lock of one cap of one owner (a user, a saved link) until `trx` ends, so that
 * "count, then insert if below the cap" runs for that owner one transaction at a time and
 * parallel creates cannot all see the same count. PostgreSQL: a transaction-level advisory
 * lock on (scope, owner id), which no row or table lock waits for. SQLite needs none: its
 * single connection runs one transaction at a time.
 */
export async function lockCap(
  trx: Transaction<DB>,
  dialect: Dialect,
  scope: CapScope,
  ownerId: number,
): Promise<void> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(${scope}::integer, ${ownerId}::integer)`.execute(trx);
}
