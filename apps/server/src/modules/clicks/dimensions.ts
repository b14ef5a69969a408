import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { PLACES_UPSERT } from './click-rules';

/**
 * The breakdown rollup (`click_daily_dims`, migration 019): per link, dimension, day and value,
 * the clicks. The click batch keeps it in its transaction (`DIMENSIONS_UPSERT`, click-rules.ts;
 * migration 021); this file recomputes it from the raw clicks for data written straight into
 * `clicks` (a benchmark's seeder, a bulk load), and names its dimensions for the readers (the
 * analytics module reads them through this module's service.ts).
 */

/** Dimensions of human clicks, and the one of left-out hits (its values: the classification). */
export const DIMENSIONS = [
  'tracking',
  'referrer',
  'browser',
  'os',
  'device',
  'country',
  'source',
  'opened',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const FILTERED_DIMENSION = 'filtered';

/** The stored value of a click without a referrer (a stored host is never empty). */
export const NO_REFERRER = '';
/** The stored value of a click of unknown country (a stored code is two letters). */
export const NO_COUNTRY = '';

/** The stored value of each dimension, as an expression over `clicks c`. */
const VALUE_OF: Record<Dimension | typeof FILTERED_DIMENSION, string> = {
  tracking: 'cast(c.tracking_link_id as varchar(255))',
  referrer: `coalesce(c.referrer_host, '')`,
  browser: 'c.browser',
  os: 'c.os',
  device: 'c.device',
  country: `coalesce(c.country, '')`,
  source: 'c.source',
  opened: 'c.opened_with',
  filtered: 'c.classification',
};

/** The clicks a dimension counts besides their kind: chooser page views only for `opened`. */
const ONLY: Partial<Record<Dimension, string>> = { opened: 'c.opened_with is not null' };

/**
 * Recomputes the breakdown rollup and the rollup by country (`click_daily_places`) from the
 * raw clicks and the tallied left-out hits (`filtered_hits`).
 * Days from `fromDay` on are replaced; the rest stay. One grouped pass over the clicks per
 * dimension (each has few groups per link and day, where all of them at once would have about
 * as many as clicks). The coarser rollups (`click_monthly`, `click_owner_daily`) follow
 * through their triggers.
 */
export async function rebuildClickDimensions(
  db: Kysely<DB>,
  fromDay = '0000-00-00',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('click_daily_dims').where('day', '>=', fromDay).execute();
    for (const [dim, value] of Object.entries(VALUE_OF)) {
      const human = dim !== FILTERED_DIMENSION;
      await sql`
        insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
        select t.mailto_link_id, ${dim}, substr(c.occurred_at, 1, 10), ${sql.raw(value)}, count(*)
        from clicks c join tracking_links t on t.id = c.tracking_link_id
        where c.occurred_at >= ${fromDay} and ${sql.raw(human ? 'c.is_bot = 0' : 'c.is_bot <> 0')}
          and ${sql.raw(ONLY[dim as Dimension] ?? 'true')}
        group by t.mailto_link_id, substr(c.occurred_at, 1, 10), ${sql.raw(value)}
      `.execute(trx);
    }
    // Left-out hits counted without a row each (filtered_hits) add to their reason's row.
    await sql`
      insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
      select t.mailto_link_id, ${FILTERED_DIMENSION}, substr(f.hour, 1, 10), f.reason, sum(f.hits)
      from filtered_hits f join tracking_links t on t.id = f.tracking_link_id
      where f.hour >= ${fromDay}
      group by t.mailto_link_id, substr(f.hour, 1, 10), f.reason
      on conflict (mailto_link_id, dim, day, value)
        do update set clicks = click_daily_dims.clicks + excluded.clicks
    `.execute(trx);
    // The rollup by country, by the batch's rule over every click of the days (a visitor
    // counts under the first code of their day, as in a batch).
    await trx.deleteFrom('click_daily_places').where('day', '>=', fromDay).execute();
    await sql`
      with input as (
        select t.mailto_link_id, c.occurred_at, c.is_bot, c.visitor_hash, c.country,
          c.tracking_link_id, c.referrer_host, c.browser, c.os, c.device, c.city, c.source,
          c.opened_with, c.classification, 1 as weight
        from clicks c join tracking_links t on t.id = c.tracking_link_id
        where c.occurred_at >= ${fromDay}
        union all
        select t.mailto_link_id, f.hour, 1, '', null, f.tracking_link_id, null, '', '', '', null,
          'link', null, f.reason, f.hits
        from filtered_hits f join tracking_links t on t.id = f.tracking_link_id
        where f.hour >= ${fromDay}
      ),
      place_visitor_counts as (
        select mailto_link_id, day, country, count(*) as n
        from (
          select mailto_link_id, substr(occurred_at, 1, 10) as day, visitor_hash,
            min(coalesce(country, '')) as country
          from input where is_bot = 0
          group by mailto_link_id, substr(occurred_at, 1, 10), visitor_hash
        ) v
        group by mailto_link_id, day, country
      )
      ${sql.raw(PLACES_UPSERT)}
    `.execute(trx);
  });
}
