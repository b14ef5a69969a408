import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * An account's security log: sign-ins (successful and failed), other sessions signed out,
 * password and e-mail changes, password resets, API tokens and webhooks created and revoked.
 * Appended, never changed; the account's deletion deletes it (cascade). The client is its user
 * agent and, when known, its country; never its address.
 */
export const m034SecurityLog: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('security_log'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('event', 'varchar(40)', notNull)
      .addColumn('detail', 'varchar(2048)')
      .addColumn('user_agent', 'varchar(512)')
      .addColumn('country', 'varchar(2)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('security_log_user_created')
      .on('security_log')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('security_log').execute();
  },
});
