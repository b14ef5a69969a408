import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * The daily rollup by country (`click_daily_places`), so that a page filtered to one country
 * reads every figure (totals, series, breakdowns, tracking links, left-out hits) from a rollup.
 * One row per link, dimension, country ('' when unknown), day and value, with its clicks:
 * `clicks` (value ''), `visitors` (value '': the day's new visitors, each under the country of
 * their first click that day), `tracking`, `referrer`, `browser`, `os`, `device`, `city` ('' when
 * unknown) of human clicks, and `filtered` (by classification) of left-out hits. The primary
 * key leads with the link and the dimension, then the country: one country's range of days is
 * one range scan, and so is one dimension over every country. The click batch keeps it
 * (`PLACES_UPSERT`, modules/clicks/click-rules.ts); the rows of the clicks stored so far are
 * computed here from the raw clicks and the tallied left-out hits (no country).
 */
export const m045ClickPlacesRollup: DialectMigration = (dialect) => ({
  async up(db) {
    let table = db.schema
      .createTable('click_daily_places')
      .addColumn('mailto_link_id', 'integer', (c) =>
        c.notNull().references('mailto_links.id').onDelete('cascade'),
      )
      .addColumn('dim', 'varchar(8)', (c) => c.notNull())
      .addColumn('country', 'varchar(2)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('value', 'varchar(255)', (c) => c.notNull())
      .addColumn('clicks', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('click_daily_places_pk', [
        'mailto_link_id',
        'dim',
        'country',
        'day',
        'value',
      ]);
    if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
    await table.execute();
    await sql`
      with input as (
        select t.mailto_link_id, c.occurred_at, c.is_bot, c.country, c.tracking_link_id,
          c.referrer_host, c.browser, c.os, c.device, c.city, c.classification, 1 as weight
        from clicks c join tracking_links t on t.id = c.tracking_link_id
        union all
        select t.mailto_link_id, f.hour, 1, null, f.tracking_link_id, null, '', '', '', null,
          f.reason, f.hits
        from filtered_hits f join tracking_links t on t.id = f.tracking_link_id
      ),
      place_visitor_counts as (
        select mailto_link_id, day, country, count(*) as n
        from (
          select t.mailto_link_id, substr(c.occurred_at, 1, 10) as day, c.visitor_hash,
            min(coalesce(c.country, '')) as country
          from clicks c join tracking_links t on t.id = c.tracking_link_id
          where c.is_bot = 0
          group by t.mailto_link_id, substr(c.occurred_at, 1, 10), c.visitor_hash
        ) v
        group by mailto_link_id, day, country
      )
      insert into click_daily_places (mailto_link_id, dim, country, day, value, clicks)
      select mailto_link_id, dim, country, day, value, sum(n)
      from (
        select mailto_link_id, 'clicks' as dim, coalesce(country, '') as country,
          substr(occurred_at, 1, 10) as day, '' as value, weight as n
        from input where is_bot = 0
        union all select mailto_link_id, 'tracking', coalesce(country, ''),
          substr(occurred_at, 1, 10), cast(tracking_link_id as varchar(255)), weight
          from input where is_bot = 0
        union all select mailto_link_id, 'referrer', coalesce(country, ''),
          substr(occurred_at, 1, 10), coalesce(referrer_host, ''), weight
          from input where is_bot = 0
        union all select mailto_link_id, 'browser', coalesce(country, ''),
          substr(occurred_at, 1, 10), browser, weight from input where is_bot = 0
        union all select mailto_link_id, 'os', coalesce(country, ''),
          substr(occurred_at, 1, 10), os, weight from input where is_bot = 0
        union all select mailto_link_id, 'device', coalesce(country, ''),
          substr(occurred_at, 1, 10), device, weight from input where is_bot = 0
        union all select mailto_link_id, 'city', coalesce(country, ''),
          substr(occurred_at, 1, 10), coalesce(city, ''), weight from input where is_bot = 0
        union all select mailto_link_id, 'filtered', coalesce(country, ''),
          substr(occurred_at, 1, 10), classification, weight from input where is_bot <> 0
        union all select mailto_link_id, 'visitors', country, day, '', n
          from place_visitor_counts
      ) d
      group by mailto_link_id, dim, country, day, value
    `.execute(db);
  },
  async down(db) {
    await db.schema.dropTable('click_daily_places').execute();
  },
});
