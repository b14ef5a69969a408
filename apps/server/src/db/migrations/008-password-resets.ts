import type { DialectMigration } from './types';
import { notNull } from './helpers';

/**
 * Password-reset tokens: only their sha256 is stored (like sessions). A user has at most one
 * (a new request replaces the old), it is deleted when used, and it goes with the user.
 */
export const m008PasswordResets: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable('password_reset_tokens')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('expires_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('password_reset_tokens_user_id')
      .on('password_reset_tokens')
      .column('user_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('password_reset_tokens').execute();
  },
});
