import type { NewClick } from '../../db/types';
import { planInForceSql, premiumTierSql } from '../../lib/tiers-sql';
import { linkVisibleToSql } from '../access/service';

/**
 * The rules of a click batch, each written once as SQL that both databases run: SQLite as a
 * few statements in one transaction (click-store.ts), PostgreSQL as the CTEs of a single
 * statement, and the rollup rebuild. Every fragment reads named relations that the caller
 * defines before it (as CTEs):
 *
 * - `input`: the batch's clicks, with at least `mailto_link_id`, `occurred_at`, `is_bot`,
 *   `visitor_hash` and `weight` (how many hits the row stands for: 1 for a click stored as a
 *   row; a tally of left-out hits stands for many, see `TALLY_UPSERT`), and, for
 *   `DIMENSIONS_UPSERT` and `TALLY_UPSERT`, `tracking_link_id`, `referrer_host`, `browser`,
 *   `os`, `device`, `country`, `source`, `opened_with`, `classification` and `tallied` (1 for a
 *   tally, else 0), and for `PLACES_UPSERT` also `city`;
 * - `stored`: the stored human and bot clicks with their ids (`id`, `mailto_link_id`,
 *   `occurred_at`, `is_bot`);
 * - `new_visitors`: the rows `NEW_VISITORS_INSERT` inserted (`mailto_link_id`, `day`,
 *   `visitor_hash`).
 *
 * The search table's click totals follow `click_daily` through its triggers (migration 013),
 * whichever statement writes the rollup.
 */

/**
 * A click to store, with the link it counts for (kept in the rollup, not in `clicks`).
 * `tallied`: a left-out hit counted in `filtered_hits` and the rollups, without a `clicks` row.
 */
export type ClickRecord = NewClick & { mailto_link_id: number; tallied?: boolean };

/** A stored click as the rollup and the webhook outbox read it: its id, link, time, bot flag. */
export type StoredClick = Pick<ClickRecord, 'mailto_link_id' | 'occurred_at' | 'is_bot'> & {
  id: number;
};

/**
 * The (link, day, visitor) triples of the batch's human clicks that are new: inserted, and
 * returned, only when the day's visitor set of the link lacks them (the primary key decides,
 * also against another instance committing the same visitor at the same time). Each with the
 * visitor's country ('' unknown), which the new visitors by country count under. A visitor is
 * a hash of the address (or its IPv6 /64) and the agent, and the country is the address's, so
 * a visitor has one country a day; should one batch hold two (a database updated that day),
 * the lowest code counts. In key order: two PostgreSQL statements inserting the same visitors
 * wait for each other in one order (in any order they could deadlock).
 */
export const NEW_VISITORS_INSERT = `insert into daily_visitors (mailto_link_id, day, visitor_hash, country)
  select mailto_link_id, substr(occurred_at, 1, 10), visitor_hash, min(coalesce(country, ''))
  from input where is_bot = 0
  group by mailto_link_id, substr(occurred_at, 1, 10), visitor_hash
  order by mailto_link_id, substr(occurred_at, 1, 10), visitor_hash
  on conflict (mailto_link_id, day, visitor_hash) do nothing
  returning mailto_link_id, day, visitor_hash, country`;

/** New visitors per link and day (from `new_visitors`). */
export const VISITOR_COUNTS = `select mailto_link_id, day, count(*) as n
  from new_visitors group by mailto_link_id, day`;

/**
 * Per link and day of `source` (a relation with `mailto_link_id`, `occurred_at`, `is_bot`,
 * `weight`):
 * human clicks, other hits, and the time of the last human click.
 */
export function clickDeltas(source: string): string {
  return `select mailto_link_id, substr(occurred_at, 1, 10) as day,
    cast(sum(case when is_bot = 0 then weight else 0 end) as integer) as clicks,
    cast(sum(case when is_bot = 0 then 0 else weight end) as integer) as bot_clicks,
    max(case when is_bot = 0 then occurred_at end) as last_click_at
  from ${source} group by mailto_link_id, substr(occurred_at, 1, 10)`;
}

/**
 * Adds `deltas` (with `visitor_counts`) to the rollup: one upsert per link and day, adding
 * counts and keeping the later last click; in key order, as the visitors above. (`where true`:
 * SQLite reads an upsert after a join only with a WHERE clause.)
 */
