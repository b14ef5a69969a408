import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The links list leaves archived links out (`archived_at is null`, and `archived = 0` in the
 * search table), and every list call says which side it wants. The indexes of the list's orders
 * and counts held no trace of the flag, so each entry they walked had to be checked in its row:
 * a page deep in the name order read thousands of table rows instead of index entries only, and
 * counting a user's links read every search row. These indexes hold the listed links only
 * (partial indexes, which both databases pick when the query states the same condition), in each
 * order the list walks; the search table's counts and the clicks order get the flag as a column.
 * The indexes they complement stay: archived lists and every other reader use them.
 */
const LISTED = sql`where archived_at is null`;

export const m052ListedLinksIndexes: DialectMigration = (dialect) => ({
  async up(db) {
    await sql`create index mailto_links_listed_created
      on mailto_links (user_id, created_at) ${LISTED}`.execute(db);
    await sql`create index mailto_links_listed_updated
      on mailto_links (user_id, updated_at) ${LISTED}`.execute(db);
    await sql`create index mailto_links_listed_team_created
      on mailto_links (team_id, created_at) ${LISTED}`.execute(db);
    if (dialect === 'postgres')
      await sql`create index mailto_links_listed_lower_name
        on mailto_links (user_id, lower(name), id) include (name) ${LISTED}`.execute(db);
    else
      await sql`create index mailto_links_listed_lower_name
        on mailto_links (user_id, lower(name)) ${LISTED}`.execute(db);
    await sql`create index mailto_link_search_user_archived
      on mailto_link_search (user_id, archived)`.execute(db);
    await sql`create index mailto_link_search_team_archived
      on mailto_link_search (team_id, archived)`.execute(db);
    await sql`drop index mailto_link_search_user_clicks`.execute(db);
    if (dialect === 'postgres')
      await sql`create index mailto_link_search_user_clicks
        on mailto_link_search (user_id, archived, clicks, link_id)`.execute(db);
    else
      await sql`create index mailto_link_search_user_clicks
        on mailto_link_search (user_id, archived, clicks)`.execute(db);
    if (dialect === 'postgres') await sql`analyze mailto_links`.execute(db);
  },
  async down(db) {
    for (const name of [
      'mailto_links_listed_created',
      'mailto_links_listed_updated',
      'mailto_links_listed_team_created',
      'mailto_links_listed_lower_name',
      'mailto_link_search_user_archived',
      'mailto_link_search_team_archived',
      'mailto_link_search_user_clicks',
    ])
      await sql`drop index ${sql.raw(name)}`.execute(db);
    if (dialect === 'postgres')
      await sql`create index mailto_link_search_user_clicks
        on mailto_link_search (user_id, clicks, link_id)`.execute(db);
    else
      await sql`create index mailto_link_search_user_clicks
        on mailto_link_search (user_id, clicks)`.execute(db);
  },
});
