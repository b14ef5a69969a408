import { sql } from 'kysely';
import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

export const m001UsersSessions: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('username', 'varchar(32)', notNull)
      .addColumn('email', 'varchar(254)')
      .addColumn('password_hash', 'varchar(255)', notNull)
      .addColumn('first_name', 'varchar(64)')
      .addColumn('last_name', 'varchar(64)')
      .addColumn('subscription_tier', 'varchar(16)', (c) => c.notNull().defaultTo('FREE'))
      .addColumn('subscription_expires_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
    // Usernames and e-mails are unique regardless of case.
    await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
    await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('expires_at', 'varchar(32)', notNull)
      .addColumn('last_seen_at', 'varchar(32)', notNull)
      .addColumn('user_agent', 'varchar(512)')
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
    await db.schema
      .createIndex('sessions_expires_at')
      .on('sessions')
      .column('expires_at')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('sessions').execute();
    await db.schema.dropTable('users').execute();
  },
});
