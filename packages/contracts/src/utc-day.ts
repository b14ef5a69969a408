/*
 * Calendar days in UTC, written `YYYY-MM-DD`: the unit of analytics buckets and ranges, of the
 * daily visitor salt and of the click rollup. Server and web count days the same way here.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC (epoch ms) of a `YYYY-MM-DD` calendar date, or null when it is not a real date. */
export function parseIsoDate(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const at = new Date(ms);
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return ms;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Epoch ms of an ISO 8601 date-time with a zone (`2026-11-21T18:00Z`, `…T18:00:00.5+01:00`),
 * or null: a date-time without a zone would depend on the reader's clock settings.
 */
export function parseIsoDateTime(value: string): number | null {
  if (!ISO_DATE_TIME.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

/** The UTC day of an instant (today by default), `YYYY-MM-DD`. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Midnight UTC of the day holding `at`. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** `day` moved by `days` (negative: earlier). Throws RangeError when `day` is not a date. */
export function addDays(day: string, days: number): string {
  const ms = parseIsoDate(day);
  if (ms === null) throw new RangeError(`Not a date: ${day}`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 when they are the same day, 0 or less when `to` comes first). */
export function daysInclusive(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (a === null || b === null) return 0;
  return Math.round((b - a) / DAY_MS) + 1;
}
