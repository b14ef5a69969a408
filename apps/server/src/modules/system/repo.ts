import { sql } from 'kysely';
import type { Conn } from '../../db/database';

/** A round trip to the database: resolves when it answers, rejects when it cannot. */
export async function ping(db: Conn): Promise<void> {
  await sql`select 1`.execute(db);
}
