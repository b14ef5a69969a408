import { DIRECT_REFERRER, UNKNOWN_COUNTRY } from '@mailtokit/contracts/analytics';
import type { Interval } from './range';

const COUNT = new Intl.NumberFormat('en-US');

/** 1234 -> '1,234'. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** `part` as a share of `total`, 0-100 (0 when there is no total). */
export function percentOf(part: number, total: number): number {
  if (!(total > 0) || !(part > 0)) return 0;
  return Math.min(100, (part / total) * 100);
}

/** '42%', '<1%' for a small non-zero share, '0%' for none; never rounds a part up to 100%. */
export function formatPercent(part: number, total: number): string {
  const share = percentOf(part, total);
  if (share === 0) return '0%';
  if (share < 1) return '<1%';
  if (share < 100 && Math.round(share) === 100) return '>99%';
  return `${Math.round(share)}%`;
}

/** 1 click / 2 clicks. */
export function plural(count: number, one: string, many: string = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const HOUR = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** A bucket start in full: 'Nov 21, 2026' (days) or 'Nov 21, 2026, 13:00 UTC' (hours). */
export function formatBucket(t: string, interval: Interval): string {
  const at = new Date(t);
  if (Number.isNaN(at.getTime())) return t;
  const day = DAY_YEAR.format(at);
  return interval === 'hour' ? `${day}, ${HOUR.format(at)} UTC` : day;
}

/** A bucket start on the chart's axis: 'Nov 21', or '13:00' for an hour that is not midnight. */
export function formatAxisLabel(t: string, interval: Interval): string {
  const at = new Date(t);
  if (Number.isNaN(at.getTime())) return t;
  if (interval === 'hour' && at.getUTCHours() !== 0) return HOUR.format(at);
  return DAY.format(at);
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment in the viewer's time zone ('Nov 21, 2026, 1:05 PM'); 'Never' when missing. */
export function formatMoment(iso: string | null | undefined, never = 'Never'): string {
  if (!iso) return never;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? never : DATE_TIME.format(at);
}

export type BreakdownKind =
  | 'referrers'
  | 'browsers'
  | 'os'
  | 'devices'
  | 'countries'
  | 'cities'
  | 'sources'
  | 'openedWith'
  | 'labels';

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the reader's language (`locales`: the browser's when absent) from its
 * ISO 3166-1 alpha-2 code; `Unknown` for UNKNOWN_COUNTRY, the code itself when it names none.
 */
export function countryName(code: string, locales?: string | readonly string[]): string {
  if (code === UNKNOWN_COUNTRY) return 'Unknown';
  const key = locales === undefined ? '' : String(locales);
  let names = regionNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames(locales as string[] | undefined, {
      type: 'region',
      fallback: 'code',
    });
    regionNames.set(key, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

const DEVICE_NAMES: Record<string, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  bot: 'Bot',
  other: 'Other',
};

const SOURCE_NAMES: Record<string, string> = { link: 'Link', qr: 'QR code' };

const OPENED_WITH_NAMES: Record<string, string> = {
  'mail-app': 'Mail app',
  gmail: 'Gmail',
  outlook: 'Outlook',
  yahoo: 'Yahoo Mail',
  copy: 'Copied',
  none: 'Left without choosing',
};

/** How a breakdown key reads in a table. */
export function breakdownLabel(kind: BreakdownKind, key: string): string {
  if (kind === 'referrers' && key === DIRECT_REFERRER) return 'Direct (no referrer)';
  if (kind === 'devices') return DEVICE_NAMES[key] ?? key;
  if (kind === 'sources') return SOURCE_NAMES[key] ?? key;
  if (kind === 'openedWith') return OPENED_WITH_NAMES[key] ?? key;
  if (kind === 'countries') return countryName(key);
  return key;
}

/**
 * The text alternative of the clicks chart: what it shows, the total and the busiest
 * bucket. Screen-reader users get the full series from the data table.
 */
export function chartSummary(
  series: readonly { t: string; clicks: number }[],
  interval: Interval,
): string {
  const unit = interval === 'hour' ? 'hour' : 'day';
  if (series.length === 0) return `Clicks per ${unit}: no data.`;
  const first = series[0]!;
  const last = series[series.length - 1]!;
  const total = series.reduce((sum, p) => sum + p.clicks, 0);
  const span = `from ${formatBucket(first.t, interval)} to ${formatBucket(last.t, interval)}`;
  if (total === 0) return `Clicks per ${unit} ${span}: no clicks.`;
  const peak = series.reduce((best, p) => (p.clicks > best.clicks ? p : best), first);
  return `Clicks per ${unit} ${span}: ${plural(total, 'click')} in total, at most ${formatCount(
    peak.clicks,
  )} on ${formatBucket(peak.t, interval)}.`;
}

/**
 * Round axis ticks from 0 to at least `max`: steps of 1, 2 or 5 times a power of ten, about
 * `count` of them. `max` 0 gives [0, 1] so an empty chart still has a scale.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  // Whole numbers only: clicks are counted, and a step below 1 would repeat labels.
  const whole = Math.max(1, step);
  for (let v = 0; v < max + whole; v += whole) {
    ticks.push(v);
    if (v >= max) break;
  }
  return ticks;
}

/**
 * Which of `n` points get an axis label: at most `max`, evenly spaced, the first always
 * and the last when it fits.
 */
export function labelIndexes(n: number, max: number): number[] {
  if (n <= 0) return [];
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const step = Math.ceil((n - 1) / (max - 1));
  const out: number[] = [];
  for (let i = 0; i < n; i += step) out.push(i);
  const lastShown = out[out.length - 1]!;
  if (lastShown !== n - 1 && n - 1 - lastShown >= step / 2) out.push(n - 1);
  return out;
}

const HOUR_STEPS = [1, 2, 3, 6, 12, 24, 48, 72, 168];

/**
 * Axis labels of an hourly series: at most about `max` of them, on round hours (every 1, 2,
 * 3, 6 or 12 hours, or at midnight every 1, 2, 3 or 7 days) so the labels read as a clock.
 */
export function hourLabelIndexes(series: readonly { t: string }[], max: number): number[] {
  const n = series.length;
  if (n === 0) return [];
  const step =
    HOUR_STEPS.find((s) => Math.ceil(n / s) <= max) ?? HOUR_STEPS[HOUR_STEPS.length - 1]!;
  const out: number[] = [];
  series.forEach((point, i) => {
    const hours = Math.floor(new Date(point.t).getTime() / 3_600_000);
    if (Number.isFinite(hours) && hours % step === 0) out.push(i);
  });
  return out.length > 0 ? out : [0];
}
