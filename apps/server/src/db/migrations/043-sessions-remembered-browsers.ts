import type { DialectMigration } from './types';
import { notNull } from './helpers';

/**
 * `sessions.country`: the country (ISO 3166-1 alpha-2) of the address a session signed in
 * from, looked up offline at sign-in; the address itself is never stored.
 * `remembered_browsers`: browsers that passed two-step sign-in and asked to be remembered;
 * only the sha256 of the cookie's token is stored. Password changes and resets and turning
 * two-step sign-in off delete an account's rows; they go with the user.
 */
export const m043SessionsRememberedBrowsers: DialectMigration = () => ({
  async up(db) {
    await db.schema.alterTable('sessions').addColumn('country', 'varchar(2)').execute();
    await db.schema
      .createTable('remembered_browsers')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('expires_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('remembered_browsers_user_id')
      .on('remembered_browsers')
      .column('user_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('remembered_browsers').execute();
    await db.schema.alterTable('sessions').dropColumn('country').execute();
  },
});
