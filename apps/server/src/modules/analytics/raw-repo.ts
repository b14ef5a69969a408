import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import {
  addFiltered,
  noFiltered,
  inIds,
  num,
  toLinkStats,
  type DimensionValueRow,
  type FilteredCounts,
  type LinkStatsRow,
  type RangeQuery,
  type SeriesRow,
} from './repo';

/**
 * Analytics read from the raw clicks: ranges that are not whole days (hourly views, today so
 * far), a link's breakdowns by combination, and the export. Each reads a range of the
 * clicks_link_time_dims index per tracking link.
 */

// Literal SQL (no parameters), so that the SELECT and GROUP BY expressions are identical.
const HUMAN = sql<number>`sum(case when c.is_bot = 0 then 1 else 0 end)`;
const BOTS = sql<number>`sum(case when c.is_bot = 0 then 0 else 1 end)`;
const VISITORS = sql<number>`count(distinct case when c.is_bot = 0 then c.visitor_hash end)`;
const bucket = (len: 10 | 13) => sql<string>`substr(c.occurred_at, 1, ${sql.lit(len)})`;

/**
 * The clicks of one link's tracking links (retired ones included) in the range: an IN over
 * the link's few tracking link ids, then a range scan of clicks_link_time_dims for each.
 */
function linkClicks(db: Conn, linkId: number, r: RangeQuery) {
  return db
    .selectFrom('clicks as c')
    .where('c.tracking_link_id', 'in', (eb) =>
      eb.selectFrom('tracking_links').select('id').where('mailto_link_id', '=', linkId),
    )
    .where('c.occurred_at', '>=', r.fromIso)
    .where('c.occurred_at', '<', r.toIso)
    .where(inCountry(r));
}

/** The range's country filter over `clicks c` (always true without one). */
function inCountry(r: RangeQuery) {
  return r.country === null
    ? sql<boolean>`1 = 1`
    : sql<boolean>`coalesce(c.country, '') = ${r.country}`;
}

export interface Totals {
  clicks: number;
  visitors: number;
  botClicks: number;
}

export async function linkTotals(db: Conn, linkId: number, r: RangeQuery): Promise<Totals> {
  const [row, tallied] = await Promise.all([
    linkClicks(db, linkId, r)
      .select([HUMAN.as('clicks'), VISITORS.as('visitors'), BOTS.as('bots')])
      .executeTakeFirst(),
    tallies(db, [linkId], r)
      .select(sql<number>`sum(f.hits)`.as('n'))
      .executeTakeFirst(),
  ]);
  return {
    clicks: num(row?.clicks),
    visitors: num(row?.visitors),
    botClicks: num(row?.bots) + num(tallied?.n),
  };
}

/**
 * The left-out hits of these links in the range that were counted without a row each
 * (`filtered_hits`, per tracking link, hour and reason): exact for any range of whole hours,
 * which every range is.
 */
function tallies(db: Conn, linkIds: readonly number[], r: RangeQuery) {
  return (
    db
      .selectFrom('filtered_hits as f')
      .innerJoin('tracking_links as t', 't.id', 'f.tracking_link_id')
      .where(inIds(db, 't.mailto_link_id', linkIds))
      .where('f.hour', '>=', r.fromIso.slice(0, 13))
      .where('f.hour', '<', r.toIso.slice(0, 13))
      // A tally keeps no country: it counts as unknown.
      .where(r.country === null || r.country === '' ? sql<boolean>`1 = 1` : sql<boolean>`1 = 0`)
  );
}

export interface BucketRow {
  key: string;
  clicks: number;
  visitors: number;
}

/** Human clicks and distinct visitors per bucket (only buckets with clicks). */
export async function linkSeries(db: Conn, linkId: number, r: RangeQuery): Promise<BucketRow[]> {
  const rows = await linkClicks(db, linkId, r)
    .where('c.is_bot', '=', 0)
    .select([
      bucket(r.keyLength).as('key'),
      sql<number>`count(*)`.as('clicks'),
      sql<number>`count(distinct c.visitor_hash)`.as('visitors'),
    ])
    .groupBy(bucket(r.keyLength))
    .execute();
  return rows.map((x) => ({ key: x.key, clicks: num(x.clicks), visitors: num(x.visitors) }));
}

