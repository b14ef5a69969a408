import { Readable } from 'node:stream';
import type {
  AnalyticsOverview,
  AnalyticsQuery,
  LinkAnalytics,
} from '@mailtokit/contracts/analytics';
import {
  ANALYTICS_COUNTRY_MESSAGE,
  ANALYTICS_TOP_N,
  DIRECT_REFERRER,
  FILTERED_CLASSES,
  UNKNOWN_COUNTRY,
} from '@mailtokit/contracts/analytics';
import countries from 'i18n-iso-countries';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { LinkAccessRules } from '../access/service';
import { validationError } from '../../lib/errors';
import { csvRow } from './csv';
import * as placesRepo from './places-repo';
import * as raw from './raw-repo';
import * as repo from './repo';
import * as rollups from './rollup-repo';
import { bucketKeyLength, bucketsOf, resolveRange, type TimeRange } from './range';
import { NO_COUNTRY, type Dimension } from '../clicks/service';

type Query = z.output<typeof AnalyticsQuery>;

/** Rows per page of the CSV export (each page is one query). */
const EXPORT_PAGE = 1000;
/** Characters of the visitor hash the CSV shows: enough to tell visitors apart. */
const EXPORT_VISITOR_CHARS = 16;

export const CSV_HEADER = [
  'occurred_at',
  'tracking_link',
  'label',
  'referrer_host',
  'browser',
  'os',
  'device',
  'is_bot',
  'visitor_id',
  'classification',
  'country',
  'city',
  'source',
  'opened_with',
] as const;

const rangeQuery = (range: TimeRange, country: string | null): repo.RangeQuery => ({
  fromIso: range.from.toISOString(),
  toIso: range.to.toISOString(),
  keyLength: bucketKeyLength(range.interval) as 10 | 13,
  country,
});

/**
 * The stored code of the country asked for ('' for unknown), null when none; 400 for a code
 * ISO 3166-1 does not assign (the query's schema has made it two upper-case letters).
 */
function countryFilter(query: Query): string | null {
  const code = query.country;
  if (code === undefined) return null;
  if (code === UNKNOWN_COUNTRY) return NO_COUNTRY;
  if (!countries.isValid(code)) throw validationError({ country: ANALYTICS_COUNTRY_MESSAGE });
  return code;
}

/** The filter as the answer shows it. */
const shownCountry = (country: string | null) =>
  country === null ? null : country === NO_COUNTRY ? UNKNOWN_COUNTRY : country;

/**
 * Click analytics. Needs a premium plan; a link's analytics follow the link's read access
 * (404 for links the user cannot see), the overview covers every link the user can see.
 * Totals, daily series, breakdowns and left-out hits of whole days come from the daily
 * rollups (`click_daily`, `click_daily_dims`); hourly figures, and ranges that are not whole
 * days, from the raw clicks (an index-only range scan).
 */
export class AnalyticsService {
  /**
   * Overviews computed at once in this process; the others wait their turn here. An overview
   * of thousands of links runs three queries side by side over their rollup rows: left to
   * themselves, 32 at once took every pooled connection for seconds, so that other calls
   * (health included) waited past the pool's timeout and answered 503.
   */
  private readonly overviewSlots = new Slots(OVERVIEWS_AT_ONCE);

  constructor(
    private readonly db: Db,
    private readonly links: () => LinkAccessRules,
    private readonly clock: Clock,
  ) {}

