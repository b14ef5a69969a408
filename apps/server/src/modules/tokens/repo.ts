import type { Kysely, Transaction } from 'kysely';
import type { Conn, Dialect } from '../../db/database';
import { CapScope, lockCap } from '../../db/locks';
import type { ApiTokenRow, DB } from '../../db/types';

/** Holds the user's token cap until `trx` ends: counts and inserts of parallel creates queue. */
export function lockTokensOf(trx: Transaction<DB>, dialect: Dialect, userId: number) {
  return lockCap(trx, dialect, CapScope.apiTokens, userId);
}

export function insertToken(db: Conn, row: Omit<ApiTokenRow, 'id'>): Promise<ApiTokenRow> {
  return db.insertInto('api_tokens').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A user's tokens, newest first. */
export function listTokens(db: Kysely<DB>, userId: number): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

export async function countTokens(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findTokenByHash(db: Kysely<DB>, hash: string): Promise<ApiTokenRow | undefined> {
  return db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** True when the user's token existed and is gone. */
export async function deleteToken(db: Kysely<DB>, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function touchToken(db: Kysely<DB>, id: number, at: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** Deletes every token of the user; answers their names, newest first. */
export async function deleteAllTokens(db: Conn, userId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .returning(['id', 'name'])
    .execute();
  return rows.sort((a, b) => b.id - a.id).map((r) => r.name);
}

/** The name of one of the user's tokens (for the security log), if it exists. */
export async function tokenName(
  db: Kysely<DB>,
  userId: number,
  id: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .select('name')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.name;
}
