import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { FILTERED_CLASSES, type FilteredClass } from '@mailtokit/contracts/analytics';
import type { DB } from '../../db/types';
import { DIMENSIONS, FILTERED_DIMENSION, NO_REFERRER, type Dimension } from './rollup';

type Conn = Kysely<DB> | Transaction<DB>;

/** Half-open range of ISO timestamps; `keyLength` 10 buckets by day, 13 by hour. */
export interface RangeQuery {
  fromIso: string;
  toIso: string;
  keyLength: 10 | 13;
}

/**
 * Whether `column` holds one of `ids`. On PostgreSQL one array parameter (`= any`): the
 * overview passes up to 5,000 link ids, and as many bound parameters cost more to parse and
 * plan than the lookups themselves. SQLite takes the plain list.
 */
function inIds(db: Conn, column: string, ids: readonly number[]): RawBuilder<boolean> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<boolean>`${sql.ref(column)} = any(${[...ids]}::integer[])`
    : sql<boolean>`${sql.ref(column)} in (${sql.join([...ids])})`;
}

/** A count from the database: PostgreSQL returns bigint and numeric as strings. */
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

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
    .where('c.occurred_at', '<', r.toIso);
}

export interface Totals {
  clicks: number;
  visitors: number;
  botClicks: number;
}

export async function linkTotals(db: Conn, linkId: number, r: RangeQuery): Promise<Totals> {
  const row = await linkClicks(db, linkId, r)
    .select([HUMAN.as('clicks'), VISITORS.as('visitors'), BOTS.as('bots')])
    .executeTakeFirst();
  return { clicks: num(row?.clicks), visitors: num(row?.visitors), botClicks: num(row?.bots) };
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
      sql<number>`count(*)`.as('clicks'),
    ])
    .groupBy(['c.tracking_link_id', 'c.referrer_host', 'c.browser', 'c.os', 'c.device'])
    .execute();
  return rows.map((x) => ({
    trackingLinkId: x.tracking_link_id,
    referrerHost: x.referrer_host,
    browser: x.browser,
    os: x.os,
    device: x.device,
    clicks: num(x.clicks),
  }));
}

/** Human clicks of one value of one breakdown (null: a click without a referrer). */
export interface DimensionValueRow {
  dim: Dimension;
  value: string | null;
  clicks: number;
}

/**
 * A link's human clicks per breakdown value over a range of whole days, from the breakdown
 * rollup (`click_daily_dims`: one primary-key range per dimension; never the raw clicks).
 * `toDay` is exclusive.
 */
export async function rollupDimensions(
  db: Conn,
  linkId: number,
  fromDay: string,
  toDay: string,
): Promise<DimensionValueRow[]> {
  const rows = await db
    .selectFrom('click_daily_dims')
    .select(['dim', 'value', sql<number>`sum(clicks)`.as('clicks')])
    .where('mailto_link_id', '=', linkId)
    .where('dim', 'in', [...DIMENSIONS])
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .groupBy(['dim', 'value'])
    .execute();
  return rows.map((x) => ({
    dim: x.dim as Dimension,
    value: x.dim === 'referrer' && x.value === NO_REFERRER ? null : x.value,
    clicks: num(x.clicks),
  }));
}

/** Human clicks and visitors per bucket, added up over many links. */
export interface SeriesRow {
  key: string;
  clicks: number;
  visitors: number;
}

/** One link's figures over the whole range. */
export interface LinkStatsRow {
  linkId: number;
  clicks: number;
  botClicks: number;
  visitors: number;
  lastClickAt: string | null;
}

/** The rollup rows (`click_daily`) of many links over a range of days; `toDay` is exclusive. */
function rollupRows(db: Conn, linkIds: readonly number[], fromDay: string, toDay: string) {
  return db
    .selectFrom('click_daily')
    .where(inIds(db, 'click_daily.mailto_link_id', linkIds))
    .where('day', '>=', fromDay)
    .where('day', '<', toDay);
}

/**
 * The daily series of many links from the rollup (`click_daily`, one primary-key range per
 * link; never the raw clicks). Visitors add up per link and day. `toDay` is exclusive.
 */
