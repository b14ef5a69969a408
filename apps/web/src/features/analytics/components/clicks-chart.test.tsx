import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClicksChart, type ChartPoint } from './clicks-chart';

const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}T00:00:00.000Z`;

/** 14 days, clicks on the 3rd and the 10th only. */
const SERIES: ChartPoint[] = Array.from({ length: 14 }, (_, i) => ({
  t: day(i + 1),
  clicks: i === 2 ? 3 : i === 9 ? 1 : 0,
  uniqueVisitors: i === 2 ? 2 : i === 9 ? 1 : 0,
}));

// happy-dom lays nothing out: give the chart's box a width to draw in.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.restoreAllMocks());

describe('ClicksChart', () => {
  it('marks the days with visitors only, not a row of dots along zero', () => {
    const { container } = render(<ClicksChart series={SERIES} interval="day" />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/4 clicks in total/);
    expect(container.querySelectorAll('circle')).toHaveLength(2);
    // One bar per day with clicks.
    expect(container.querySelectorAll('rect.fill-primary')).toHaveLength(2);
  });

  it('says so when the range has no clicks, and draws nothing', () => {
    const quiet = SERIES.map((p) => ({ ...p, clicks: 0, uniqueVisitors: 0 }));
    const { container } = render(<ClicksChart series={quiet} interval="day" />);
    expect(screen.getByTestId('chart-empty').textContent).toBe('No clicks in this period');
    expect(container.querySelector('svg[role="img"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show data table' })).toBeNull();
  });
});
