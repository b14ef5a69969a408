import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MAX_HOURLY_POINTS,
  ANALYTICS_MESSAGES,
  type ANALYTICS_INTERVALS,
} from '@mailtokit/contracts/analytics';
import { DAY_MS, HOUR_MS, parseIsoDate, parseIsoDateTime } from '@mailtokit/contracts/utc-day';
import { validationError } from '../../lib/errors';

export type Interval = (typeof ANALYTICS_INTERVALS)[number];

/** Days in the default range, today included. */
export const DEFAULT_RANGE_DAYS = 30;

/** A half-open range of whole buckets: `from` inclusive, `to` exclusive (UTC). */
export interface TimeRange {
  from: Date;
  to: Date;
  interval: Interval;
}

type Parsed = { at: Date; dateOnly: boolean } | null;

/** `YYYY-MM-DD` (a real calendar date) or an ISO date-time with a zone; else null. */
function parseInstant(raw: string): Parsed {
  const value = raw.trim();
  const day = parseIsoDate(value);
  if (day !== null) return { at: new Date(day), dateOnly: true };
  const ms = parseIsoDateTime(value);
  return ms === null ? null : { at: new Date(ms), dateOnly: false };
}

const bucketMs = (interval: Interval) => (interval === 'hour' ? HOUR_MS : DAY_MS);

/** Start of the bucket holding `at`. */
export function floorTo(at: Date, interval: Interval): Date {
  const size = bucketMs(interval);
  return new Date(Math.floor(at.getTime() / size) * size);
}

/**
 * The range an analytics request covers. Both ends are inclusive and widened to whole
 * buckets; a date `to` includes that whole day. Defaults: the 30 days ending today (UTC).
 * Too long: 400; hourly ranges are cut to the last ANALYTICS_MAX_HOURLY_POINTS hours.
 */
export function resolveRange(
  query: { from?: string | undefined; to?: string | undefined; interval: Interval },
  now: Date,
): TimeRange {
  const { interval } = query;
  const fields: Record<string, string> = {};
  const from = query.from === undefined || query.from === '' ? undefined : parseInstant(query.from);
  const to = query.to === undefined || query.to === '' ? undefined : parseInstant(query.to);
  if (from === null) fields.from = ANALYTICS_MESSAGES.badDate;
  if (to === null) fields.to = ANALYTICS_MESSAGES.badDate;
  if (from === null || to === null) throw validationError(fields);

  // The exclusive end: the day after a date `to` (or today), else the bucket after `to`'s.
  let end: Date;
  if (!to) end = new Date(floorTo(now, 'day').getTime() + DAY_MS);
  else if (to.dateOnly) end = new Date(to.at.getTime() + DAY_MS);
  else end = new Date(floorTo(to.at, interval).getTime() + bucketMs(interval));
  const lastDay = floorTo(new Date(end.getTime() - 1), 'day');
  const start = from
    ? floorTo(from.at, interval)
    : new Date(lastDay.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);

  const toInclusive = to && !to.dateOnly ? to.at : new Date(end.getTime() - 1);
  if (from && from.at.getTime() > toInclusive.getTime())
    throw validationError({ from: ANALYTICS_MESSAGES.fromAfterTo });
  if (end.getTime() - start.getTime() > ANALYTICS_MAX_DAYS * DAY_MS)
    throw validationError({ to: ANALYTICS_MESSAGES.tooLong });
  if (
    interval === 'hour' &&
    end.getTime() - start.getTime() > ANALYTICS_MAX_HOURLY_POINTS * HOUR_MS
  )
    return {
      from: new Date(end.getTime() - ANALYTICS_MAX_HOURLY_POINTS * HOUR_MS),
      to: end,
      interval,
    };
  return { from: start, to: end, interval };
}

/** Characters of an ISO timestamp that name its bucket: `2026-11-21` or `2026-11-21T13`. */
export const bucketKeyLength = (interval: Interval) => (interval === 'hour' ? 13 : 10);

/** Every bucket start of the range, in order, with its key. */
export function bucketsOf(range: TimeRange): { key: string; t: string }[] {
  const size = bucketMs(range.interval);
  const len = bucketKeyLength(range.interval);
  const out: { key: string; t: string }[] = [];
  for (let ms = range.from.getTime(); ms < range.to.getTime(); ms += size) {
    const t = new Date(ms).toISOString();
    out.push({ key: t.slice(0, len), t });
  }
  return out;
}
