import type { Conn } from '../../db/database';
import type { SecurityLogRow } from '../../db/types';

export async function insertEvent(db: Conn, row: Omit<SecurityLogRow, 'id'>): Promise<void> {
  await db.insertInto('security_log').values(row).execute();
}

/** A page of the user's events, newest first. */
export function listEvents(
  db: Conn,
  userId: number,
  page: { limit: number; offset: number },
): Promise<SecurityLogRow[]> {
  return db
    .selectFrom('security_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countEvents(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('security_log')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