  async forLink(user: UserRow, rawId: string, query: Query): Promise<LinkAnalytics> {
    const now = this.clock();
    const country = countryFilter(query);
    const link = await this.links().loadAccessible(user, rawId, 'read');
    const range = resolveRange(query, now);
    const r = rangeQuery(range, country);
    const k = this.db.kysely;
    // Unique visitors over several days are the sum of each day's unique visitors: the
    // visitor hash is salted per UTC day (decision 0005), so the same person has a different
    // hash every day and no hash occurs on two days. The per-day rollup (`click_daily`) is
    // therefore exact for any range of whole UTC days, which every daily range is (resolveRange
    // widens it to whole buckets). Hourly ranges that are not whole days read the raw clicks.
    const wholeDays = isMidnight(r.fromIso) && isMidnight(r.toIso);
    const daily = range.interval === 'day';
    const [fromDay, toDay] = [r.fromIso.slice(0, 10), r.toIso.slice(0, 10)];
    const ids = [link.id];
    // Breakdowns and left-out hits of whole days come from their own daily rollup
    // (`click_daily_dims`), exact for the same reason; other ranges read the raw clicks. A
    // page filtered to one country reads the rollup by country (`click_daily_places`) instead.
    const [totals, series, dims, places, trackingLinks, filtered] = await Promise.all([
      !wholeDays
        ? raw.linkTotals(k, link.id, r)
        : country === null
          ? rollups.rollupPerLink(k, ids, fromDay, toDay).then((rows) => rows[0])
          : placesRepo.placePerLink(k, ids, country, fromDay, toDay).then((rows) => rows[0]),
      !daily
        ? raw.linkSeries(k, link.id, r)
        : country === null
          ? rollups.rollupSeries(k, ids, fromDay, toDay)
          : placesRepo.placeSeries(k, ids, country, fromDay, toDay),
      !wholeDays
        ? raw.linkDimensions(k, link.id, r).then(dimensionValues)
        : country === null
          ? rollups.rollupDimensions(k, link.id, fromDay, toDay)
          : placesRepo.placeDimensions(k, ids, country, fromDay, toDay),
      !wholeDays
        ? raw.rawPlaces(k, ids, r).then(foldPlaces)
        : Promise.all([
            placesRepo.placeCountries(k, ids, country, fromDay, toDay),
            placesRepo.placeCities(k, ids, country, fromDay, toDay),
          ]).then(([countries, cities]) => ({ countries, cities })),
      repo.trackingLinksOf(k, link.id),
      !wholeDays
        ? raw.filteredByReason(k, ids, r)
        : country === null
          ? rollups.rollupFilteredByReason(k, ids, fromDay, toDay)
          : placesRepo.placeFiltered(k, ids, country, fromDay, toDay),
    ]);
    const byKey = new Map(series.map((b) => [b.key, b]));
    const nameOf = new Map(trackingLinks.map((x) => [String(x.id), x.label ?? x.slug]));
    const of = (dim: Dimension) => dims.filter((x) => x.dim === dim);
    return {
      linkId: link.id,
      from: r.fromIso,
      to: r.toIso,
      interval: range.interval,
      country: shownCountry(country),
      totals: {
        clicks: totals?.clicks ?? 0,
        uniqueVisitors: totals?.visitors ?? 0,
        botClicks: totals?.botClicks ?? sumOf(filtered),
        filtered,
      },
      series: bucketsOf(range).map(({ key, t }) => ({
        t,
        clicks: byKey.get(key)?.clicks ?? 0,
        uniqueVisitors: byKey.get(key)?.visitors ?? 0,
      })),
      referrers: topValues(of('referrer'), DIRECT_REFERRER),
      browsers: topValues(of('browser'), 'Other'),
      os: topValues(of('os'), 'Other'),
      devices: topValues(of('device'), 'other'),
      sources: topValues(of('source'), 'link'),
      openedWith: topValues(of('opened'), 'none'),
      countries: topValues(places.countries, UNKNOWN_COUNTRY),
      cities: topCities(places.cities),
      labels: topKeys(
        of('tracking').map((x) => ({ key: nameOf.get(x.value ?? '') ?? '', clicks: x.clicks })),
      ),
    };
  }

  /**
   * Every visible link's clicks, visitors and tracking links, with totals and a series that
   * add them up (a visitor counts once per link and day). Daily figures come from the rollups
   * (figures per link: whole months from `click_monthly`, the other days from `click_daily`;
   * the series and left-out hits of the user's own links from `click_owner_daily`, one row
   * per day), however many clicks; hourly ones from the raw clicks (an index range scan per
   * tracking link; the range is capped at 31 days).
   */
  async overview(user: UserRow, query: Query): Promise<AnalyticsOverview> {
    const now = this.clock();
    countryFilter(query);
    await this.links().assertReachesLinks(user);
    return this.overviewSlots.run(() => this.computeOverview(user, query, now));
  }