export const ROLLUP_UPSERT = `insert into click_daily (mailto_link_id, day, clicks, bot_clicks, visitors, last_click_at)
  select d.mailto_link_id, d.day, d.clicks, d.bot_clicks, coalesce(v.n, 0), d.last_click_at
  from deltas d left join visitor_counts v on v.mailto_link_id = d.mailto_link_id and v.day = d.day
  where true
  order by d.mailto_link_id, d.day
  on conflict (mailto_link_id, day) do update set
    clicks = click_daily.clicks + excluded.clicks,
    bot_clicks = click_daily.bot_clicks + excluded.bot_clicks,
    visitors = click_daily.visitors + excluded.visitors,
    last_click_at = case
      when excluded.last_click_at is not null
       and (click_daily.last_click_at is null or excluded.last_click_at > click_daily.last_click_at)
      then excluded.last_click_at else click_daily.last_click_at end`;

/**
 * Adds the batch's clicks to the breakdown rollup (`click_daily_dims`): per link, day,
 * dimension and value, one upsert adding the batch's count. Human clicks count under
 * `tracking` (the tracking link's id), `referrer` (the host, '' when none), `browser`, `os`,
 * `device`, `country` (the ISO code, '' when unknown), `source` (`link` or `qr`) and, for chooser
 * page views only, `opened` (`none` until the visitor's choice moves it, see `CHOICE_SQL`);
 * left-out hits under `filtered`, by their classification. Keys are written in key
 * order, so two concurrent PostgreSQL writers lock them in one order. The per-author figures of
 * left-out hits follow through the rollup's triggers (migration 019).
 */
export const DIMENSIONS_UPSERT = `insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
  select mailto_link_id, dim, day, value, sum(weight)
  from (
    select mailto_link_id, 'tracking' as dim, substr(occurred_at, 1, 10) as day,
      cast(tracking_link_id as varchar(255)) as value, weight
    from input where is_bot = 0
    union all select mailto_link_id, 'referrer', substr(occurred_at, 1, 10),
      coalesce(referrer_host, ''), weight from input where is_bot = 0
    union all select mailto_link_id, 'browser', substr(occurred_at, 1, 10), browser, weight
      from input where is_bot = 0
    union all select mailto_link_id, 'os', substr(occurred_at, 1, 10), os, weight
      from input where is_bot = 0
    union all select mailto_link_id, 'device', substr(occurred_at, 1, 10), device, weight
      from input where is_bot = 0
    union all select mailto_link_id, 'country', substr(occurred_at, 1, 10),
      coalesce(country, ''), weight from input where is_bot = 0
    union all select mailto_link_id, 'source', substr(occurred_at, 1, 10), source, weight
      from input where is_bot = 0
    union all select mailto_link_id, 'opened', substr(occurred_at, 1, 10), opened_with, weight
      from input where is_bot = 0 and opened_with is not null
    union all select mailto_link_id, 'filtered', substr(occurred_at, 1, 10), classification,
      weight from input where is_bot <> 0
  ) d
  where true
  group by mailto_link_id, dim, day, value
  order by mailto_link_id, dim, day, value
  on conflict (mailto_link_id, dim, day, value)
    do update set clicks = click_daily_dims.clicks + excluded.clicks`;

/** New visitors per link, day and country (from `new_visitors`, which carry their country). */
export const PLACE_VISITOR_COUNTS = `select mailto_link_id, day, country, count(*) as n
  from new_visitors group by mailto_link_id, day, country`;

/**
 * Adds the batch to the rollup by country (`click_daily_places`, migration 045): per link,
 * dimension, country ('' when unknown), day and value, so that every figure of a page filtered
 * to one country reads the rollup. Human clicks count under `clicks` (value ''), `tracking`,
 * `referrer`, `browser`, `os`, `device` (values as in `DIMENSIONS_UPSERT`) and `city` (clicks
 * with a known city only: the bundled database knows none, and a row per click for an unknown
 * city was written and scanned for nothing); `visitors` (value '') counts the new visitors of
 * `place_visitor_counts`; left-out hits count under `filtered` by their classification (a
 * tally has no country). Keys in key order, as above.
 */
