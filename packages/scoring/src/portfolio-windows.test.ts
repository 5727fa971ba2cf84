import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadMarketHistory, monthlyReturns, type ReturnSeries } from './market-history';
import { MODEL_PORTFOLIOS } from './model-portfolios';
import {
  portfolioHistory,
  portfolioReturns,
  portfolioValues,
  rollingWindowExtremes,
} from './portfolio-windows';

const monthDates = (count: number, year = 2000) =>
  Array.from(
    { length: count },
    (_, i) => `${year + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
  );

/** Returns that are zero except at the given months (1-based: month m runs from dates[m-1] to dates[m]). */
function series(
  months: number,
  equity: Record<number, number>,
  bonds: Record<number, number> = {},
): ReturnSeries {
  return {
    dates: monthDates(months + 1),
    equity: Array.from({ length: months }, (_, i) => equity[i + 1] ?? 0),
    bonds: Array.from({ length: months }, (_, i) => bonds[i + 1] ?? 0),
  };
}

describe('portfolio history on a series computed by hand', () => {
  /*
   * 14 months, all equity: +21 % in month 1, -50 % in month 13, flat otherwise.
   * Values: 100, 121 (months 1-12), 60.5 (months 13-14).
   * 1-year windows start at 2000-01, -02, -03: growth 121/100 = 1.21, 60.5/121 = 0.5, 60.5/121 = 0.5.
   * Best +21 % (2000-01-01 .. 2001-01-01); worst -50 %, the earlier of the two equal windows (2000-02-01 .. 2001-02-01).
   */
  const history = portfolioHistory(series(14, { 1: 0.21, 13: -0.5 }), 1);

  it('indexes the value to 100 at the start and compounds it', () => {
    expect(history.kind).toBe('history');
    expect(history.values[0]).toEqual({ date: '2000-01-01', value: 100 });
    expect(history.values[1]!.value).toBeCloseTo(121, 10);
    expect(history.values[14]).toEqual({ date: '2001-03-01', value: expect.closeTo(60.5, 10) });
    expect(history).toMatchObject({ from: '2000-01-01', to: '2001-03-01' });
  });

  it('finds the worst and best 1-year window with their dates, and none longer than the history', () => {
    const [one, five, ten] = history.windows;
    expect(one).toEqual({
      years: 1,
      windows: 3,
      worst: { annualised: expect.closeTo(-0.5, 12), from: '2000-02-01', to: '2001-02-01' },
      best: { annualised: expect.closeTo(0.21, 12), from: '2000-01-01', to: '2001-01-01' },
    });
    expect(five).toEqual({ years: 5, windows: 0, worst: null, best: null });
    expect(ten!.worst).toBeNull();
  });

  it('annualises longer windows: +21 % over 2 years is 10 % a year', () => {
    const [two] = portfolioHistory(series(24, { 1: 0.21 }), 1, [2]).windows;
    expect(two!.windows).toBe(1);
    expect(two!.worst!.annualised).toBeCloseTo(0.1, 12);
  });

  it('mixes equities and bonds by the share, rebalanced each month', () => {
    // 40 % of +21 % and 60 % of +1 % = 0.084 + 0.006 = 9 %.
    expect(portfolioReturns(series(1, { 1: 0.21 }, { 1: 0.01 }), 0.4)[0]).toBeCloseTo(0.09, 12);
    expect(() => portfolioReturns(series(1, {}), 1.2)).toThrow(RangeError);
    expect(() => portfolioValues(['a', 'b'], [-1])).toThrow(RangeError);
  });

  it('agrees with compounding every window separately (property)', () => {
    const monthly = fc.double({ min: -0.3, max: 0.3, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(monthly, { minLength: 12, maxLength: 40 }),
        fc.constantFrom(1, 2),
        (returns, years) => {
          const values = portfolioValues(monthDates(returns.length + 1), returns);
          const result = rollingWindowExtremes(values, years);
          const months = years * 12;
          const growths: number[] = [];
          for (let start = 0; start + months <= returns.length; start++) {
            growths.push(returns.slice(start, start + months).reduce((g, r) => g * (1 + r), 1));
          }
          expect(result.windows).toBe(growths.length);
          if (growths.length === 0) return;
          expect(result.worst!.annualised).toBeCloseTo(Math.min(...growths) ** (1 / years) - 1, 9);
          expect(result.best!.annualised).toBeCloseTo(Math.max(...growths) ** (1 / years) - 1, 9);
          expect(result.worst!.annualised).toBeLessThanOrEqual(result.best!.annualised);
        },
      ),
    );
  });
});

describe('model portfolios over the Shiller history (1871-2026)', () => {
  const returns = monthlyReturns(
    loadMarketHistory(
      readFileSync(new URL('../../../../shared/data/sp500-shiller/data.csv', import.meta.url), 'utf8'),
    ).months,
  );

  // Speed is measured by `npm run bench`, not asserted here.
  it('gives all seven portfolios a value for every month of the history', () => {
    const histories = MODEL_PORTFOLIOS.map((p) => portfolioHistory(returns, p.equityShare));
    expect(histories.every((h) => h.values.length === 1866)).toBe(true);
  });

  it('puts the worst 1-year equity window in the crash of 1931-1932, below -50 %', () => {
    const [one] = portfolioHistory(returns, 1).windows;
    expect(one!.worst!.from.startsWith('1931')).toBe(true);
    expect(one!.worst!.to.startsWith('1932')).toBe(true);
    expect(one!.worst!.annualised).toBeLessThan(-0.5);
  });

  it('shows a loss over the worst 10 years even for class 7, and narrower ranges over longer windows', () => {
    const class7 = portfolioHistory(returns, 1);
    const ten = class7.windows[2]!;
    expect(ten.worst!.annualised).toBeLessThan(0);
    const spread = (w: (typeof class7.windows)[number]) => w.best!.annualised - w.worst!.annualised;
    expect(spread(class7.windows[0]!)).toBeGreaterThan(spread(class7.windows[1]!));
    expect(spread(class7.windows[1]!)).toBeGreaterThan(spread(ten));
  });

  it('loses more in the worst year with each class above 2 (classes 1-2 gain from mixing)', () => {
    const worstYear = MODEL_PORTFOLIOS.map(
      (p) => portfolioHistory(returns, p.equityShare).windows[0]!.worst!.annualised,
    );
    // Class 1 (bonds only, worst year 2022) down to class 7 (equities only, 1931-32).
    expect(worstYear[0]).toBeGreaterThan(-0.25);
    for (let i = 2; i < worstYear.length; i++) expect(worstYear[i]).toBeLessThan(worstYear[i - 1]!);
  });
});
