import { describe, expect, it } from 'vitest';
import { MAX_CHART_POINTS, mergeByDate, returnScale, thinRows, yearEndRows } from './chart-series';

const monthly = (count: number, value: (i: number) => number) =>
  Array.from({ length: count }, (_, i) => ({
    dateAt: `${1871 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01T00:00:00.000Z`,
    valueAt: value(i),
  }));

describe('line chart data', () => {
  it('merges series by the date cut to 10 characters, in date order', () => {
    const rows = mergeByDate([
      {
        key: 'portfolio',
        values: [
          { dateAt: '1900-02-01T00:00:00Z', valueAt: 2 },
          { dateAt: '1900-01-01', valueAt: 1 },
        ],
      },
      { key: 'bonds', values: [{ dateAt: '1900-01-01T12:00:00Z', valueAt: 5 }] },
    ]);
    expect(rows).toEqual([
      { date: '1900-01-01', portfolio: 1, bonds: 5 },
      { date: '1900-02-01', portfolio: 2 },
    ]);
  });

  it('thins long series to at most the limit and keeps the crash, the peak and both ends', () => {
    // Steady growth with one deep dip at month 700 and one spike at month 1500.
    const values = monthly(1860, (i) => (i === 700 ? 1 : i === 1500 ? 1e9 : 100 + i));
    const rows = mergeByDate([{ key: 'portfolio', values }]);
    const thinned = thinRows(rows, 'portfolio');
    expect(thinned.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expect(thinned.length).toBeGreaterThan(MAX_CHART_POINTS / 2);
    expect(thinned[0]).toBe(rows[0]);
    expect(thinned.at(-1)).toBe(rows.at(-1));
    expect(thinned).toContain(rows[700]);
    expect(thinned).toContain(rows[1500]);
    const dates = thinned.map((row) => row.date);
    expect([...dates].sort()).toEqual(dates);
  });

  it('leaves short series alone', () => {
    const rows = mergeByDate([{ key: 'portfolio', values: monthly(120, (i) => i) }]);
    expect(thinRows(rows, 'portfolio')).toEqual(rows);
  });

  it('keeps one row per year for the table', () => {
    const rows = mergeByDate([{ key: 'portfolio', values: monthly(36, (i) => i) }]);
    expect(yearEndRows(rows).map((row) => row.date)).toEqual(['1871-12-01', '1872-12-01', '1873-12-01']);
  });

  it('gives the minMax charts round ticks that include zero', () => {
    expect(returnScale([-0.294, 0.527, -0.04, 0.227, 0.019, 0.162])).toEqual({
      domain: [-0.4, 0.6],
      ticks: [-0.4, -0.2, 0, 0.2, 0.4, 0.6],
    });
    expect(returnScale([0.004, 0.121])).toEqual({ domain: [0, 0.15], ticks: [0, 0.05, 0.1, 0.15] });
    expect(returnScale([])).toEqual({ domain: [0, 0], ticks: [0] });
  });
});
