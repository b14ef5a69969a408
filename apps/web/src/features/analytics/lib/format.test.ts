import { DIRECT_REFERRER, UNKNOWN_COUNTRY } from '@mailtokit/contracts/analytics';
import { describe, expect, it } from 'vitest';
import {
  breakdownLabel,
  countryName,
  chartSummary,
  formatAxisLabel,
  formatBucket,
  formatCount,
  formatMoment,
  formatPercent,
  hourLabelIndexes,
  labelIndexes,
  niceTicks,
  percentOf,
  plural,
} from './format';

describe('numbers', () => {
  it('formats counts and plurals', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(plural(1, 'click')).toBe('1 click');
    expect(plural(1200, 'click')).toBe('1,200 clicks');
    expect(plural(2, 'unique visitor')).toBe('2 unique visitors');
  });

  it('computes shares safely', () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(3, 0)).toBe(0);
    expect(percentOf(0, 10)).toBe(0);
    expect(percentOf(5, 4)).toBe(100);
  });

  it('formats shares without misleading rounding', () => {
    expect(formatPercent(1, 3)).toBe('33%');
    expect(formatPercent(2, 3)).toBe('67%');
    expect(formatPercent(0, 3)).toBe('0%');
    expect(formatPercent(1, 1000)).toBe('<1%');
    expect(formatPercent(999, 1000)).toBe('>99%');
    expect(formatPercent(7, 7)).toBe('100%');
    expect(formatPercent(1, 0)).toBe('0%');
  });
});

describe('dates', () => {
  it('formats buckets in UTC', () => {
    expect(formatBucket('2026-11-21T00:00:00.000Z', 'day')).toBe('Nov 21, 2026');
    expect(formatBucket('2026-11-21T13:00:00.000Z', 'hour')).toBe('Nov 21, 2026, 13:00 UTC');
    expect(formatBucket('nonsense', 'day')).toBe('nonsense');
  });

  it('labels the axis with days, or hours within a day', () => {
    expect(formatAxisLabel('2026-11-21T00:00:00.000Z', 'day')).toBe('Nov 21');
    expect(formatAxisLabel('2026-11-21T00:00:00.000Z', 'hour')).toBe('Nov 21');
    expect(formatAxisLabel('2026-11-21T07:00:00.000Z', 'hour')).toBe('07:00');
  });

  it('says Never without a moment', () => {
    expect(formatMoment(null)).toBe('Never');
    expect(formatMoment('garbage', '—')).toBe('—');
    expect(formatMoment('2026-11-21T13:05:00Z')).toMatch(/2026/);
  });
});

describe('breakdownLabel', () => {
  it('names direct visits and device types', () => {
    expect(breakdownLabel('referrers', DIRECT_REFERRER)).toBe('Direct (no referrer)');
    expect(breakdownLabel('referrers', 'news.example.com')).toBe('news.example.com');
    expect(breakdownLabel('devices', 'mobile')).toBe('Mobile');
    expect(breakdownLabel('devices', 'toaster')).toBe('toaster');
    expect(breakdownLabel('browsers', 'Chrome')).toBe('Chrome');
  });
});

describe('countryName', () => {
  it('names countries in the given language, unknown ones plainly', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('JP', ['fr', 'en'])).toBe('Japon');
    expect(countryName(UNKNOWN_COUNTRY, 'en')).toBe('Unknown');
    expect(countryName('not a code', 'en')).toBe('not a code');
    expect(breakdownLabel('countries', UNKNOWN_COUNTRY)).toBe('Unknown');
  });
});

describe('chartSummary', () => {
  const day = (d: number, clicks: number) => ({
    t: `2026-11-${String(d).padStart(2, '0')}T00:00:00.000Z`,
    clicks,
  });

  it('states the span, total and peak', () => {
    expect(chartSummary([day(1, 2), day(2, 5), day(3, 0)], 'day')).toBe(
      'Clicks per day from Nov 1, 2026 to Nov 3, 2026: 7 clicks in total, at most 5 on Nov 2, 2026.',
    );
  });

  it('says when there are none', () => {
    expect(chartSummary([day(1, 0), day(2, 0)], 'day')).toBe(
      'Clicks per day from Nov 1, 2026 to Nov 2, 2026: no clicks.',
    );
    expect(chartSummary([], 'hour')).toBe('Clicks per hour: no data.');
  });
});

describe('niceTicks', () => {
  it('gives round whole steps from 0 past the maximum', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(87)).toEqual([0, 50, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('always reaches the maximum', () => {
    for (const max of [1, 2, 9, 13, 99, 101, 4567, 99999]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });
});

describe('labelIndexes', () => {
  it('labels every point when they fit', () => {
    expect(labelIndexes(0, 6)).toEqual([]);
    expect(labelIndexes(4, 6)).toEqual([0, 1, 2, 3]);
  });

  it('spaces labels evenly and keeps at most max (+ the last)', () => {
    expect(labelIndexes(30, 6)).toEqual([0, 6, 12, 18, 24, 29]);
    expect(labelIndexes(7, 4)).toEqual([0, 2, 4, 6]);
    for (const n of [8, 31, 90, 366, 744]) {
      const out = labelIndexes(n, 6);
      expect(out[0]).toBe(0);
      expect(out.length).toBeLessThanOrEqual(7);
    }
  });
});

describe('hourLabelIndexes', () => {
  const hours = (start: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      t: new Date(Date.parse(start) + i * 3_600_000).toISOString(),
    }));

  it('labels round hours', () => {
    // 48 hours from 05:00, at most 6 labels: every 12 hours, at 12:00 and midnight.
    const series = hours('2026-11-20T05:00:00Z', 48);
    const out = hourLabelIndexes(series, 6);
    expect(out.map((i) => series[i]!.t.slice(11, 16))).toEqual([
      '12:00',
      '00:00',
      '12:00',
      '00:00',
    ]);
  });

  it('labels midnights for a week', () => {
    const series = hours('2026-11-15T00:00:00Z', 168);
    const out = hourLabelIndexes(series, 8);
    expect(out).toEqual([0, 24, 48, 72, 96, 120, 144]);
  });

  it('never returns nothing', () => {
    expect(hourLabelIndexes([], 4)).toEqual([]);
    expect(hourLabelIndexes(hours('2026-11-15T05:00:00Z', 2), 1)).toEqual([1]);
    expect(hourLabelIndexes(hours('2026-11-15T05:00:00Z', 2), 0)).toEqual([0]);
  });
});
