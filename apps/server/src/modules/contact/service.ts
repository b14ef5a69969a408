import type { ContactBody, ContactResponse } from '@mailtokit/contracts/contact';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { insertContactMessage } from './repo';

/** Messages from the contact form: stored for the team to read (rate limited by the route). */
export class ContactService {
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
