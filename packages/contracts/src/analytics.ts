import { z } from './zod';
import { dateTime, singleLineText } from './fields';

export const ANALYTICS_INTERVALS = ['hour', 'day'] as const;
/** Longest range one analytics call covers. */
export const ANALYTICS_MAX_DAYS = 366;
/** Most points an hourly series may have (the range is cut to fit). */
export const ANALYTICS_MAX_HOURLY_POINTS = 24 * 31;
/** Rows per breakdown table. */
export const ANALYTICS_TOP_N = 10;
/** Device types a click is classified as (`bot`: bots and link-preview agents). */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'bot', 'other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
/**
 * What a hit on a tracking URL was: a person's click (`human`), or left out of the counts with
 * its reason: `bot` (crawlers and tools), `preview` (chat and social link previews), `scanner`
 * (e-mail security gateways, URL-reputation fetchers), `prefetch` (the client said so),
 * `repeat` (the same visitor again within seconds, or more than one address may count),
 * `embedded` (the browser said the hit was not a top-level page navigation: a frame, an image,
 * a script, a `fetch`...).
 */
export const CLICK_CLASSES = [
  'human',
  'bot',
  'preview',
  'scanner',
  'prefetch',
  'repeat',
  'embedded',
] as const;
export type ClickClass = (typeof CLICK_CLASSES)[number];
export const FILTERED_CLASSES = [
  'bot',
  'preview',
  'scanner',
  'prefetch',
  'repeat',
  'embedded',
] as const;
export type FilteredClass = (typeof FILTERED_CLASSES)[number];

/** Breakdown key of clicks that carried no (or no valid) Referer. */
export const DIRECT_REFERRER = '(direct)';

/**
 * Breakdown key of clicks whose country is unknown (private, loopback or unlisted addresses):
 * CLDR's code for an unknown region, which `Intl.DisplayNames` names ("Unknown Region").
 */
export const UNKNOWN_COUNTRY = 'ZZ';

/**
 * How a visitor reached a tracking link: `link` (its address, clicked or typed; also QR codes
 * made before scans were told apart), or `qr` (the scan address `/t/<slug>/q` that the QR codes
 * MailtoKit makes encode).
 */
export const CLICK_SOURCES = ['link', 'qr'] as const;
export type ClickSource = (typeof CLICK_SOURCES)[number];

/**
 * What the visitor of a chooser page (a tracking link set to `choose`) did: opened the message
 * with the device's mail app, Gmail, Outlook.com or Yahoo Mail, copied the address or the
 * message (`copy`), or left without choosing (`none`).
 */
export const OPENED_WITH = ['mail-app', 'gmail', 'outlook', 'yahoo', 'copy', 'none'] as const;
export type OpenedWith = (typeof OPENED_WITH)[number];
/** The choices a chooser page records (all but `none`). */
export const OPEN_CHOICES = ['mail-app', 'gmail', 'outlook', 'yahoo', 'copy'] as const;
export type OpenChoice = (typeof OPEN_CHOICES)[number];
export const ANALYTICS_COUNTRY_MESSAGE =
  'Must be an ISO 3166-1 alpha-2 country code (such as DE), or ZZ for unknown';

export const ANALYTICS_MESSAGES = {
  badDate: 'Must be a date (YYYY-MM-DD) or an ISO 8601 date-time with a time zone',
  fromAfterTo: 'Must not be after to',
  tooLong: `The range may cover at most ${ANALYTICS_MAX_DAYS} days`,
} as const;

/**
 * `from` and `to` are ISO dates (`2026-11-01`) or date-times with a time zone
 * (`2026-11-01T13:00:00Z`); both ends are inclusive and widened to whole buckets (UTC days or
 * hours). Defaults: the last 30 days ending today (UTC), daily. Ranges longer than
 * ANALYTICS_MAX_DAYS are refused (400); hourly ranges are cut to the last
 * ANALYTICS_MAX_HOURLY_POINTS hours.
 */
export const AnalyticsQuery = z.object({
  from: singleLineText().max(40).optional(),
  to: singleLineText().max(40).optional(),
  interval: z.enum(ANALYTICS_INTERVALS).default('day'),
  /**
   * Only clicks from this country (ISO 3166-1 alpha-2, any case; UNKNOWN_COUNTRY for clicks of
   * unknown country): every figure of the answer is filtered. An unassigned code is refused.
   */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, ANALYTICS_COUNTRY_MESSAGE)
    .transform((c) => c.toUpperCase())
    .optional()
    .meta({ description: 'ISO 3166-1 alpha-2 country code, or ZZ for unknown' }),
});
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

