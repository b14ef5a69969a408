import { describe, expect, it } from 'vitest';
import {
  clicksLabel,
  compactCount,
  createdLabel,
  summarizeAddresses,
  trackingLinksLabel,
} from './format';

describe('createdLabel', () => {
  it('formats a valid date', () => {
    expect(createdLabel('2026-01-05T10:00:00.000Z')).toBe('Created: Jan 5, 2026');
  });

  it.each([null, undefined, '', 'not a date'])('says Recently for %s', (value) => {
    expect(createdLabel(value)).toBe('Created: recently');
  });
});

describe('summarizeAddresses', () => {
  it('shows the first few and counts the rest', () => {
    expect(summarizeAddresses('a@x.org, b@x.org, c@x.org', 2)).toEqual({
      shown: 'a@x.org, b@x.org',
      more: 1,
      total: 3,
    });
    expect(summarizeAddresses(null, 2)).toEqual({ shown: '', more: 0, total: 0 });
  });
});

describe('createdLabel matches the browser’s en-US date', () => {
  it.each(['2026-01-05T10:00:00.000Z', '2025-12-31T23:59:59.000Z', '2024-02-29T00:30:00.000Z'])(
    '%s',
    (iso) => {
      const expected = new Date(iso).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });
      expect(createdLabel(iso)).toBe(`Created: ${expected}`);
    },
  );
});

describe('row counts', () => {
  it('says clicks in words for screen readers and in a few characters on the row', () => {
    expect(clicksLabel(0)).toBe('0 clicks in the last 30 days');
    expect(clicksLabel(1)).toBe('1 click in the last 30 days');
    expect(clicksLabel(1204)).toBe('1,204 clicks in the last 30 days');
    expect([0, 999, 1000, 1299, 9999, 12_345, 999_999, 1_250_000].map(compactCount)).toEqual([
      '0',
      '999',
      '1k',
      '1.2k',
      '9.9k',
      '12k',
      '999k',
      '1.2M',
    ]);
    expect([1, 3].map(trackingLinksLabel)).toEqual(['1 tracking link', '3 tracking links']);
  });
});