export async function rollupSeries(
  db: Conn,
  linkIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<SeriesRow[]> {
  if (linkIds.length === 0) return [];
  const rows = await rollupRows(db, linkIds, fromDay, toDay)
    .select([
      'day',
      sql<number>`sum(clicks)`.as('clicks'),
      sql<number>`sum(visitors)`.as('visitors'),
    ])
    .groupBy('day')
    .execute();
  return rows.map((x) => ({ key: x.day, clicks: num(x.clicks), visitors: num(x.visitors) }));
}

/** A link's totals over the rows of a rollup (daily or monthly: the same columns). */
const LINK_TOTALS = [
  sql<number>`sum(clicks)`.as('clicks'),
  sql<number>`sum(bot_clicks)`.as('bots'),
  sql<number>`sum(visitors)`.as('visitors'),
  sql<string | null>`max(last_click_at)`.as('last'),
] as const;

function toLinkStats(x: {
  mailto_link_id: number;
  clicks: number;
  bots: number;
  visitors: number;
  last: string | null;
}): LinkStatsRow {
  return {
    linkId: x.mailto_link_id,
    clicks: num(x.clicks),
    botClicks: num(x.bots),
    visitors: num(x.visitors),
    lastClickAt: x.last,
  };
}

/** Each link's figures over a range of days, from the rollup. */
export async function rollupPerLink(
  db: Conn,
  linkIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<LinkStatsRow[]> {
  if (linkIds.length === 0) return [];
  const rows = await rollupRows(db, linkIds, fromDay, toDay)
    .select(['mailto_link_id', ...LINK_TOTALS])
    .groupBy('mailto_link_id')
    .execute();
  return rows.map(toLinkStats);
}

/** The first day of the month after `day`'s (`YYYY-MM-01`). */
function nextMonth(day: string): string {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Adds up two sets of per-link figures (the parts of one range). */
function mergePerLink(parts: LinkStatsRow[][]): LinkStatsRow[] {
  const byLink = new Map<number, LinkStatsRow>();
  for (const row of parts.flat()) {
    const seen = byLink.get(row.linkId);
    if (!seen) byLink.set(row.linkId, { ...row });
    else {
      seen.clicks += row.clicks;
      seen.botClicks += row.botClicks;
      seen.visitors += row.visitors;
      if (
        row.lastClickAt !== null &&
        (seen.lastClickAt === null || row.lastClickAt > seen.lastClickAt)
      )
        seen.lastClickAt = row.lastClickAt;
    }
  }
  return [...byLink.values()];
}

/**
 * Each link's figures over a range of whole days: the whole months in it from the monthly
 * rollup (`click_monthly`), the days before and after them from the daily one. A year of
 * 1,000 links is then some 13,000 monthly rows and at most 60 days per link, not 366 days.
 * `toDay` is exclusive.
 */
export async function rollupPerLinkByMonth(
  db: Conn,
  linkIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<LinkStatsRow[]> {
  if (linkIds.length === 0) return [];
  const firstMonth = fromDay.endsWith('-01') ? fromDay : nextMonth(fromDay);
  const lastMonth = `${toDay.slice(0, 7)}-01`;
  if (firstMonth >= lastMonth) return rollupPerLink(db, linkIds, fromDay, toDay);
  const months = db
    .selectFrom('click_monthly')
    .where(inIds(db, 'click_monthly.mailto_link_id', linkIds))
    .where('month', '>=', firstMonth.slice(0, 7))
    .where('month', '<', lastMonth.slice(0, 7))
    .select(['mailto_link_id', ...LINK_TOTALS])
    .groupBy('mailto_link_id')
    .execute()
    .then((rows) => rows.map(toLinkStats));
  const parts = await Promise.all([
    fromDay < firstMonth ? rollupPerLink(db, linkIds, fromDay, firstMonth) : [],
    months,
    lastMonth < toDay ? rollupPerLink(db, linkIds, lastMonth, toDay) : [],
  ]);
  return mergePerLink(parts);
}

/** The ids of every link the user wrote (whatever team they are shared with). */
export async function ownLinkIds(db: Conn, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mailto_links')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The daily series and the left-out hits of every link one user wrote, from the per-author
 * rollup (`click_owner_daily`: one row per day, however many links). `toDay` is exclusive.
 */
export async function ownerRollup(
  db: Conn,
  userId: number,
  fromDay: string,
  toDay: string,
): Promise<{ series: SeriesRow[]; filtered: FilteredCounts }> {
  const rows = await db
    .selectFrom('click_owner_daily')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .execute();
  const filtered: FilteredCounts = { bot: 0, preview: 0, scanner: 0, prefetch: 0, repeat: 0 };
  const series: SeriesRow[] = [];
  for (const r of rows) {
    for (const reason of FILTERED_CLASSES) filtered[reason] += num(r[reason]);
    if (num(r.clicks) !== 0 || num(r.visitors) !== 0)
      series.push({ key: r.day, clicks: num(r.clicks), visitors: num(r.visitors) });
  }
  return { series, filtered };
}

/** The clicks of many links in a range (the rollup keeps no hours: hourly views read these). */
function manyLinksClicks(db: Conn, linkIds: readonly number[], r: RangeQuery) {
  return db
    .selectFrom('clicks as c')
    .innerJoin('tracking_links as t', 't.id', 'c.tracking_link_id')
    .where(inIds(db, 't.mailto_link_id', linkIds))
    .where('c.occurred_at', '>=', r.fromIso)
    .where('c.occurred_at', '<', r.toIso);
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
  const rows = await manyLinksClicks(db, linkIds, r)
    .select([
      't.mailto_link_id',
      HUMAN.as('clicks'),
      BOTS.as('bots'),
      VISITORS.as('visitors'),
      sql<string | null>`max(case when c.is_bot = 0 then c.occurred_at end)`.as('last'),
    ])
    .groupBy('t.mailto_link_id')
    .execute();
  return rows.map(toLinkStats);
}

/** Hits left out of the counts, per reason: the same for any number of links. */
export type FilteredCounts = Record<FilteredClass, number>;

/**
 * The hits of these links in the range that were left out of the counts, by reason: a range
 * scan of each tracking link's clicks that reads the row of a left-out hit only.
 */
export async function filteredByReason(
  db: Conn,
  linkIds: readonly number[],
  r: RangeQuery,
): Promise<FilteredCounts> {
  const counts: FilteredCounts = { bot: 0, preview: 0, scanner: 0, prefetch: 0, repeat: 0 };
  if (linkIds.length === 0) return counts;
  const rows = await manyLinksClicks(db, linkIds, r)
    .where('c.is_bot', '<>', 0)
    .select(['c.classification', sql<number>`count(*)`.as('n')])
    .groupBy('c.classification')
    .execute();
  for (const row of rows) addFiltered(counts, row.classification, num(row.n));
  return counts;
}

/**
 * The left-out hits of these links over a range of whole days, by reason, from the breakdown
 * rollup (one primary-key range per link). `toDay` is exclusive.
 */
export async function rollupFilteredByReason(
  db: Conn,
  linkIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<FilteredCounts> {
  const counts: FilteredCounts = { bot: 0, preview: 0, scanner: 0, prefetch: 0, repeat: 0 };
  if (linkIds.length === 0) return counts;
  const rows = await db
    .selectFrom('click_daily_dims')
    .select(['value', sql<number>`sum(clicks)`.as('n')])
    .where(inIds(db, 'click_daily_dims.mailto_link_id', linkIds))
    .where('dim', '=', FILTERED_DIMENSION)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .groupBy('value')
    .execute();
  for (const row of rows) addFiltered(counts, row.value, num(row.n));
  return counts;
}

/** Adds hits of a stored classification to the counts by reason. */
function addFiltered(counts: FilteredCounts, classification: string, n: number): void {
  // A left-out hit stored as `human` cannot happen; count it as a bot if it ever does.
  const reason = Object.hasOwn(counts, classification) ? (classification as FilteredClass) : 'bot';
  counts[reason] += n;
}

/** Active tracking links per link. */
export async function activeTrackingLinkCounts(
  db: Conn,
  linkIds: readonly number[],
): Promise<Map<number, number>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tracking_links')
    .select(['mailto_link_id', sql<number>`count(*)`.as('n')])
    .where(inIds(db, 'tracking_links.mailto_link_id', linkIds))
    .where('retired_at', 'is', null)
    .groupBy('mailto_link_id')
    .execute();
  return new Map(rows.map((x) => [x.mailto_link_id, num(x.n)]));
}

/** Every tracking link of a link, retired ones included, oldest first. */
export function trackingLinksOf(db: Conn, linkId: number) {
  return db
    .selectFrom('tracking_links')
    .select(['id', 'slug', 'label'])
    .where('mailto_link_id', '=', linkId)
    .orderBy('id')
    .execute();
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
