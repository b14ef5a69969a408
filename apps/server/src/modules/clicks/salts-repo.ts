import type { Conn } from '../../db/database';

/** The salt of a UTC day: `candidate` if this call created it, else the one stored first. */
export async function ensureSalt(
  db: Conn,
  day: string,
  candidate: string,
  now: string,
): Promise<string> {
  await db
    .insertInto('visitor_salts')
    .values({ day, salt: candidate, created_at: now })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('visitor_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/** Forgets salts, and the per-day visitor sets, of days before `day`. */
export async function pruneVisitorDataBefore(db: Conn, day: string): Promise<void> {
  await db.deleteFrom('visitor_salts').where('day', '<', day).execute();
  await db.deleteFrom('daily_visitors').where('day', '<', day).execute();
}
