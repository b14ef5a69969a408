import type { ContactBody, ContactResponse } from '@mailtokit/contracts/contact';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import type { UserRow } from '../../db/types';
import { insertContactMessage } from './repo';

/** Messages from the contact form: stored for the team to read (rate limited by the route). */
export class ContactService {
  constructor(private readonly db: Db) {}

  async send(
    sender: Pick<UserRow, 'id'> | null,
    message: z.output<typeof ContactBody>,
  ): Promise<z.output<typeof ContactResponse>> {
    const row = await insertContactMessage(this.db.kysely, {
      ...message,
      user_id: sender?.id ?? null,
      created_at: nowIso(),
    });
    return { id: row.id, receivedAt: row.created_at };
  }
}
