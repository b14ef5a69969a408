import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The account's "Email notifications" setting: 1 (the default, what every existing account
 * keeps) or 0. With 0 no e-mail that is not about the account's security goes out to it
 * (invitations among them); password resets, address changes and two-step sign-in changes
 * always go.
 */
export const m051UserEmailNotifications: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('email_notifications', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`email_notifications in (0, 1)`),
      )
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('email_notifications').execute();
  },
});
