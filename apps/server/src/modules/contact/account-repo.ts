import type { Transaction } from 'kysely';
import type { Conn } from '../../db/database';
import type { DB } from '../../db/types';

/** The messages the user sent through the contact form, for the account export. */
export function contactMessagesOf(db: Conn, userId: number) {
  return db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'subject', 'message', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function deleteContactMessagesOf(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.deleteFrom('contact_messages').where('user_id', '=', userId).execute();
}