/** Human clicks of one combination of referrer, browser, OS, device and tracking link. */
export interface DimensionRow {
  trackingLinkId: number;
  referrerHost: string | null;
  browser: string;
  os: string;
  device: string;
  /** ISO 3166-1 alpha-2 code; null when unknown. */
  country: string | null;
  source: string;
  /** A chooser page view's choice (`none`: none came); null when no chooser was shown. */
  openedWith: string | null;
  city: string | null;
  clicks: number;
}

/**
 * The link's human clicks in the range grouped by every breakdown at once (one pass instead
 * of one query per breakdown; callers fold the rows into each top list). There are few
 * combinations (about 2,000 for a link with 50,000 clicks in 30 days), and the scan is
 * index-only: clicks_link_time_dims (migration 006) holds all these columns.
 */
export async function linkDimensions(
  db: Conn,
  linkId: number,
  r: RangeQuery,
): Promise<DimensionRow[]> {
  const rows = await linkClicks(db, linkId, r)
    .where('c.is_bot', '=', 0)
    .select([
      'c.tracking_link_id',
      'c.referrer_host',
      'c.browser',
      'c.os',
      'c.device',
      'c.country',
      'c.source',
      'c.opened_with',
      'c.city',
      sql<number>`count(*)`.as('clicks'),
    ])
    .groupBy([
      'c.tracking_link_id',
      'c.referrer_host',
      'c.browser',
      'c.os',
      'c.device',
      'c.country',
      'c.source',
      'c.opened_with',
      'c.city',
    ])
    .execute();
  return rows.map((x) => ({
    trackingLinkId: x.tracking_link_id,
    referrerHost: x.referrer_host,
    browser: x.browser,
    os: x.os,
    device: x.device,
    country: x.country,
    source: x.source,
    openedWith: x.opened_with,
    city: x.city,
    clicks: num(x.clicks),
  }));
}

/**
 * Human clicks of many links in the range by source, and chooser page views by choice (the
 * overview's hourly view; daily ones read the breakdown rollup).
 */
export async function sourcesAndChoices(
  db: Conn,
  linkIds: readonly number[],
  r: RangeQuery,
): Promise<DimensionValueRow[]> {
  if (linkIds.length === 0) return [];
  const rows = await manyLinksClicks(db, linkIds, r)
    .where('c.is_bot', '=', 0)
    .select(['c.source', 'c.opened_with', sql<number>`count(*)`.as('clicks')])
    .groupBy(['c.source', 'c.opened_with'])
    .execute();
  return rows.flatMap((x) => [
    { dim: 'source' as const, value: x.source, clicks: num(x.clicks) },
    ...(x.opened_with === null
      ? []
      : [{ dim: 'opened' as const, value: x.opened_with, clicks: num(x.clicks) }]),
  ]);
}

/** The clicks of many links in a range (the rollup keeps no hours: hourly views read these). */
function manyLinksClicks(db: Conn, linkIds: readonly number[], r: RangeQuery) {
  return db
    .selectFrom('clicks as c')
    .innerJoin('tracking_links as t', 't.id', 'c.tracking_link_id')
    .where(inIds(db, 't.mailto_link_id', linkIds))
    .where('c.occurred_at', '>=', r.fromIso)
    .where('c.occurred_at', '<', r.toIso)
    .where(inCountry(r));
}

/** Human clicks of many links in the range per country and city (null: unknown). */
export async function rawPlaces(
  db: Conn,
  linkIds: readonly number[],
  r: RangeQuery,
): Promise<{ country: string | null; city: string | null; clicks: number }[]> {
  if (linkIds.length === 0) return [];
  const rows = await manyLinksClicks(db, linkIds, r)
    .where('c.is_bot', '=', 0)
    .select(['c.country', 'c.city', sql<number>`count(*)`.as('clicks')])
    .groupBy(['c.country', 'c.city'])
    .execute();
  return rows.map((x) => ({ country: x.country, city: x.city, clicks: num(x.clicks) }));
}

/** The series of many links from the raw clicks; visitors are distinct per link and bucket. */
export async function rawSeries(
  db: Conn,
  linkIds: readonly number[],
  r: RangeQuery,
): Promise<SeriesRow[]> {
  if (linkIds.length === 0) return [];
  const perLink = manyLinksClicks(db, linkIds, r)
    .where('c.is_bot', '=', 0)
    .select([
      't.mailto_link_id',
      bucket(r.keyLength).as('key'),
      sql<number>`count(*)`.as('clicks'),
      sql<number>`count(distinct c.visitor_hash)`.as('visitors'),
    ])
    .groupBy(['t.mailto_link_id', bucket(r.keyLength)]);
  const rows = await db
    .selectFrom(perLink.as('x'))
    .select([
      'x.key',
      sql<number>`sum(x.clicks)`.as('clicks'),
      sql<number>`sum(x.visitors)`.as('visitors'),
    ])
    .groupBy('x.key')
    .execute();
  return rows.map((x) => ({ key: x.key, clicks: num(x.clicks), visitors: num(x.visitors) }));
}

