import { sql } from 'kysely';
import { FILTERED_CLASSES } from '@mailtokit/contracts/analytics';
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
  type SeriesRow,
} from './repo';
import {
  DIMENSIONS,
  FILTERED_DIMENSION,
  NO_COUNTRY,
  NO_REFERRER,
  type Dimension,
} from '../clicks/service';

/**
 * Analytics over whole days, read from the rollups the click batch keeps (`click_daily`,
 * `click_monthly`, `click_daily_dims`, `click_owner_daily`), never from the raw clicks.
 */

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
  return rows.map(reported);
}

/** A breakdown's sum as analytics report it: no referrer and an unknown country are null. */
function reported(row: { dim: string; value: string; clicks: number }): DimensionValueRow {
  const none =
    (row.dim === 'referrer' && row.value === NO_REFERRER) ||
    (row.dim === 'country' && row.value === NO_COUNTRY);
  return { dim: row.dim as Dimension, value: none ? null : row.value, clicks: num(row.clicks) };
}

/**
 * Many links' human clicks by source and chooser page views by choice over a range of whole
 * days, from the breakdown rollup (one primary-key range per link and dimension). `toDay` is
 * exclusive.
 */
export async function rollupSourcesAndChoices(
  db: Conn,
  linkIds: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<DimensionValueRow[]> {
  if (linkIds.length === 0) return [];
  const rows = await db
    .selectFrom('click_daily_dims')
    .select(['dim', 'value', sql<number>`sum(clicks)`.as('clicks')])
    .where(inIds(db, 'click_daily_dims.mailto_link_id', linkIds))
    .where('dim', 'in', ['source', 'opened'])
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .groupBy(['dim', 'value'])
    .execute();
  return rows.map((x) => ({ dim: x.dim as Dimension, value: x.value, clicks: num(x.clicks) }));
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

/**
 * A range of whole days as the whole months in it (`YYYY-MM`, the last exclusive; null when
 * none) and the ranges of days before and after them. `toDay` is exclusive.
 */
export function monthsOf(
  fromDay: string,
  toDay: string,
): { months: [string, string] | null; days: [string, string][] } {
  const firstMonth = fromDay.endsWith('-01') ? fromDay : nextMonth(fromDay);
  const lastMonth = `${toDay.slice(0, 7)}-01`;
  if (firstMonth >= lastMonth) return { months: null, days: [[fromDay, toDay]] };
  const days: [string, string][] = [];
  if (fromDay < firstMonth) days.push([fromDay, firstMonth]);
  if (lastMonth < toDay) days.push([lastMonth, toDay]);
  return { months: [firstMonth.slice(0, 7), lastMonth.slice(0, 7)], days };
}

/** Adds up sets of per-link figures (the parts of one range). */
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
  const { months, days } = monthsOf(fromDay, toDay);
  const parts = await Promise.all([
    ...days.map(([from, to]) => rollupPerLink(db, linkIds, from, to)),
    months === null
      ? []
      : db
          .selectFrom('click_monthly')
          .where(inIds(db, 'click_monthly.mailto_link_id', linkIds))
          .where('month', '>=', months[0])
          .where('month', '<', months[1])
          .select(['mailto_link_id', ...LINK_TOTALS])
          .groupBy('mailto_link_id')
          .execute()
          .then((rows) => rows.map(toLinkStats)),
  ]);
  return mergePerLink(parts);
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
  const filtered: FilteredCounts = noFiltered();
  const series: SeriesRow[] = [];
  for (const r of rows) {
    for (const reason of FILTERED_CLASSES) filtered[reason] += num(r[reason]);
    if (num(r.clicks) !== 0 || num(r.visitors) !== 0)
      series.push({ key: r.day, clicks: num(r.clicks), visitors: num(r.visitors) });
  }
  return { series, filtered };
}

/**
 * The human clicks of every link one user wrote by `country` (the stored code, null for
 * unknown), `source` and `opened`, from the per-author rollup (`click_owner_dims`: a row per
 * day and value, however many links). `toDay` is exclusive.
 */
export async function ownerDimensions(
  db: Conn,
  userId: number,
  dims: readonly ('country' | 'source' | 'opened')[],
  fromDay: string,
  toDay: string,
): Promise<DimensionValueRow[]> {
  const rows = await db
    .selectFrom('click_owner_dims')
    .select(['dim', 'value', sql<number>`sum(clicks)`.as('clicks')])
    .where('user_id', '=', userId)
    .where('dim', 'in', [...dims])
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .groupBy(['dim', 'value'])
    .execute();
  return rows.map(reported);
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
  const counts: FilteredCounts = noFiltered();
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
