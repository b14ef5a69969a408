import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * Sorting one user's links by name reads an index in that order: the list sorts by
 * `lower(name)` (case-insensitive), which the index `(user_id, name)` cannot serve, so every
 * link of the user was read and sorted for each page. The new index holds the sort key itself
 * and the id, which breaks ties (SQLite keeps the rowid in every index entry anyway), and
 * replaces `(user_id, name)`, which no query reads. On PostgreSQL it also carries `name`
 * itself: its planner reads an expression index without visiting the table only when the
 * columns under the expression are in the index too (a page deep in the list, offset 50,000,
 * then reads 50,000 index entries and no table row).
 */
export const m011LinksNameOrder: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect === 'postgres')
      await sql`create index mailto_links_user_lower_name
        on mailto_links (user_id, lower(name), id) include (name)`.execute(db);
    else
      await sql`create index mailto_links_user_lower_name
        on mailto_links (user_id, lower(name))`.execute(db);
    await db.schema.dropIndex('mailto_links_user_name').execute();
  },
  async down(db) {
    await db.schema
      .createIndex('mailto_links_user_name')
      .on('mailto_links')
      .columns(['user_id', 'name'])
      .execute();
    await db.schema.dropIndex('mailto_links_user_lower_name').execute();
  },
});
