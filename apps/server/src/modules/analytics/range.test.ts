import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { bucketsOf, resolveRange } from './range';

const NOW = new Date('2026-11-21T15:42:00.000Z');
const iso = (r: { from: Date; to: Date }) => [r.from.toISOString(), r.to.toISOString()];

describe('resolveRange', () => {
  it('defaults to the 30 days ending today (UTC)', () => {
    const r = resolveRange({ interval: 'day' }, NOW);
    expect(iso(r)).toEqual(['2026-10-23T00:00:00.000Z', '2026-11-22T00:00:00.000Z']);
    expect(bucketsOf(r)).toHaveLength(30);
  });

  it('includes the whole `to` day, and widens date-times to whole buckets', () => {
    expect(
      iso(resolveRange({ from: '2026-11-01', to: '2026-11-01', interval: 'day' }, NOW)),
    ).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z']);
    expect(
      iso(
        resolveRange(
          { from: '2026-11-01T10:30:00Z', to: '2026-11-01T12:05:00Z', interval: 'hour' },
          NOW,
        ),
      ),
    ).toEqual(['2026-11-01T10:00:00.000Z', '2026-11-01T13:00:00.000Z']);
    expect(
      iso(
        resolveRange(
          { from: '2026-11-01T10:30:00Z', to: '2026-11-03T01:00:00Z', interval: 'day' },
          NOW,
        ),
      ),
    ).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-04T00:00:00.000Z']);
  });

  it('defaults a missing end to today and a missing start to 30 days before the end', () => {
    expect(iso(resolveRange({ from: '2026-11-20', interval: 'day' }, NOW))).toEqual([
      '2026-11-20T00:00:00.000Z',
      '2026-11-22T00:00:00.000Z',
    ]);
    expect(iso(resolveRange({ to: '2026-01-30', interval: 'day' }, NOW))).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-01-31T00:00:00.000Z',
    ]);
  });

  it('handles leap days and refuses impossible dates', () => {
    expect(() =>
      resolveRange({ from: '2024-02-29', to: '2024-03-01', interval: 'day' }, NOW),
    ).not.toThrow();
    for (const bad of [
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '26-11-01',
      '2026-11-01T25:00:00Z',
    ])
      expect(() => resolveRange({ from: bad, interval: 'day' }, NOW)).toThrow(AppError);
  });

  it('labels hourly buckets by their start', () => {
    const r = resolveRange(
      { from: '2026-11-01T22:00:00Z', to: '2026-11-02T01:59:59Z', interval: 'hour' },
      NOW,
    );
    expect(bucketsOf(r).map((b) => b.key)).toEqual([
      '2026-11-01T22',
      '2026-11-01T23',
      '2026-11-02T00',
      '2026-11-02T01',
    ]);
  });
});
