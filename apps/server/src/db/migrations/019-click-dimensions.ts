import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * A per-link, per-day rollup of the breakdowns, so that a link's top lists and the counts of
 * left-out hits by reason never scan the raw clicks of a range of whole days (a year of a busy
 * link is millions of them). One row per link, dimension, day and value, with its clicks:
 * `tracking` (the tracking link's id), `referrer` (the host, '' when none: a stored host is
 * never empty), `browser`, `os` and `device` count human clicks; `filtered` counts the hits
 * left out, by their `classification`.
 *
 * Kept by triggers on `clicks` in the writing transaction, whichever code writes the clicks:
 * on SQLite one upsert per row and dimension; on PostgreSQL one statement-level trigger that
 * adds up a whole INSERT (its transition table) and upserts each key once. The primary key
 * leads with the link and the dimension, so a range of days of one dimension is one range
 * scan. Rows already stored are rolled up here; `rebuildClickDimensions`
 * (modules/analytics/rollup.ts) recomputes it after a bulk load with the triggers off.
 */
export const m019ClickDimensions: DialectMigration = (dialect) => ({
  async up(db) {
    let table = db.schema
      .createTable('click_daily_dims')
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addColumn('dim', 'varchar(8)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('value', 'varchar(255)', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('click_daily_dims_pk', ['mailto_link_id', 'dim', 'day', 'value']);
    // SQLite: the rows live in the primary key's b-tree (no second lookup per row).
    if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
    await table.execute();

    // The rows of the clicks already stored (the same SQL as rebuildClickDimensions).
    await sql`
      insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
      select g.mailto_link_id, d.dim, g.day,
        case d.dim
          when 'tracking' then cast(g.tracking_link_id as varchar(255))
          when 'referrer' then coalesce(g.referrer_host, '')
          when 'browser' then g.browser
          when 'os' then g.os
          when 'device' then g.device
          else g.classification
        end,
        sum(g.n)
      from (
        select t.mailto_link_id, substr(c.occurred_at, 1, 10) as day, c.tracking_link_id,
          c.referrer_host, c.browser, c.os, c.device, c.is_bot, c.classification, count(*) as n
        from clicks c join tracking_links t on t.id = c.tracking_link_id
        group by t.mailto_link_id, substr(c.occurred_at, 1, 10), c.tracking_link_id,
          c.referrer_host, c.browser, c.os, c.device, c.is_bot, c.classification
      ) g
      join (
        select 'tracking' as dim union all select 'referrer' union all select 'browser'
        union all select 'os' union all select 'device' union all select 'filtered'
      ) d on (d.dim = 'filtered') = (g.is_bot <> 0)
      group by 1, 2, 3, 4
    `.execute(db);

    if (dialect === 'sqlite') {
      await sql`
        create trigger click_daily_dims_insert after insert on clicks begin
          insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
          select t.mailto_link_id, d.dim, substr(new.occurred_at, 1, 10), d.value, 1
          from tracking_links t join (
            select 'tracking' as dim, cast(new.tracking_link_id as text) as value
              where new.is_bot = 0
            union all select 'referrer', coalesce(new.referrer_host, '') where new.is_bot = 0
            union all select 'browser', new.browser where new.is_bot = 0
            union all select 'os', new.os where new.is_bot = 0
            union all select 'device', new.device where new.is_bot = 0
            union all select 'filtered', new.classification where new.is_bot <> 0
          ) d
          where t.id = new.tracking_link_id
          on conflict (mailto_link_id, dim, day, value)
            do update set clicks = click_daily_dims.clicks + 1;
        end`.execute(db);
    } else {
      // Keys are upserted in key order, so two concurrent writers lock them in one order.
      await sql`
        create function click_daily_dims_insert() returns trigger language plpgsql as $$
        begin
          insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
          select t.mailto_link_id, d.dim, substr(n.occurred_at, 1, 10), d.value, count(*)::int
          from new_clicks n join tracking_links t on t.id = n.tracking_link_id
          cross join lateral (
            select 'tracking' as dim, n.tracking_link_id::text as value where n.is_bot = 0
            union all select 'referrer', coalesce(n.referrer_host, '') where n.is_bot = 0
            union all select 'browser', n.browser where n.is_bot = 0
            union all select 'os', n.os where n.is_bot = 0
            union all select 'device', n.device where n.is_bot = 0
            union all select 'filtered', n.classification where n.is_bot <> 0
          ) d
          group by 1, 2, 3, 4
          order by 1, 2, 3, 4
          on conflict (mailto_link_id, dim, day, value)
            do update set clicks = click_daily_dims.clicks + excluded.clicks;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger click_daily_dims_insert after insert on clicks
        referencing new table as new_clicks
        for each statement execute function click_daily_dims_insert()`.execute(db);
    }
  },
  async down(db) {
    if (dialect === 'sqlite') await sql`drop trigger click_daily_dims_insert`.execute(db);
    else {
      await sql`drop trigger click_daily_dims_insert on clicks`.execute(db);
      await sql`drop function click_daily_dims_insert()`.execute(db);
    }
    await db.schema.dropTable('click_daily_dims').execute();
  },
});
