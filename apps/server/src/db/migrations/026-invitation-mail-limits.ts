import type { DialectMigration } from './types';
import { notNull } from './helpers';

/**
 * What bounds the invitation e-mails one address receives. Addresses are stored as the sha256
 * of their lower-case form, never in clear:
 * - `invitation_mail_stops`: addresses whose owner asked for no more invitation e-mails;
 * - `invitation_stop_tokens`: the one-click link of each invitation e-mail (sha256 of its
 *   token), which names the address it stops;
 * - `invitation_declines`: a team an address declined, and when (no e-mail from that team to
 *   that address for a while).
 */
export const m026InvitationMailLimits: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable('invitation_mail_stops')
      .addColumn('email_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createTable('invitation_stop_tokens')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('email_hash', 'varchar(64)', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('expires_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('invitation_stop_tokens_expires_at')
      .on('invitation_stop_tokens')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('invitation_declines')
      .addColumn('team_id', 'integer', (c) =>
        c.notNull().references('teams.id').onDelete('cascade'),
      )
      .addColumn('email_hash', 'varchar(64)', notNull)
      .addColumn('declined_at', 'varchar(32)', notNull)
      .addPrimaryKeyConstraint('invitation_declines_pk', ['team_id', 'email_hash'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('invitation_declines').execute();
    await db.schema.dropTable('invitation_stop_tokens').execute();
    await db.schema.dropTable('invitation_mail_stops').execute();
  },
});
