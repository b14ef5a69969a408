import { ANALYTICS_MAX_DAYS, ANALYTICS_MESSAGES } from '@mailtokit/contracts/analytics';
import { addDays, daysInclusive, isIsoDate } from '@mailtokit/contracts/utc-day';

/*
 * The range an analytics view covers, as kept in the page's URL:
 * `?range=7|30|90` (the last N days, today included) or `?from=YYYY-MM-DD&to=YYYY-MM-DD`,
 * plus `&interval=hour` (days are the default). Dates are UTC days, like the API's buckets.
 */

export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export type Interval = 'day' | 'hour';

/** Longest range (in days) an hourly view is offered for: 31 days = 744 points. */
export const HOURLY_MAX_DAYS = 31;

export type AnalyticsRange =
  | { kind: 'preset'; days: PresetDays; interval: Interval }
  | { kind: 'custom'; from: string; to: string; interval: Interval };

export const DEFAULT_PRESET: PresetDays = 30;
export const DEFAULT_RANGE: AnalyticsRange = {
  kind: 'preset',
  days: DEFAULT_PRESET,
  interval: 'day',
};

export const RANGE_MESSAGES = {
  missing: 'Choose a start date and an end date.',
  fromAfterTo: 'The start date must not be after the end date.',
  tooLong: ANALYTICS_MESSAGES.tooLong + '.',
} as const;

/** Why a custom range cannot be used, or null when it can. */
export function validateCustomRange(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return RANGE_MESSAGES.missing;
  const days = daysInclusive(from, to);
  if (days < 1) return RANGE_MESSAGES.fromAfterTo;
  if (days > ANALYTICS_MAX_DAYS) return RANGE_MESSAGES.tooLong;
  return null;
}

/** The first and last day (inclusive) a range covers, given today's date. */
export function rangeDates(range: AnalyticsRange, today: string): { from: string; to: string } {
  if (range.kind === 'custom') return { from: range.from, to: range.to };
  return { from: addDays(today, -(range.days - 1)), to: today };
}

/** How many days a range covers. */
export function rangeDays(range: AnalyticsRange): number {
  return range.kind === 'preset' ? range.days : daysInclusive(range.from, range.to);
}

/** Whether an hourly view may be offered for the range. */
export function hourlyAllowed(range: AnalyticsRange): boolean {
  return rangeDays(range) <= HOURLY_MAX_DAYS;
}

/** The range with `interval`, falling back to days when hours are not offered for it. */
export function withInterval(range: AnalyticsRange, interval: Interval): AnalyticsRange {
  return { ...range, interval: interval === 'hour' && hourlyAllowed(range) ? 'hour' : 'day' };
}

function isPreset(value: number): value is PresetDays {
  return (PRESET_DAYS as readonly number[]).includes(value);
}

/**
 * The range a URL asks for. A valid custom range wins over `range=`; anything unreadable
 * falls back to the last 30 days; `interval=hour` is kept only where hours are offered.
 */
export function parseRangeParams(params: URLSearchParams): AnalyticsRange {
  const interval: Interval = params.get('interval') === 'hour' ? 'hour' : 'day';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if ((from || to) && validateCustomRange(from, to) === null)
    return withInterval({ kind: 'custom', from, to, interval }, interval);
  const days = Number(params.get('range'));
  const preset = isPreset(days) ? days : DEFAULT_PRESET;
  return withInterval({ kind: 'preset', days: preset, interval }, interval);
}

/** The URL parameters of a range (the default range has none beyond `range=30`). */
export function rangeToParams(range: AnalyticsRange): Record<string, string> {
  const out: Record<string, string> =
    range.kind === 'preset' ? { range: String(range.days) } : { from: range.from, to: range.to };
  if (range.interval === 'hour') out.interval = 'hour';
  return out;
}

/** `params` with the range's parameters replacing any earlier range parameters. */
export function mergeRangeParams(params: URLSearchParams, range: AnalyticsRange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['range', 'from', 'to', 'interval']) next.delete(key);
  for (const [key, value] of Object.entries(rangeToParams(range))) next.set(key, value);
  return next;
}

/** What the analytics API is asked for. */
export function toApiQuery(
  range: AnalyticsRange,
  today: string,
): { from: string; to: string; interval: Interval } {
  return { ...rangeDates(range, today), interval: range.interval };
}

/** `from=…&to=…[&interval=…]` for an API URL. */
export function apiQueryString(query: { from: string; to: string; interval?: Interval }): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.interval) params.set('interval', query.interval);
  return params.toString();
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Last 30 days', or 'Nov 1, 2026 – Nov 21, 2026' for a custom range. */
export function rangeLabel(range: AnalyticsRange): string {
  if (range.kind === 'preset') return `Last ${range.days} days`;
  const from = DAY_LABEL.format(new Date(`${range.from}T00:00:00Z`));
  if (range.from === range.to) return from;
  return `${from} – ${DAY_LABEL.format(new Date(`${range.to}T00:00:00Z`))}`;
}
