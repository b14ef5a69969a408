import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * Team invitations: nobody joins a team but by accepting one. A pending invitation names its
 * invitee as the inviter typed it: a username (`invitee_id` is that account, or null when no
 * account has the name: such an invitation reaches nobody and expires) or an e-mail address
 * (then only the sha256 of the link's token is stored). Accepting, declining or revoking
 * deletes the row; so do the team's deletion and the inviter's or invitee's account deletion.
 */
export const m016TeamInvitations: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('team_invitations'), dialect)
      .addColumn('team_id', 'integer', (c) =>
        c.notNull().references('teams.id').onDelete('cascade'),
      )
      .addColumn('invited_by', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('role', 'varchar(8)', notNull)
      .addColumn('username', 'varchar(64)')
      .addColumn('email', 'varchar(254)')
      .addColumn('invitee_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('expires_at', 'varchar(32)', notNull)
      .execute();
    await db.schema
      .createIndex('team_invitations_team_id')
      .on('team_invitations')
      .column('team_id')
      .execute();
    await db.schema
      .createIndex('team_invitations_invitee_id')
      .on('team_invitations')
      .column('invitee_id')
      .execute();
    await db.schema
      .createIndex('team_invitations_invited_by')
      .on('team_invitations')
      .column('invited_by')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('team_invitations').execute();
  },
});
