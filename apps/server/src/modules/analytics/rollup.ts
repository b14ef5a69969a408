import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

/**
 * The breakdown rollup (`click_daily_dims`, migration 019): per link, dimension, day and value,
 * the clicks. Triggers on `clicks` keep it in the writing transaction, so the write path calls
 * nothing; this module recomputes it from the raw clicks for data loaded with the triggers off
 * (a benchmark's seeder), and names its dimensions for the readers.
 */

/** Dimensions of human clicks, and the one of left-out hits (its values: the classification). */
export const DIMENSIONS = ['tracking', 'referrer', 'browser', 'os', 'device'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const FILTERED_DIMENSION = 'filtered';

/** The stored value of a click without a referrer (a stored host is never empty). */
export const NO_REFERRER = '';

/**
 * Recomputes the rollup from the raw clicks. Days from `fromDay` on are replaced; the rest
 * stay. One pass over the clicks: grouped by every breakdown at once, then spread into the
 * dimensions (few rows by then).
 */
export async function rebuildClickDimensions(
  db: Kysely<DB>,
  fromDay = '0000-00-00',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('click_daily_dims').where('day', '>=', fromDay).execute();
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
        where c.occurred_at >= ${fromDay}
        group by t.mailto_link_id, substr(c.occurred_at, 1, 10), c.tracking_link_id,
          c.referrer_host, c.browser, c.os, c.device, c.is_bot, c.classification
      ) g
      join (
        select 'tracking' as dim union all select 'referrer' union all select 'browser'
        union all select 'os' union all select 'device' union all select 'filtered'
      ) d on (d.dim = 'filtered') = (g.is_bot <> 0)
      group by 1, 2, 3, 4
    `.execute(trx);
  });
}
