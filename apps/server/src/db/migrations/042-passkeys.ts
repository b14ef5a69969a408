import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * Passkeys (WebAuthn). `passkeys`: an account's credentials (the credential id and COSE public
 * key, base64url; the signature counter, which only goes up), named by the user. `passkey_challenges`:
 * a ceremony under way (the challenge a browser must sign), found by the sha256 of the token in
 * that browser's cookie, single-use and short-lived; for the second step of a sign-in it names
 * the sign-in challenge it completes. All go with the user.
 */
export const m042Passkeys: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('passkeys'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('credential_id', 'varchar(1024)', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', notNull)
      // Counters are unsigned 32-bit: past PostgreSQL's `integer`.
      .addColumn('counter', 'bigint', notNull)
      .addColumn('transports', 'varchar(200)')
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('last_used_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute();
    await db.schema
      .createTable('passkey_challenges')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('purpose', 'varchar(16)', notNull)
      .addColumn('challenge', 'varchar(128)', notNull)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('sign_in_challenge_id', 'varchar(64)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('expires_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('passkey_challenges_user_id')
      .on('passkey_challenges')
      .column('user_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('passkey_challenges').execute();
    await db.schema.dropTable('passkeys').execute();
  },
});
