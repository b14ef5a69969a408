import { sql } from 'kysely';
import type { DialectMigration } from './types';
import { notNull, withId } from './helpers';

/**
 * Teams and their members. The owner holds a team_members row with role OWNER (exactly one
 * per team, enforced by a partial unique index), so "teams a user belongs to" is one join.
 *
 * mailto_links.team_id stays without a foreign key: SQLite cannot add one to an existing
 * table. The teams service keeps it consistent instead: deleting a team, or removing a member,
 * turns the affected links back into private links of their authors in the same transaction.
 */
export const m004Teams: DialectMigration = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('teams'), dialect)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('description', 'varchar(500)')
      .addColumn('owner_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .execute();
    await db.schema.createIndex('teams_owner_id').on('teams').column('owner_id').execute();

    await withId(db.schema.createTable('team_members'), dialect)
      .addColumn('team_id', 'integer', (c) =>
        c.notNull().references('teams.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('role', 'varchar(8)', notNull)
      .addColumn('created_at', 'varchar(32)', notNull)
      .addColumn('updated_at', 'varchar(32)', notNull)
      .addUniqueConstraint('team_members_team_user', ['team_id', 'user_id'])
      .addCheckConstraint('team_members_role', sql`role in ('OWNER', 'ADMIN', 'MEMBER')`)
      .execute();
    // "Which teams am I in?" on every links request.
    await db.schema
      .createIndex('team_members_user_id')
      .on('team_members')
      .column('user_id')
      .execute();
    // One owner per team. An ownership transfer demotes the old owner before promoting the new.
    await sql`create unique index team_members_one_owner on team_members (team_id) where role = 'OWNER'`.execute(
      db,
    );
  },
  async down(db) {
    await db.schema.dropTable('team_members').execute();
    await db.schema.dropTable('teams').execute();
  },
});
