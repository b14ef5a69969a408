import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The rollup by country (`click_daily_places`) also counts how visitors came (`source`: `link`
 * or `qr`) and what a chooser page's visitor chose (`opened`), so that analytics filtered to one
 * country show those breakdowns too. Filled here from the stored clicks; from now on the click
 * batch keeps them, and a choice moves its page view's row as it does in `click_daily_dims`.
 */
export const m053PlacesSourcesAndChoices: DialectMigration = () => ({
  async up(db) {
    await sql`delete from click_daily_places where dim in ('source', 'opened')`.execute(db);
    for (const [dim, column, only] of [
      ['source', 'c.source', 'true'],
      ['opened', 'c.opened_with', 'c.opened_with is not null'],
    ] as const)
      await sql`
        insert into click_daily_places (mailto_link_id, dim, country, day, value, clicks)
        select t.mailto_link_id, ${dim}, coalesce(c.country, ''), substr(c.occurred_at, 1, 10),
          ${sql.raw(column)}, count(*)
        from clicks c join tracking_links t on t.id = c.tracking_link_id
        where c.is_bot = 0 and ${sql.raw(only)}
        group by t.mailto_link_id, coalesce(c.country, ''), substr(c.occurred_at, 1, 10),
          ${sql.raw(column)}`.execute(db);
  },
  async down(db) {
    await sql`delete from click_daily_places where dim in ('source', 'opened')`.execute(db);
  },
});
