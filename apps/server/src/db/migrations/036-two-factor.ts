import type { DialectMigration } from './types';
import { notNull } from './helpers';

/**
 * Two-step sign-in with an authenticator app. `user_totp`: the account's TOTP secret (one per
 * account; `enabled_at` null while set-up waits for its first code) and the last time step a
 * code was accepted for, so a code works once. `recovery_codes`: single-use codes, only their
 * sha256 stored. `sign_in_challenges`: a sign-in that passed the password and waits for its
 * second step (sha256 of the token, short-lived). All go with the user.
 */
export const m036TwoFactor: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable('user_totp')
      .addColumn('user_id', 'integer', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('secret', 'varchar(64)', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('enabled_at', 'varchar(32)')
      .addColumn('last_used_step', 'integer')
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('recovery_codes_user_id')
      .on('recovery_codes')
      .column('user_id')
      .execute();
    await db.schema
      .createTable('sign_in_challenges')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('expires_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('sign_in_challenges_user_id')
      .on('sign_in_challenges')
      .column('user_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('sign_in_challenges').execute();
    await db.schema.dropTable('recovery_codes').execute();
    await db.schema.dropTable('user_totp').execute();
  },
});