  private async computeOverview(
    user: UserRow,
    query: Query,
    now: Date,
  ): Promise<AnalyticsOverview> {
    const country = countryFilter(query);
    const range = resolveRange(query, now);
    const r = rangeQuery(range, country);
    const links = await this.links().visibleLinks(user);
    const ids = links.map((l) => l.id);
    const k = this.db.kysely;
    const [fromDay, toDay] = [r.fromIso.slice(0, 10), r.toIso.slice(0, 10)];
    const daily = range.interval === 'day';
    const wholeDays = isMidnight(r.fromIso) && isMidnight(r.toIso);
    // The user's own links, when all of them are in the overview (the visible list has a
    // cap), add up from the per-author rollups (a row per day, and per day and value for the
    // countries, sources and choices); links shared by others from their own rollup rows.
    // Filtered to one country, every figure comes from the rollups by country instead: the
    // per-author one (`click_owner_places`) for the user's own links, the daily one
    // (`click_daily_places`) for the others, the monthly one per link for the links table.
    const own = wholeDays ? await repo.ownLinkIds(k, user.id) : [];
    const visible = new Set(ids);
    const byAuthor = own.length > 0 && own.every((id) => visible.has(id));
    const ownSet = new Set(byAuthor ? own : []);
    const others = ids.filter((id) => !ownSet.has(id));
    if (wholeDays && country !== null) {
      const [place, hourly, linkRows, trackingCounts] = await Promise.all([
        Promise.all([
          byAuthor ? placesRepo.ownerPlaceRows(k, user.id, country, fromDay, toDay) : [],
          placesRepo.overviewPlaceRows(k, others, country, fromDay, toDay),
        ]).then((parts) => placesRepo.foldCountryOverview(parts.flat(), country)),
        daily ? null : raw.rawSeries(k, ids, r),
        placesRepo.placePerLink(k, ids, country, fromDay, toDay),
        repo.activeTrackingLinkCounts(k, ids),
      ]);
      return overviewOf(range, r, links, {
        seriesRows: hourly ?? place.series,
        linkRows,
        trackingCounts,
        filtered: place.filtered,
        ways: place.ways,
        places: place,
      });
    }
    const mine = byAuthor ? rollups.ownerRollup(k, user.id, fromDay, toDay) : null;
    const [seriesRows, linkRows, trackingCounts, filtered, ways, places] = await Promise.all([
      !daily
        ? raw.rawSeries(k, ids, r)
        : mine
          ? Promise.all([mine, rollups.rollupSeries(k, others, fromDay, toDay)]).then(
              ([m, rest]) => [...m.series, ...rest],
            )
          : rollups.rollupSeries(k, ids, fromDay, toDay),
      !daily ? raw.rawPerLink(k, ids, r) : rollups.rollupPerLinkByMonth(k, ids, fromDay, toDay),
      repo.activeTrackingLinkCounts(k, ids),
      !wholeDays
        ? raw.filteredByReason(k, ids, r)
        : mine
          ? Promise.all([mine, rollups.rollupFilteredByReason(k, others, fromDay, toDay)]).then(
              ([m, rest]) => addCounts(m.filtered, rest),
            )
          : rollups.rollupFilteredByReason(k, ids, fromDay, toDay),
      !wholeDays
        ? raw.sourcesAndChoices(k, ids, r)
        : byAuthor
          ? Promise.all([
              rollups.ownerDimensions(k, user.id, ['source', 'opened'], fromDay, toDay),
              rollups.rollupSourcesAndChoices(k, others, fromDay, toDay),
            ]).then(([m, rest]) => [...m, ...rest])
          : rollups.rollupSourcesAndChoices(k, ids, fromDay, toDay),
      !wholeDays
        ? raw.rawPlaces(k, ids, r).then(foldPlaces)
        : Promise.all([
            byAuthor
              ? Promise.all([
                  rollups.ownerDimensions(k, user.id, ['country'], fromDay, toDay),
                  placesRepo.placeCountries(k, others, null, fromDay, toDay),
                ]).then(([m, rest]) => [...m, ...rest])
              : placesRepo.placeCountries(k, ids, null, fromDay, toDay),
            placesRepo.placeCities(k, ids, null, fromDay, toDay),
          ]).then(([countries, cities]) => ({ countries, cities })),
    ]);
    return overviewOf(range, r, links, {
      seriesRows,
      linkRows,
      trackingCounts,
      filtered,
      ways,
      places,
    });
  }
  /**
   * A link's clicks in the range as CSV, streamed page by page (never all in memory): per
   * tracking link, in time order. No IPs exist to export; the visitor id is a prefix of the
   * daily-salted hash.
   */
  async clicksCsv(
    user: UserRow,
    rawId: string,
    query: Query,
  ): Promise<{ filename: string; body: Readable }> {
    const now = this.clock();
    const link = await this.links().loadAccessible(user, rawId, 'read');
    const range = resolveRange({ ...query, interval: 'day' }, now);
    const r = rangeQuery(range, null);
    const k = this.db.kysely;
    const trackingLinks = await repo.trackingLinksOf(k, link.id);

    async function* lines(): AsyncGenerator<string> {
      yield csvRow(CSV_HEADER);
      for (const t of trackingLinks) {
        let after: { occurredAt: string; id: number } | null = null;
        for (;;) {
          const page = await raw.exportPage(k, t.id, r, after, EXPORT_PAGE);
          if (page.length === 0) break;
          yield page
            .map((c) =>
              csvRow([
                c.occurred_at,
                t.slug,
                t.label,
                c.referrer_host,
                c.browser,
                c.os,
                c.device,
                c.is_bot ? 'true' : 'false',
                c.visitor_hash.slice(0, EXPORT_VISITOR_CHARS),
                c.classification,
                c.country,
                c.city,
                c.source,
                c.opened_with,
              ]),
            )
            .join('');
          if (page.length < EXPORT_PAGE) break;
          const last = page[page.length - 1]!;
          after = { occurredAt: last.occurred_at, id: last.id };
        }
      }
    }
    return { filename: `link-${link.id}-clicks.csv`, body: Readable.from(lines()) };
  }
}