export const Totals = z.object({
  /** Human clicks in the range. */
  clicks: z.number().int(),
  /**
   * Distinct visitors among them. A visitor is a daily-salted hash of IP and user agent, so
   * the same person counts once per UTC day. In the overview: the sum over the links.
   */
  uniqueVisitors: z.number().int(),
  /** Hits left out of the counts above, whatever the reason (the sum of `filtered`). */
  botClicks: z.number().int(),
  /** Hits left out of the counts, by reason. */
  filtered: z.object({
    bot: z.number().int(),
    preview: z.number().int(),
    scanner: z.number().int(),
    prefetch: z.number().int(),
    repeat: z.number().int(),
    embedded: z.number().int(),
  }),
});

/** One bucket of the zero-filled series: `t` is the bucket start (ISO date-time, UTC). */
export const SeriesPoint = z.object({
  t: dateTime(),
  clicks: z.number().int(),
  uniqueVisitors: z.number().int(),
});

/** Top ANALYTICS_TOP_N keys by human clicks, most first. */
export const Breakdown = z.array(z.object({ key: z.string(), clicks: z.number().int() }));

/**
 * Top ANALYTICS_TOP_N cities by human clicks, most first: only when the server's database
 * names cities (an operator's City database), else empty. Clicks without a city are left out.
 */
export const CityBreakdown = z.array(
  z.object({
    /** ISO 3166-1 alpha-2 code of the city's country (UNKNOWN_COUNTRY if none). */
    country: z.string(),
    city: z.string(),
    clicks: z.number().int(),
  }),
);

export const LinkAnalytics = z
  .object({
    linkId: z.number().int(),
    /** Start of the range actually covered (ISO date-time, inclusive). */
    from: dateTime(),
    /** End of the range actually covered (ISO date-time, exclusive: the next bucket's start). */
    to: dateTime(),
    interval: z.enum(ANALYTICS_INTERVALS),
    /** The country every figure is filtered to (the `country` asked for); null: all clicks. */
    country: z.string().nullable(),
    totals: Totals,
    series: z.array(SeriesPoint),
    /** Referrer host names; DIRECT_REFERRER for clicks without one. */
    referrers: Breakdown,
    browsers: Breakdown,
    os: Breakdown,
    devices: Breakdown,
    /**
     * ISO 3166-1 alpha-2 country codes of the client addresses (the addresses are never kept);
     * UNKNOWN_COUNTRY for private, loopback and unlisted addresses.
     */
    countries: Breakdown,
    /** Human clicks by how the visitor came (CLICK_SOURCES: `link` or `qr`). */
    sources: Breakdown,
    /**
     * Chooser page views by what the visitor chose (OPENED_WITH); clicks of tracking links that
     * open the mail app directly are not in it.
     */
    openedWith: Breakdown,
    cities: CityBreakdown,
    /** Per tracking link: its label, or its slug when unlabelled. */
    labels: Breakdown,
  })
  .meta({ id: 'LinkAnalytics' });
export type LinkAnalytics = z.infer<typeof LinkAnalytics>;

/**
 * Every link the caller can see (own and shared with their teams), most clicked first. Totals
 * and series add up the links' figures (a visitor of two links counts twice).
 */
export const AnalyticsOverview = z
  .object({
    from: dateTime(),
    to: dateTime(),
    interval: z.enum(ANALYTICS_INTERVALS),
    /** The country every figure is filtered to (the `country` asked for); null: all clicks. */
    country: z.string().nullable(),
    totals: Totals,
    series: z.array(SeriesPoint),
    /** Human clicks of every link by how the visitor came (CLICK_SOURCES). */
    sources: Breakdown,
    /** Chooser page views of every link by what the visitor chose (OPENED_WITH). */
    openedWith: Breakdown,
    /** Countries of the clicks of every link, as in LinkAnalytics. */
    countries: Breakdown,
    cities: CityBreakdown,
    links: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        teamId: z.number().int().nullable(),
        clicks: z.number().int(),
        uniqueVisitors: z.number().int(),
        /** Active tracking links (now, not in the range). */
        trackingLinks: z.number().int(),
        /** Last human click in the range. */
        lastClickAt: dateTime().nullable(),
      }),
    ),
  })
  .meta({ id: 'AnalyticsOverview' });
export type AnalyticsOverview = z.infer<typeof AnalyticsOverview>;
