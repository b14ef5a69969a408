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
import { monthsOf } from './rollup-repo';

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

/** The dimensions of a link's figures in the rollups by country. */
const FIGURES = ['clicks', 'visitors', 'filtered'] as const;

/** Adds per-link sums of the figure dimensions to the links' figures. */
function addFigures(
  byLink: Map<number, LinkStatsRow>,
  rows: { mailto_link_id: number; dim: string; n: unknown }[],
): void {
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
}

/**
 * Each link's clicks, visitors and left-out hits from one country: the whole months of the
 * range from the monthly rollup by country (`click_monthly_places`), the days around them from
 * the daily one. The last click is the latest of the last day with one (`lastClicks`).
 */
export async function placePerLink(
  db: Conn,
  linkIds: readonly number[],
  country: string,
  fromDay: string,
  toDay: string,
): Promise<LinkStatsRow[]> {
  if (linkIds.length === 0) return [];
  const { months, days } = monthsOf(fromDay, toDay);
  const [parts, lasts] = await Promise.all([
    Promise.all([
      ...days.map(([from, to]) =>
        places(db, linkIds, from, to)
          .where('dim', 'in', [...FIGURES])
          .where('country', '=', country)
          .select(['mailto_link_id', 'dim', sql<number>`sum(clicks)`.as('n')])
          .groupBy(['mailto_link_id', 'dim'])
          .execute(),
      ),
      months === null
        ? []
        : db
            .selectFrom('click_monthly_places')
            .where(inIds(db, 'click_monthly_places.mailto_link_id', linkIds))
            .where('country', '=', country)
            .where('month', '>=', months[0])
            .where('month', '<', months[1])
            .select(['mailto_link_id', 'dim', sql<number>`sum(clicks)`.as('n')])
            .groupBy(['mailto_link_id', 'dim'])
            .execute(),
    ]),
    lastClicks(db, linkIds, country, fromDay, toDay),
  ]);
  const byLink = new Map<number, LinkStatsRow>();
  for (const rows of parts) addFigures(byLink, rows);
  for (const [linkId, last] of lasts) {
    const seen = byLink.get(linkId);
    if (seen) seen.lastClickAt = last;
  }
  return [...byLink.values()];
}

/**
 * Each link's latest human click from one country in a range of whole days: the last day the
 * rollup by country shows a click (one index seek per link, from the end of the range), then
 * the latest click of that day in the raw clicks (one day of the link's clicks, by index).
 */
async function lastClicks(
  db: Conn,
  linkIds: readonly number[],
  country: string,
  fromDay: string,
  toDay: string,
): Promise<Map<number, string>> {
  const lastDays = db
    .selectFrom('mailto_links as l')
    .where(inIds(db, 'l.id', linkIds))
    .select((eb) => [
      'l.id as mailto_link_id',
      eb
        .selectFrom('click_daily_places as p')
        .whereRef('p.mailto_link_id', '=', 'l.id')
        .where('p.dim', '=', 'clicks')
        .where('p.country', '=', country)
        .where('p.day', '>=', fromDay)
        .where('p.day', '<', toDay)
        .where('p.clicks', '>', 0)
        .select('p.day')
        .orderBy('p.day', 'desc')
        .limit(1)
        .as('day'),
    ]);
  // The last click of that day, per link, as a subquery run for each link: joined instead,
  // PostgreSQL read every click of every link (it could not use the day of each link to
  // reach the clicks index).
  const rows = await db
    .selectFrom(lastDays.as('l'))
    .where('l.day', 'is not', null)
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
    .execute();
  const lasts = new Map<number, string>();
  for (const { mailto_link_id, last } of rows) if (last !== null) lasts.set(mailto_link_id, last);
  return lasts;
}

/** The dimensions of the overview filtered to one country. */
const OVERVIEW_DIMS = ['clicks', 'visitors', 'filtered', 'source', 'opened', 'city'] as const;

/** A day's sum of one value of one dimension of the rollup by country. */
export interface PlaceDayRow {
  dim: string;
  day: string;
  value: string;
  clicks: number;
}

/**
 * The overview's rows of one country for these links: per dimension, day and value, added up
 * over the links (one primary-key range per link and dimension).
 */
export async function overviewPlaceRows(
  db: Conn,
  linkIds: readonly number[],
  country: string,
  fromDay: string,
  toDay: string,
): Promise<PlaceDayRow[]> {
  if (linkIds.length === 0) return [];
  const rows = await places(db, linkIds, fromDay, toDay)
    .where('dim', 'in', [...OVERVIEW_DIMS])
    .where('country', '=', country)
    .select(['dim', 'day', 'value', sql<number>`sum(clicks)`.as('clicks')])
    .groupBy(['dim', 'day', 'value'])
    .execute();
  return rows.map((x) => ({ ...x, clicks: num(x.clicks) }));
}

/**
 * The same rows for every link one user wrote, from the per-author rollup by country
 * (`click_owner_places`: one primary-key range, however many links).
 */
export async function ownerPlaceRows(
  db: Conn,
  userId: number,
  country: string,
  fromDay: string,
  toDay: string,
): Promise<PlaceDayRow[]> {
  const rows = await db
    .selectFrom('click_owner_places')
    .select(['dim', 'day', 'value', 'clicks'])
    .where('user_id', '=', userId)
    .where('country', '=', country)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .where('dim', 'in', [...OVERVIEW_DIMS])
    .execute();
  return rows.map((x) => ({ ...x, clicks: num(x.clicks) }));
}

/** The overview's figures of one country, folded from its rows. */
export interface CountryOverview {
  series: SeriesRow[];
  filtered: FilteredCounts;
  /** Human clicks by source and chooser page views by choice. */
  ways: DimensionValueRow[];
  /** The country's human clicks, as the countries breakdown shows them (none: empty). */
  countries: DimensionValueRow[];
  cities: CityRow[];
}

/** Folds the overview's rows of one country (of any number of parts) into its figures. */
export function foldCountryOverview(
  rows: readonly PlaceDayRow[],
  country: string,
): CountryOverview {
  const byDay = new Map<string, SeriesRow>();
  const filtered = noFiltered();
  const ways = new Map<string, DimensionValueRow>();
  const cities = new Map<string, CityRow>();
  let clicks = 0;
  for (const row of rows) {
    if (row.dim === 'clicks' || row.dim === 'visitors') {
      const seen = byDay.get(row.day) ?? { key: row.day, clicks: 0, visitors: 0 };
      if (row.dim === 'clicks') {
        seen.clicks += row.clicks;
        clicks += row.clicks;
      } else seen.visitors += row.clicks;
      byDay.set(row.day, seen);
    } else if (row.dim === 'filtered') addFiltered(filtered, row.value, row.clicks);
    else if (row.dim === 'city') {
      const seen = cities.get(row.value) ?? { country, city: row.value, clicks: 0 };
      seen.clicks += row.clicks;
      cities.set(row.value, seen);
    } else {
      const key = `${row.dim}\n${row.value}`;
      const seen = ways.get(key) ?? { dim: row.dim as Dimension, value: row.value, clicks: 0 };
      seen.clicks += row.clicks;
      ways.set(key, seen);
    }
  }
  return {
    series: [...byDay.values()],
    filtered,
    ways: [...ways.values()],
    countries:
      clicks > 0
        ? [{ dim: 'country', value: country === NO_COUNTRY ? null : country, clicks }]
        : [],
    cities: [...cities.values()].filter((x) => x.clicks > 0),
  };
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
