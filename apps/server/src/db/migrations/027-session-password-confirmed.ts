import type { DialectMigration } from './types';

/**
 * When the session's user last confirmed their password in it (null: never). Creating an API
 * token or a webhook under a session needs a confirmation of the last few minutes, or the
 * password in the request itself.
 */
export const m027SessionPasswordConfirmed: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable('sessions')
      .addColumn('password_confirmed_at', 'varchar(32)')
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('sessions').dropColumn('password_confirmed_at').execute();
  },
});
