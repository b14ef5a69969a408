import { describe, expect, it } from 'vitest';
import {
  addDays,
  DAY_MS,
  daysInclusive,
  isIsoDate,
  parseIsoDate,
  parseIsoDateTime,
  startOfUtcDay,
  utcToday,
} from './utc-day';

describe('parseIsoDate and isIsoDate', () => {
  it('reads a real calendar date as its midnight UTC', () => {
    expect(parseIsoDate('2026-11-21')).toBe(Date.UTC(2026, 10, 21));
    expect(parseIsoDate('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(isIsoDate('2026-01-01')).toBe(true);
  });

  it.each([
    '2026-02-29', // not a leap year
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-11-31',
    '2026-1-1',
    '2026-11-21T00:00:00Z',
    ' 2026-11-21',
    '21/11/2026',
    '',
  ])('%j is not a date', (value) => {
    expect(parseIsoDate(value)).toBeNull();
    expect(isIsoDate(value)).toBe(false);
  });

  it('is false for a missing value', () => {
    expect(isIsoDate(null)).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });
});

describe('parseIsoDateTime', () => {
  it.each([
    ['2026-11-21T18:00Z', Date.UTC(2026, 10, 21, 18)],
    ['2026-11-21T18:00:00Z', Date.UTC(2026, 10, 21, 18)],
    ['2026-11-21T18:00:00.250z', Date.UTC(2026, 10, 21, 18, 0, 0, 250)],
    ['2026-11-21T18:00:00+01:00', Date.UTC(2026, 10, 21, 17)],
    ['2026-11-21T18:00:00-0530', Date.UTC(2026, 10, 21, 23, 30)],
  ])('%s', (value, ms) => expect(parseIsoDateTime(value)).toBe(ms));

  it.each(['2026-11-21', '2026-11-21T18:00:00', '2026-11-21 18:00Z', '2026-13-01T00:00Z', 'soon'])(
    '%j is not one',
    (value) => expect(parseIsoDateTime(value)).toBeNull(),
  );
});

describe('utcToday and startOfUtcDay', () => {
  it('takes the day in UTC, whatever the zone the instant was written in', () => {
    expect(utcToday(new Date('2026-11-21T23:30:00-05:00'))).toBe('2026-11-22');
    expect(utcToday(new Date('2026-11-22T00:30:00+02:00'))).toBe('2026-11-21');
    expect(utcToday(new Date('2026-11-21T00:00:00Z'))).toBe('2026-11-21');
  });

  it('floors an instant to midnight UTC', () => {
    expect(startOfUtcDay(new Date('2026-11-21T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
    expect(startOfUtcDay(new Date('2026-11-21T00:00:00Z')).toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
    expect(startOfUtcDay(new Date('2026-11-21T01:00:00+02:00')).toISOString()).toBe(
      '2026-11-20T00:00:00.000Z',
    );
  });
});

describe('addDays', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-21', 0)).toBe('2026-11-21');
    expect(addDays('2026-11-21', -365)).toBe('2025-11-21');
  });

  it('rejects something that is not a date', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });
});

describe('daysInclusive', () => {
  it('counts both ends', () => {
    expect(daysInclusive('2026-11-21', '2026-11-21')).toBe(1);
    expect(daysInclusive('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysInclusive('2028-02-01', '2028-03-01')).toBe(30);
    expect(daysInclusive('2025-11-21', '2026-11-21')).toBe(366);
  });

  it('is 0 or less when the end comes first, 0 for a non-date', () => {
    expect(daysInclusive('2026-11-02', '2026-11-01')).toBe(0);
    expect(daysInclusive('2026-11-05', '2026-11-01')).toBe(-3);
    expect(daysInclusive('2026-02-30', '2026-03-01')).toBe(0);
  });

  it('agrees with addDays', () => {
    for (const n of [0, 1, 6, 29, 89, 365])
      expect(daysInclusive('2026-11-21', addDays('2026-11-21', n))).toBe(n + 1);
  });
});

describe('DAY_MS', () => {
  it('is one UTC day (no leap seconds, no daylight saving)', () => {
    expect(Date.UTC(2026, 2, 30) - Date.UTC(2026, 2, 29)).toBe(DAY_MS);
  });
});
