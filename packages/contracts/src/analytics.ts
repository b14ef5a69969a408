import { z } from 'zod';

export const ANALYTICS_INTERVALS = ['hour', 'day'] as const;
/** Longest range one analytics call covers. */
export const ANALYTICS_MAX_DAYS = 366;
/** Most points an hourly series may have (the range is cut to fit). */
export const ANALYTICS_MAX_HOURLY_POINTS = 24 * 31;
/** Rows per breakdown table. */
export const ANALYTICS_TOP_N = 10;

/**
 * `from` and `to` are ISO dates (`2026-11-01`) or date-times; `to` is inclusive for dates.
 * Defaults: the last 30 days, daily.
 */
export const AnalyticsQuery = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  interval: z.enum(ANALYTICS_INTERVALS).default('day'),
});
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

export const Totals = z.object({
  /** Human clicks in the range. */
  clicks: z.number().int(),
  /** Distinct visitor hashes among them (a visitor is counted once per day salt). */
  uniqueVisitors: z.number().int(),
  /** Clicks from bots and link-preview agents, reported apart and excluded above. */
  botClicks: z.number().int(),
});

/** One bucket of the zero-filled series: `t` is the bucket start (ISO). */
export const SeriesPoint = z.object({
  t: z.string(),
  clicks: z.number().int(),
  uniqueVisitors: z.number().int(),
});

export const Breakdown = z.array(z.object({ key: z.string(), clicks: z.number().int() }));

export const LinkAnalytics = z
  .object({
    linkId: z.number().int(),
    from: z.string(),
    to: z.string(),
    interval: z.enum(ANALYTICS_INTERVALS),
    totals: Totals,
    series: z.array(SeriesPoint),
    referrers: Breakdown,
    browsers: Breakdown,
    os: Breakdown,
    devices: Breakdown,
    /** Per tracking link: its label, or its slug when unlabelled. */
    labels: Breakdown,
  })
  .meta({ id: 'LinkAnalytics' });
export type LinkAnalytics = z.infer<typeof LinkAnalytics>;

export const AnalyticsOverview = z
  .object({
    from: z.string(),
    to: z.string(),
    interval: z.enum(ANALYTICS_INTERVALS),
    totals: Totals,
    series: z.array(SeriesPoint),
    links: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        teamId: z.number().int().nullable(),
        clicks: z.number().int(),
        uniqueVisitors: z.number().int(),
        trackingLinks: z.number().int(),
        lastClickAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'AnalyticsOverview' });
export type AnalyticsOverview = z.infer<typeof AnalyticsOverview>;
