import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The account's default for how its new tracking links open (`direct` or `choose`, as
 * `tracking_links.opens`): what `POST /api/v1/tracking` uses when the request leaves `opens`
 * out, and what the new-tracking-link dialog starts with. Every existing account keeps
 * `direct`; a check keeps any other value out on both databases.
 */
export const m048UserTrackingOpens: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('tracking_opens', 'varchar(10)', (c) =>
        c
          .notNull()
          .defaultTo('direct')
          .check(sql`tracking_opens in ('direct', 'choose')`),
      )
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('tracking_opens').execute();
  },
});
