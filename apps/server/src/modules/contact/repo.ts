import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

export async function insertContactMessage(
  db: Kysely<DB>,
  message: {
    name: string;
    email: string;
    subject: string;
    message: string;
    user_id: number | null;
    created_at: string;
  },
): Promise<{ id: number; created_at: string }> {
  return db
    .insertInto('contact_messages')
    .values(message)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}