export const PLACES_UPSERT = `insert into click_daily_places (mailto_link_id, dim, country, day, value, clicks)
  select mailto_link_id, dim, country, day, value, sum(n)
  from (
    select mailto_link_id, 'clicks' as dim, coalesce(country, '') as country,
      substr(occurred_at, 1, 10) as day, '' as value, weight as n
    from input where is_bot = 0
    union all select mailto_link_id, 'tracking', coalesce(country, ''), substr(occurred_at, 1, 10),
      cast(tracking_link_id as varchar(255)), weight from input where is_bot = 0
    union all select mailto_link_id, 'referrer', coalesce(country, ''), substr(occurred_at, 1, 10),
      coalesce(referrer_host, ''), weight from input where is_bot = 0
    union all select mailto_link_id, 'browser', coalesce(country, ''), substr(occurred_at, 1, 10),
      browser, weight from input where is_bot = 0
    union all select mailto_link_id, 'os', coalesce(country, ''), substr(occurred_at, 1, 10),
      os, weight from input where is_bot = 0
    union all select mailto_link_id, 'device', coalesce(country, ''), substr(occurred_at, 1, 10),
      device, weight from input where is_bot = 0
    union all select mailto_link_id, 'city', coalesce(country, ''), substr(occurred_at, 1, 10),
      city, weight from input where is_bot = 0 and city is not null and city <> ''
    union all select mailto_link_id, 'source', coalesce(country, ''), substr(occurred_at, 1, 10),
      source, weight from input where is_bot = 0
    union all select mailto_link_id, 'opened', coalesce(country, ''), substr(occurred_at, 1, 10),
      opened_with, weight from input where is_bot = 0 and opened_with is not null
    union all select mailto_link_id, 'filtered', coalesce(country, ''), substr(occurred_at, 1, 10),
      classification, weight from input where is_bot <> 0
    union all select mailto_link_id, 'visitors', country, day, '', n from place_visitor_counts
  ) d
  where true
  group by mailto_link_id, dim, country, day, value
  order by mailto_link_id, dim, country, day, value
  on conflict (mailto_link_id, dim, country, day, value)
    do update set clicks = click_daily_places.clicks + excluded.clicks`;

/**
 * Adds the batch's tallies (left-out hits counted without a row each) to `filtered_hits`: per
 * tracking link, hour and reason. They count in the rollups through the rules above, like the
 * left-out hits stored as rows; never in visitors or webhook events (they are not people).
 */
export const TALLY_UPSERT = `insert into filtered_hits (tracking_link_id, hour, reason, hits)
  select tracking_link_id, substr(occurred_at, 1, 13), classification, sum(weight)
  from input where tallied = 1
  group by tracking_link_id, substr(occurred_at, 1, 13), classification
  order by tracking_link_id, substr(occurred_at, 1, 13), classification
  on conflict (tracking_link_id, hour, reason)
    do update set hits = filtered_hits.hits + excluded.hits`;

/**
 * The coverage rule of click webhooks: which enabled webhooks subscribed to `event` cover the
 * links of the human clicks in `input`, with the end of their owner's plan (`webhook_id`,
 * `mailto_link_id`, `plan_ends`). A webhook covers its owner's links (all of them, or a list; a
 * listed link only while the owner may see it: the access module's rule), and only while the
 * owner's plan includes webhooks. `events` holds the subscribed event types, space-separated.
 */
export function coveringHooks(event: 'link.clicked' | 'link.opened_with'): string {
  const subscribed = `(' ' || w.events || ' ') like '% ${event} %'`;
  return `
  select w.id as webhook_id, m.id as mailto_link_id, u.subscription_expires_at as plan_ends
  from webhooks w join users u on u.id = w.user_id join mailto_links m on m.user_id = w.user_id
  where w.all_links = 1 and w.disabled_at is null and ${premiumTierSql('u')} and ${subscribed}
    and m.id in (select mailto_link_id from input where is_bot = 0)
  union all
  select w.id, wl.mailto_link_id, u.subscription_expires_at
  from webhook_links wl join webhooks w on w.id = wl.webhook_id
    join users u on u.id = w.user_id
    join mailto_links m on m.id = wl.mailto_link_id
  where w.all_links = 0 and w.disabled_at is null and ${premiumTierSql('u')} and ${subscribed}
    and wl.mailto_link_id in (select mailto_link_id from input where is_bot = 0)
    and ${linkVisibleToSql('m', 'w.user_id')}`;
}

/** The webhooks a click batch's `link.clicked` events go to. */
export const COVERING_HOOKS = coveringHooks('link.clicked');

/**
 * The `link.clicked` events of the `stored` clicks, queued in the transaction that stores
 * them (an event exists exactly when its click does): one outbox row per webhook in `hooks`
 * covering any human click, holding those clicks' ids in order, unless the owner's plan had
 * ended before the click. `eventKey`: the placeholder of the batch's event key. Returns, per
 * row, how many events it holds (`n`).
 */
export function outboxInsert(eventKey: string): string {
  return `insert into webhook_outbox (webhook_id, event_key, click_ids, created_at)
  select h.webhook_id, ${eventKey}, string_agg(cast(s.id as text), ',' order by s.id), min(s.occurred_at)
  from stored s join hooks h on h.mailto_link_id = s.mailto_link_id
  where s.is_bot = 0 and ${planInForceSql('h.plan_ends', 's.occurred_at')}
  group by h.webhook_id
  returning length(click_ids) - length(replace(click_ids, ',', '')) + 1 as n`;
}