const isMidnight = (iso: string) => iso.endsWith('T00:00:00.000Z');

/** Two sets of left-out hits by reason, added up. */
function addCounts(a: repo.FilteredCounts, b: repo.FilteredCounts): repo.FilteredCounts {
  const sum = repo.noFiltered();
  for (const reason of FILTERED_CLASSES) sum[reason] = a[reason] + b[reason];
  return sum;
}

/** Overviews one process computes at the same time (each uses up to three connections). */
const OVERVIEWS_AT_ONCE = 2;

/** At most `size` tasks at once; the others start in their order of arrival. */
class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((go) => this.waiting.push(go));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The total of left-out hits by reason. */
const sumOf = (filtered: repo.FilteredCounts) =>
  FILTERED_CLASSES.reduce((n, reason) => n + filtered[reason], 0);

/** Clicks per country and city from the raw clicks, as the rollup by country gives them. */
function foldPlaces(
  rows: readonly { country: string | null; city: string | null; clicks: number }[],
): {
  countries: repo.DimensionValueRow[];
  cities: placesRepo.CityRow[];
} {
  return {
    countries: rows.map((x) => ({ dim: 'country' as const, value: x.country, clicks: x.clicks })),
    cities: rows
      .filter((x) => x.city !== null && x.city !== '')
      .map((x) => ({ country: x.country ?? NO_COUNTRY, city: x.city ?? '', clicks: x.clicks })),
  };
}

/** The top N cities: clicks added up per country and city, most first, ties by name. */
function topCities(
  rows: readonly placesRepo.CityRow[],
): { country: string; city: string; clicks: number }[] {
  const sums = new Map<string, placesRepo.CityRow>();
  for (const row of rows) {
    const key = `${row.country}\u0000${row.city}`;
    const seen = sums.get(key);
    sums.set(key, { ...row, clicks: (seen?.clicks ?? 0) + row.clicks });
  }
  return [...sums.values()]
    .sort(
      (a, b) =>
        b.clicks - a.clicks ||
        (a.city < b.city ? -1 : a.city > b.city ? 1 : a.country < b.country ? -1 : 1),
    )
    .slice(0, ANALYTICS_TOP_N)
    .map((x) => ({
      country: x.country === NO_COUNTRY ? UNKNOWN_COUNTRY : x.country,
      city: x.city,
      clicks: x.clicks,
    }));
}

/** The raw breakdown rows as clicks per dimension and value (what the rollup holds). */
function dimensionValues(rows: readonly raw.DimensionRow[]): repo.DimensionValueRow[] {
  return rows.flatMap((row) => [
    { dim: 'tracking' as const, value: String(row.trackingLinkId), clicks: row.clicks },
    { dim: 'referrer' as const, value: row.referrerHost, clicks: row.clicks },
    { dim: 'browser' as const, value: row.browser, clicks: row.clicks },
    { dim: 'os' as const, value: row.os, clicks: row.clicks },
    { dim: 'device' as const, value: row.device, clicks: row.clicks },
    { dim: 'country' as const, value: row.country, clicks: row.clicks },
    { dim: 'source' as const, value: row.source, clicks: row.clicks },
    ...(row.openedWith === null
      ? []
      : [{ dim: 'opened' as const, value: row.openedWith, clicks: row.clicks }]),
  ]);
}

