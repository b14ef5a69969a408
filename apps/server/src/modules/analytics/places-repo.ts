import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import {
  addFiltered,
  inIds,
  noFiltered,
  num,
  type DimensionValueRow,
  type FilteredCounts,
  type LinkStatsRow,
  type SeriesRow,
} from './repo';
import { NO_COUNTRY, NO_REFERRER, type Dimension } from '../clicks/service';

/**
 * Analytics over whole days read from the rollup by country (`click_daily_places`): the
 * figures of a page filtered to one country, and the countries and cities of any page. Each
 * reads one primary-key range per link and dimension (and country, when filtered). `country` is
 * the stored code ('' for unknown); `toDay` is exclusive.
 */

/** The breakdowns a country-filtered page reads from this rollup. */
const BREAKDOWNS = ['tracking', 'referrer', 'browser', 'os', 'device', 'source', 'opened'] as const;

function places(db: Conn, linkIds: readonly number[], fromDay: string, toDay: string) {
  return db
    .selectFrom('click_daily_places')
    .where(inIds(db, 'click_daily_places.mailto_link_id', linkIds))
    .where('day', '>=', fromDay)
    .where('day', '<', toDay);
}

/** The breakdowns of these links' human clicks from one country. */
export async function placeDimensions(
  db: Conn,
  linkIds: readonly number[],
  country: string,
  fromDay: string,
  toDay: string,
): Promise<DimensionValueRow[]> {
  if (linkIds.length === 0) return [];
  const rows = await places(db, linkIds, fromDay, toDay)
    .where('dim', 'in', [...BREAKDOWNS])
    .where('country', '=', country)
    .select(['dim', 'value', sql<number>`sum(clicks)`.as('clicks')])
    .groupBy(['dim', 'value'])
    .execute();
  return rows.map((x) => ({
    dim: x.dim as Dimension,
    value: x.dim === 'referrer' && x.value === NO_REFERRER ? null : x.value,
    clicks: num(x.clicks),
  }));
}

/** These links' human clicks per country (null: unknown), or of one country only. */
export async function placeCountries(
  db: Conn,
  linkIds: readonly number[],
  country: string | null,
  fromDay: string,
  toDay: string,
): Promise<DimensionValueRow[]> {
  if (linkIds.length === 0) return [];
  let q = places(db, linkIds, fromDay, toDay).where('dim', '=', 'clicks');
  if (country !== null) q = q.where('country', '=', country);
  const rows = await q
    .select(['country', sql<number>`sum(clicks)`.as('clicks')])
    .groupBy('country')
    .execute();
  return rows.map((x) => ({
    dim: 'country' as const,
    value: x.country === NO_COUNTRY ? null : x.country,
    clicks: num(x.clicks),
  }));
}

/** Human clicks of one city (with its country code, '' when unknown). */
export interface CityRow {
  country: string;
  city: string;
  clicks: number;
}

/** These links' human clicks per named city (clicks without a city are left out). */
export async function placeCities(
  db: Conn,
  linkIds: readonly number[],
  country: string | null,
  fromDay: string,
  toDay: string,
): Promise<CityRow[]> {
  if (linkIds.length === 0) return [];
  let q = places(db, linkIds, fromDay, toDay).where('dim', '=', 'city').where('value', '<>', '');
  if (country !== null) q = q.where('country', '=', country);
  const rows = await q
    .select(['country', 'value', sql<number>`sum(clicks)`.as('clicks')])
    .groupBy(['country', 'value'])
    .execute();
  return rows.map((x) => ({ country: x.country, city: x.value, clicks: num(x.clicks) }));
}

