import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The breakdown rollup (`click_daily_dims`, migration 019) is kept by the click batch itself
 * (`DIMENSIONS_UPSERT` in modules/tracking/click-rules.ts: one grouped upsert per batch, the
 * same rule on both databases) instead of a trigger on `clicks` (on SQLite one per row, up to
 * five upserts per human click). The triggers on the rollups (monthly and per-author figures)
 * and on link deletion stay. Whatever writes `clicks` outside the click batch (a bulk load)
 * recomputes the rollup with `rebuildClickDimensions` (modules/analytics/rollup.ts).
 */
export const m021ClickDimensionsPerBatch: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect === 'sqlite') {
      await sql`drop trigger if exists click_daily_dims_insert`.execute(db);
    } else {
      await sql`drop trigger if exists click_daily_dims_insert on clicks`.execute(db);
      await sql`drop function if exists click_daily_dims_insert()`.execute(db);
    }
  },
  // The trigger of migration 019, as it was.
  async down(db) {
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
});
