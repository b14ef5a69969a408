import type { ContactBody, ContactResponse } from '@mailtokit/contracts/contact';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { AccountData } from '../../lib/account-data';
import * as accountRepo from './account-repo';
import { insertContactMessage } from './repo';

/** Messages from the contact form: stored for the team to read (rate limited by the route). */
export class ContactService {
  /** The messages the account sent; deletion takes them. */
  readonly accountData: AccountData = {
    tables: ['contact_messages'],
    exportFor: async (db, user) => ({
      contactMessages: (await accountRepo.contactMessagesOf(db, user.id)).map((m) => ({
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        createdAt: m.created_at,
      })),
    }),
    deleteFor: (trx, user) => accountRepo.deleteContactMessagesOf(trx, user.id),
  };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(
    sender: Pick<UserRow, 'id'> | null,
    message: z.output<typeof ContactBody>,
  ): Promise<z.output<typeof ContactResponse>> {
    const row = await insertContactMessage(this.db.kysely, {
      ...message,
      user_id: sender?.id ?? null,
      created_at: this.clock().toISOString(),
    });
    return { id: row.id, receivedAt: row.created_at };
  }
}
