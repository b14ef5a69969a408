import { describe, expect, it } from 'vitest';
import {
  apiQueryString,
  DEFAULT_RANGE,
  hourlyAllowed,
  mergeRangeParams,
  parseRangeParams,
  RANGE_MESSAGES,
  rangeDates,
  rangeLabel,
  rangeToParams,
  toApiQuery,
  validateCustomRange,
  withInterval,
  type AnalyticsRange,
} from './range';

const parse = (query: string) => parseRangeParams(new URLSearchParams(query));

describe('validateCustomRange', () => {
  it('accepts from <= to up to 366 days', () => {
    expect(validateCustomRange('2026-11-21', '2026-11-21')).toBeNull();
    expect(validateCustomRange('2025-11-21', '2026-11-21')).toBeNull(); // 366 days
  });

  it('refuses missing, unreal, reversed and too long ranges', () => {
    expect(validateCustomRange('', '2026-11-21')).toBe(RANGE_MESSAGES.missing);
    expect(validateCustomRange('2026-02-30', '2026-03-02')).toBe(RANGE_MESSAGES.missing);
    expect(validateCustomRange('2026-11-22', '2026-11-21')).toBe(RANGE_MESSAGES.fromAfterTo);
    expect(validateCustomRange('2025-11-20', '2026-11-21')).toBe(RANGE_MESSAGES.tooLong);
  });
});

describe('parseRangeParams', () => {
  it('defaults to the last 30 days, daily', () => {
    expect(parse('')).toEqual(DEFAULT_RANGE);
    expect(parse('range=12')).toEqual(DEFAULT_RANGE);
    expect(parse('range=abc&interval=week')).toEqual(DEFAULT_RANGE);
  });

  it('reads presets and keeps hours only where offered', () => {
    expect(parse('range=7&interval=hour')).toEqual({ kind: 'preset', days: 7, interval: 'hour' });
    expect(parse('range=30&interval=hour')).toEqual({
      kind: 'preset',
      days: 30,
      interval: 'hour',
    });
    expect(parse('range=90&interval=hour')).toEqual({ kind: 'preset', days: 90, interval: 'day' });
  });

  it('reads a valid custom range, which wins over range=', () => {
    expect(parse('range=7&from=2026-11-01&to=2026-11-10&interval=hour')).toEqual({
      kind: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
      interval: 'hour',
    });
    expect(parse('from=2026-01-01&to=2026-11-10&interval=hour').interval).toBe('day');
  });

  it('falls back when the custom range is invalid', () => {
    expect(parse('from=2026-11-10&to=2026-11-01&range=7')).toEqual({
      kind: 'preset',
      days: 7,
      interval: 'day',
    });
    expect(parse('from=2026-11-10')).toEqual(DEFAULT_RANGE);
  });

  it('round-trips through the URL', () => {
    const ranges: AnalyticsRange[] = [
      { kind: 'preset', days: 7, interval: 'hour' },
      { kind: 'preset', days: 90, interval: 'day' },
      { kind: 'custom', from: '2026-10-01', to: '2026-10-31', interval: 'hour' },
    ];
    for (const range of ranges)
      expect(parseRangeParams(new URLSearchParams(rangeToParams(range)))).toEqual(range);
  });

  it('replaces only the range parameters of a URL', () => {
    const before = new URLSearchParams('tab=x&range=7&interval=hour');
    const after = mergeRangeParams(before, {
      kind: 'custom',
      from: '2026-11-01',
      to: '2026-11-02',
      interval: 'day',
    });
    expect(after.toString()).toBe('tab=x&from=2026-11-01&to=2026-11-02');
    expect(before.get('range')).toBe('7');
  });
});

describe('API query', () => {
  it('covers the last N days, today included', () => {
    const range: AnalyticsRange = { kind: 'preset', days: 7, interval: 'day' };
    expect(rangeDates(range, '2026-11-21')).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(toApiQuery(range, '2026-11-21')).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
      interval: 'day',
    });
    expect(apiQueryString({ from: '2026-11-15', to: '2026-11-21', interval: 'hour' })).toBe(
      'from=2026-11-15&to=2026-11-21&interval=hour',
    );
  });

  it('offers hours up to 31 days', () => {
    expect(
      hourlyAllowed({ kind: 'custom', from: '2026-10-01', to: '2026-10-31', interval: 'day' }),
    ).toBe(true);
    expect(
      hourlyAllowed({ kind: 'custom', from: '2026-10-01', to: '2026-11-01', interval: 'day' }),
    ).toBe(false);
    expect(withInterval({ kind: 'preset', days: 90, interval: 'day' }, 'hour').interval).toBe(
      'day',
    );
  });

  it('labels ranges', () => {
    expect(rangeLabel({ kind: 'preset', days: 7, interval: 'day' })).toBe('Last 7 days');
    expect(
      rangeLabel({ kind: 'custom', from: '2026-11-01', to: '2026-11-21', interval: 'day' }),
    ).toBe('Nov 1, 2026 – Nov 21, 2026');
    expect(
      rangeLabel({ kind: 'custom', from: '2026-11-01', to: '2026-11-01', interval: 'day' }),
    ).toBe('Nov 1, 2026');
  });
});