/**
 * The top N values of one breakdown: clicks added up per value (null: none), most first, ties
 * by value with null as '' (code unit order, the same on both databases), then null shown as
 * `nullAs`.
 */
function topValues(
  rows: readonly repo.DimensionValueRow[],
  nullAs: string,
): { key: string; clicks: number }[] {
  const sums = new Map<string | null, number>();
  for (const row of rows) sums.set(row.value, (sums.get(row.value) ?? 0) + row.clicks);
  return (
    [...sums]
      // A value every click has moved out of (a chooser's `none` once chosen) is not shown.
      .filter(([, clicks]) => clicks > 0)
      .map(([key, clicks]) => ({ key, clicks, sortKey: key ?? '' }))
      .sort((a, b) =>
        b.clicks !== a.clicks
          ? b.clicks - a.clicks
          : a.sortKey < b.sortKey
            ? -1
            : a.sortKey > b.sortKey
              ? 1
              : 0,
      )
      .slice(0, ANALYTICS_TOP_N)
      .map(({ key, clicks }) => ({ key: key ?? nullAs, clicks }))
  );
}

/** Adds up equal keys (two tracking links may share a label) and keeps the top N. */
function topKeys(rows: { key: string; clicks: number }[]): { key: string; clicks: number }[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.key, (sums.get(r.key) ?? 0) + r.clicks);
  return [...sums]
    .map(([key, clicks]) => ({ key, clicks }))
    .sort((a, b) => b.clicks - a.clicks || a.key.localeCompare(b.key))
    .slice(0, ANALYTICS_TOP_N);
}

/** The parts of an overview, as its readers return them. */
interface OverviewParts {
  seriesRows: repo.SeriesRow[];
  linkRows: repo.LinkStatsRow[];
  trackingCounts: Map<number, number>;
  filtered: repo.FilteredCounts;
  /** Human clicks by source and chooser page views by choice. */
  ways: repo.DimensionValueRow[];
  places: { countries: repo.DimensionValueRow[]; cities: placesRepo.CityRow[] };
}

/** The overview's answer: the parts added up per bucket and per link, links by clicks. */
function overviewOf(
  range: TimeRange,
  r: repo.RangeQuery,
  links: readonly { id: number; name: string; team_id: number | null }[],
  { seriesRows, linkRows, trackingCounts, filtered, ways, places }: OverviewParts,
): AnalyticsOverview {
  const byKey = new Map<string, repo.SeriesRow>();
  for (const b of seriesRows) {
    const seen = byKey.get(b.key);
    byKey.set(
      b.key,
      seen
        ? { key: b.key, clicks: seen.clicks + b.clicks, visitors: seen.visitors + b.visitors }
        : b,
    );
  }
  const series = bucketsOf(range).map(({ key, t }) => ({
    t,
    clicks: byKey.get(key)?.clicks ?? 0,
    uniqueVisitors: byKey.get(key)?.visitors ?? 0,
  }));
  const byLink = new Map(linkRows.map((row) => [row.linkId, row]));
  const linkStats = links
    .map((link) => {
      const s = byLink.get(link.id);
      return {
        id: link.id,
        name: link.name,
        teamId: link.team_id,
        clicks: s?.clicks ?? 0,
        uniqueVisitors: s?.visitors ?? 0,
        trackingLinks: trackingCounts.get(link.id) ?? 0,
        lastClickAt: s?.lastClickAt ?? null,
      };
    })
    .sort((a, b) => b.clicks - a.clicks || b.uniqueVisitors - a.uniqueVisitors || b.id - a.id);
  const sum = (f: (row: repo.LinkStatsRow) => number) => linkRows.reduce((n, row) => n + f(row), 0);
  return {
    from: r.fromIso,
    to: r.toIso,
    interval: range.interval,
    country: shownCountry(r.country),
    totals: {
      clicks: sum((row) => row.clicks),
      uniqueVisitors: sum((row) => row.visitors),
      botClicks: sum((row) => row.botClicks),
      filtered,
    },
    series,
    sources: topValues(
      ways.filter((x) => x.dim === 'source'),
      'link',
    ),
    openedWith: topValues(
      ways.filter((x) => x.dim === 'opened'),
      'none',
    ),
    countries: topValues(places.countries, UNKNOWN_COUNTRY),
    cities: topCities(places.cities),
    links: linkStats,
  };
}
