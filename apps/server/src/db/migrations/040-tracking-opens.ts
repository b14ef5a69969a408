import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * How a tracking link opens (docs/decisions/0055-mail-app-chooser.md): `direct` (the 302 to
 * the `mailto:` URL, the default and what every existing tracking link keeps) or `choose` (a
 * page offering the mail app, Gmail, Outlook.com, Yahoo Mail or copying the address). A check
 * keeps any other value out on both databases.
 */
export const m040TrackingOpens: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable('tracking_links')
      .addColumn('opens', 'varchar(10)', (c) =>
        c
          .notNull()
          .defaultTo('direct')
          .check(sql`opens in ('direct', 'choose')`),
      )
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('tracking_links').dropColumn('opens').execute();
  },
});
