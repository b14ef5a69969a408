import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * Saved mailto links. The columns `to`, `cc`, `bcc` keep the data model's names: Kysely quotes
 * every identifier on both dialects, but hand-written SQL must quote `"to"` (a keyword).
 */
export const m003MailtoLinks: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('mailto_links'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      // Team the link is shared with (null = private). No foreign key yet: the teams table
      // arrives in a later migration. SQLite cannot add a foreign key to an existing table,
      // so that migration rebuilds this table or the teams service clears team_id itself.
      .addColumn('team_id', 'integer')
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('to', 'varchar(2000)', notNull)
      .addColumn('cc', 'varchar(2000)')
      .addColumn('bcc', 'varchar(2000)')
      .addColumn('subject', 'varchar(998)')
      .addColumn('body', 'text')
      .addColumn('is_shared', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
    // The list: a user's links, newest first.
    await db.schema
      .createIndex('mailto_links_user_created')
      .on('mailto_links')
      .columns(['user_id', 'created_at'])
      .execute();
    // Links shared with a team (read by the teams feature).
    await db.schema
      .createIndex('mailto_links_team_id')
      .on('mailto_links')
      .column('team_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('mailto_links').execute();
  },
});