/** The daily series of these links' clicks and visitors from one country. */
export async function placeSeries(
  db: Conn,
  linkIds: readonly number[],
  country: string,
  fromDay: string,
  toDay: string,
): Promise<SeriesRow[]> {
  if (linkIds.length === 0) return [];
  const rows = await places(db, linkIds, fromDay, toDay)
    .where('dim', 'in', ['clicks', 'visitors'])
    .where('country', '=', country)
    .select(['day', 'dim', sql<number>`sum(clicks)`.as('n')])
    .groupBy(['day', 'dim'])
    .execute();
  const byDay = new Map<string, SeriesRow>();
  for (const row of rows) {
    const seen = byDay.get(row.day) ?? { key: row.day, clicks: 0, visitors: 0 };
    if (row.dim === 'clicks') seen.clicks += num(row.n);
    else seen.visitors += num(row.n);
    byDay.set(row.day, seen);
  }
  return [...byDay.values()];
}

/**
 * Each link's clicks, visitors and left-out hits from one country. The last click is found
 * in the raw clicks of the last day with one (one day of each link's clicks, by index).
 */
export async function placePerLink(
  db: Conn,
  linkIds: readonly number[],
  country: string,
  fromDay: string,
  toDay: string,
): Promise<LinkStatsRow[]> {
  if (linkIds.length === 0) return [];
  const base = () =>
    places(db, linkIds, fromDay, toDay)
      .where('dim', 'in', ['clicks', 'visitors', 'filtered'])
      .where('country', '=', country);
  const lastDays = base()
    .where('dim', '=', 'clicks')
    .where('clicks', '>', 0)
    .select(['mailto_link_id', sql<string>`max(day)`.as('day')])
    .groupBy('mailto_link_id');
  const [rows, lasts] = await Promise.all([
    base()
      .select(['mailto_link_id', 'dim', sql<number>`sum(clicks)`.as('n')])
      .groupBy(['mailto_link_id', 'dim'])
      .execute(),
    // The last click of that day, per link, as a subquery run for each link: joined instead,
    // PostgreSQL read every click of every link (it could not use the day of each link to
    // reach the clicks index).
    db
      .selectFrom(lastDays.as('l'))
      .select((eb) => [
        'l.mailto_link_id',
        eb
          .selectFrom('tracking_links as t')
          .innerJoin('clicks as c', 'c.tracking_link_id', 't.id')
          .whereRef('t.mailto_link_id', '=', 'l.mailto_link_id')
          .whereRef('c.occurred_at', '>=', 'l.day')
          .where(sql<boolean>`c.occurred_at < l.day || 'U'`)
          .where('c.is_bot', '=', 0)
          .where(sql<boolean>`coalesce(c.country, '') = ${country}`)
          .select(sql<string | null>`max(c.occurred_at)`.as('m'))
          .as('last'),
      ])
      .execute(),
  ]);
  const byLink = new Map<number, LinkStatsRow>();
  for (const row of rows) {
    const seen = byLink.get(row.mailto_link_id) ?? {
      linkId: row.mailto_link_id,
      clicks: 0,
      botClicks: 0,
      visitors: 0,
      lastClickAt: null,
    };
    if (row.dim === 'clicks') seen.clicks += num(row.n);
    else if (row.dim === 'visitors') seen.visitors += num(row.n);
    else seen.botClicks += num(row.n);
    byLink.set(row.mailto_link_id, seen);
  }
  for (const { mailto_link_id, last } of lasts) {
    const seen = byLink.get(mailto_link_id);
    if (seen) seen.lastClickAt = last;
  }
  return [...byLink.values()];
}

/** These links' left-out hits from one country, by reason (tallied hits count as unknown). */
export async function placeFiltered(
  db: Conn,
  linkIds: readonly number[],
  country: string,
  fromDay: string,
  toDay: string,
): Promise<FilteredCounts> {
  const counts = noFiltered();
  if (linkIds.length === 0) return counts;
  const rows = await places(db, linkIds, fromDay, toDay)
    .where('dim', '=', 'filtered')
    .where('country', '=', country)
    .select(['value', sql<number>`sum(clicks)`.as('n')])
    .groupBy('value')
    .execute();
  for (const row of rows) addFiltered(counts, row.value, num(row.n));
  return counts;
}
