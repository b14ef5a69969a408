import { sql } from 'kysely';
import type { DialectMigration } from './types';
import { searchTextOf } from '../search-text';

/** Rows re-read and updated per statement while filling the new column. */
const BACKFILL_BATCH = 500;

/**
 * Search, filters and sort orders of the saved-links list (docs/decisions/0011-links-at-volume.md).
 *
 * `search_text` holds the searchable fields of a link (name, to, cc, bcc, subject) folded to
 * lower case by the server, so that a case-insensitive substring search is one comparison per
 * row on either dialect, including non-ASCII letters (SQLite's own `lower` and `LIKE` fold
 * ASCII only). SQLite answers a search of one user's links from the index
 * `mailto_links_user_search` alone (search text, team, both times and the name are in it) without
 * reading a row; PostgreSQL uses a trigram index where the `pg_trgm` extension can be created
 * (its B-tree entries are limited to about 2.7 kB, too little for this column).
 */
export const m010LinksSearch: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema
      .alterTable('mailto_links')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('mailto_links')
        .select(['id', 'name', 'to', 'cc', 'bcc', 'subject'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BACKFILL_BATCH)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        await db
          .updateTable('mailto_links')
          .set({ search_text: searchTextOf(row) })
          .where('id', '=', row.id)
          .execute();
      }
      after = rows[rows.length - 1]?.id ?? after;
    }

    if (dialect === 'sqlite') {
      await db.schema
        .createIndex('mailto_links_user_search')
        .on('mailto_links')
        .columns(['user_id', 'search_text', 'team_id', 'created_at', 'updated_at', 'name'])
        .execute();
    } else {
      const available = await sql<{ n: number }>`
        select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
      if ((available.rows[0]?.n ?? 0) > 0) {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index mailto_links_search_trgm on mailto_links
          using gin (search_text gin_trgm_ops)`.execute(db);
      }
    }
    // The other sort orders of one user's links; shared links of a team, newest first.
    await db.schema
      .createIndex('mailto_links_user_updated')
      .on('mailto_links')
      .columns(['user_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('mailto_links_user_name')
      .on('mailto_links')
      .columns(['user_id', 'name'])
      .execute();
    await db.schema
      .createIndex('mailto_links_team_created')
      .on('mailto_links')
      .columns(['team_id', 'created_at'])
      .execute();
    await db.schema.dropIndex('mailto_links_team_id').execute();
  },
  async down(db) {
    await db.schema
      .createIndex('mailto_links_team_id')
      .on('mailto_links')
      .column('team_id')
      .execute();
    for (const name of [
      'mailto_links_team_created',
      'mailto_links_user_name',
      'mailto_links_user_updated',
    ])
      await db.schema.dropIndex(name).execute();
    await db.schema.dropIndex('mailto_links_user_search').ifExists().execute();
    await db.schema.dropIndex('mailto_links_search_trgm').ifExists().execute();
    await db.schema.alterTable('mailto_links').dropColumn('search_text').execute();
  },
});