/** Each link's figures over the range from the raw clicks (any range, not only whole days). */
export async function rawPerLink(
  db: Conn,
  linkIds: readonly number[],
  r: RangeQuery,
): Promise<LinkStatsRow[]> {
  if (linkIds.length === 0) return [];
  const [rows, tallied] = await Promise.all([
    manyLinksClicks(db, linkIds, r)
      .select([
        't.mailto_link_id',
        HUMAN.as('clicks'),
        BOTS.as('bots'),
        VISITORS.as('visitors'),
        sql<string | null>`max(case when c.is_bot = 0 then c.occurred_at end)`.as('last'),
      ])
      .groupBy('t.mailto_link_id')
      .execute(),
    tallies(db, linkIds, r)
      .select(['t.mailto_link_id', sql<number>`sum(f.hits)`.as('n')])
      .groupBy('t.mailto_link_id')
      .execute(),
  ]);
  const stats = rows.map(toLinkStats);
  const byLink = new Map(stats.map((s) => [s.linkId, s]));
  for (const t of tallied) {
    const seen = byLink.get(t.mailto_link_id);
    if (seen) seen.botClicks += num(t.n);
    else
      stats.push(
        toLinkStats({
          mailto_link_id: t.mailto_link_id,
          clicks: 0,
          bots: t.n,
          visitors: 0,
          last: null,
        }),
      );
  }
  return stats;
}

/**
 * The hits of these links in the range that were left out of the counts, by reason: a range
 * scan of each tracking link's clicks that reads the row of a left-out hit only, and their
 * tallies.
 */
export async function filteredByReason(
  db: Conn,
  linkIds: readonly number[],
  r: RangeQuery,
): Promise<FilteredCounts> {
  const counts: FilteredCounts = noFiltered();
  if (linkIds.length === 0) return counts;
  const [rows, tallied] = await Promise.all([
    manyLinksClicks(db, linkIds, r)
      .where('c.is_bot', '<>', 0)
      .select(['c.classification', sql<number>`count(*)`.as('n')])
      .groupBy('c.classification')
      .execute(),
    tallies(db, linkIds, r)
      .select(['f.reason', sql<number>`sum(f.hits)`.as('n')])
      .groupBy('f.reason')
      .execute(),
  ]);
  for (const row of rows) addFiltered(counts, row.classification, num(row.n));
  for (const row of tallied) addFiltered(counts, row.reason, num(row.n));
  return counts;
}

export interface ExportRow {
  id: number;
  occurred_at: string;
  referrer_host: string | null;
  browser: string;
  os: string;
  device: string;
  is_bot: number;
  classification: string;
  visitor_hash: string;
  country: string | null;
  city: string | null;
  source: string;
  opened_with: string | null;
}

/**
 * One page of a tracking link's clicks in the range, in time order, after the cursor
 * (keyset pagination on (occurred_at, id): each page is an index range scan).
 */
export function exportPage(
  db: Conn,
  trackingLinkId: number,
  r: { fromIso: string; toIso: string },
  after: { occurredAt: string; id: number } | null,
  limit: number,
): Promise<ExportRow[]> {
  let q = db
    .selectFrom('clicks')
    .select([
      'id',
      'occurred_at',
      'referrer_host',
      'browser',
      'os',
      'device',
      'is_bot',
      'classification',
      'visitor_hash',
      'country',
      'city',
      'source',
      'opened_with',
    ])
    .where('tracking_link_id', '=', trackingLinkId)
    .where(
      'occurred_at',
      '>=',
      after && after.occurredAt > r.fromIso ? after.occurredAt : r.fromIso,
    )
    .where('occurred_at', '<', r.toIso);
  if (after)
    q = q.where((eb) => eb.or([eb('occurred_at', '>', after.occurredAt), eb('id', '>', after.id)]));
  return q.orderBy('occurred_at').orderBy('id').limit(limit).execute();
}
