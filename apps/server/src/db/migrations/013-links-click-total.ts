import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * Sorting links by clicks reads an index (docs/decisions/0011-links-at-volume.md): each row of
 * `mailto_link_search` carries its link's total of human clicks (the sum of `click_daily.clicks`),
 * indexed by user and total. Triggers on `click_daily` keep it in step in the writing
 * statement's transaction, whichever path writes the rollup (the click writer's upserts, its
 * single-statement PostgreSQL batch, a rebuild, a cascade delete).
 */
export const m013LinksClickTotal: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema
      .alterTable('mailto_link_search')
      .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update mailto_link_search set clicks = (
        select sum(d.clicks) from click_daily d where d.mailto_link_id = mailto_link_search.link_id)
      where link_id in (select mailto_link_id from click_daily)`.execute(db);
    if (dialect === 'sqlite') {
      // The table's key is (user_id, link_id): the author is looked up to reach the row.
      const row = (link: string) =>
        sql.raw(
          `user_id = (select user_id from mailto_links where id = ${link}) and link_id = ${link}`,
        );
      await sql`create trigger click_daily_total_insert after insert on click_daily begin
        update mailto_link_search set clicks = clicks + new.clicks
        where ${row('new.mailto_link_id')};
      end`.execute(db);
      await sql`create trigger click_daily_total_update after update of clicks on click_daily
        when new.clicks <> old.clicks begin
        update mailto_link_search set clicks = clicks + new.clicks - old.clicks
        where ${row('new.mailto_link_id')};
      end`.execute(db);
      await sql`create trigger click_daily_total_delete after delete on click_daily begin
        update mailto_link_search set clicks = clicks - old.clicks
        where ${row('old.mailto_link_id')};
      end`.execute(db);
      await sql`create index mailto_link_search_user_clicks
        on mailto_link_search (user_id, clicks)`.execute(db);
    } else {
      await sql`create function click_daily_total_sync() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            update mailto_link_search set clicks = clicks + new.clicks
            where link_id = new.mailto_link_id;
          elsif tg_op = 'UPDATE' then
            update mailto_link_search set clicks = clicks + new.clicks - old.clicks
            where link_id = new.mailto_link_id and new.clicks <> old.clicks;
          else
            update mailto_link_search set clicks = clicks - old.clicks
            where link_id = old.mailto_link_id;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger click_daily_total after insert or update of clicks or delete
        on click_daily for each row execute function click_daily_total_sync()`.execute(db);
      await sql`create index mailto_link_search_user_clicks
        on mailto_link_search (user_id, clicks, link_id)`.execute(db);
    }
  },
  async down(db) {
    if (dialect === 'sqlite') {
      for (const name of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`click_daily_total_${name}`)}`.execute(db);
    } else {
      await sql`drop trigger click_daily_total on click_daily`.execute(db);
      await sql`drop function click_daily_total_sync()`.execute(db);
    }
    await db.schema.dropIndex('mailto_link_search_user_clicks').execute();
    await db.schema.alterTable('mailto_link_search').dropColumn('clicks').execute();
  },
});
