import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { FILTERED_CLASSES, type FilteredClass } from '@mailtokit/contracts/analytics';
import type { Conn } from '../../db/database';
import type { Dimension } from '../clicks/service';

/**
 * What the analytics readers share: the range, the link-id filter, the row types and their
 * mappers, and the small lookups of links and tracking links. The readers themselves are in
 * rollup-repo.ts (whole days, from the rollups) and raw-repo.ts (any range, from the clicks).
 */

/** Half-open range of ISO timestamps; `keyLength` 10 buckets by day, 13 by hour. */
export interface RangeQuery {
  fromIso: string;
  toIso: string;
  keyLength: 10 | 13;
  /** Only clicks from this country (the stored code, '' for unknown); null: all. */
  country: string | null;
}

/**
 * Whether `column` holds one of `ids`. On PostgreSQL one array parameter (`= any`): the
 * overview passes up to 5,000 link ids, and as many bound parameters cost more to parse and
 * plan than the lookups themselves. SQLite takes the plain list.
 */
export function inIds(db: Conn, column: string, ids: readonly number[]): RawBuilder<boolean> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<boolean>`${sql.ref(column)} = any(${[...ids]}::integer[])`
    : sql<boolean>`${sql.ref(column)} in (${sql.join([...ids])})`;
}

/** A count from the database: PostgreSQL returns bigint and numeric as strings. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Human clicks of one value of one breakdown (null: a click without a referrer). */
export interface DimensionValueRow {
  dim: Dimension;
  value: string | null;
  clicks: number;
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

export function toLinkStats(x: {
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

/** Hits left out of the counts, per reason: the same for any number of links. */
export type FilteredCounts = Record<FilteredClass, number>;

/** No left-out hits, for each reason. */
export function noFiltered(): FilteredCounts {
  return Object.fromEntries(FILTERED_CLASSES.map((r) => [r, 0])) as FilteredCounts;
}

/** Adds hits of a stored classification to the counts by reason. */
export function addFiltered(counts: FilteredCounts, classification: string, n: number): void {
  // A left-out hit stored as `human` cannot happen; count it as a bot if it ever does.
  const reason = Object.hasOwn(counts, classification) ? (classification as FilteredClass) : 'bot';
  counts[reason] += n;
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
