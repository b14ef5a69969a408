import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * A team's audit log: one row per change to the team's content or membership, appended and
 * never updated. The actor is kept by id and by the username they had then, without a foreign
 * key, so an entry outlives the account (shown as a deleted user). The client is its user
 * agent and, when known, its country; never its address. The team's deletion deletes its
 * entries (cascade).
 */
export const m033TeamAudit: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('team_audit'), dialect)
      .addColumn('team_id', 'integer', (c) =>
        c.notNull().references('teams.id').onDelete('cascade'),
      )
      .addColumn('actor_id', 'integer')
      .addColumn('actor_username', 'varchar(64)', notNull)
      .addColumn('action', 'varchar(40)', notNull)
      .addColumn('subject_type', 'varchar(16)', notNull)
      .addColumn('subject_id', 'integer')
      .addColumn('subject_name', 'varchar(255)')
      .addColumn('fields', 'varchar(255)', notNull)
      .addColumn('details', 'varchar(1000)', notNull)
      .addColumn('user_agent', 'varchar(512)')
      .addColumn('country', 'varchar(2)')
      .addColumn('created_at', 'varchar(32)', notNull)
      .execute();
    // The log page: a team's entries newest first, whatever the filter.
    await db.schema
      .createIndex('team_audit_team_created')
      .on('team_audit')
      .columns(['team_id', 'created_at', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('team_audit').execute();
  },
});
