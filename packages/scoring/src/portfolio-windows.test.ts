import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskHistoryFromCsv, type ReturnSeries } from './market-history';
import { ALL_BONDS, ALL_EQUITIES, MODEL_PORTFOLIOS, type AssetMix } from './model-portfolios';
import {
  annualisedVolatility,
  maxDrawdown,
  portfolioHistory,
  portfolioReturns,
  portfolioValues,
  realReturns,
  rollingWindowExtremes,
} from './portfolio-windows';
import { readShillerCsv } from './shiller-test-data';

const equityBonds = (equityShare: number): AssetMix => ({ equityShare, bondShare: 1 - equityShare, cashShare: 0 });

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
  cash: Record<number, number> = {},
  inflation: Record<number, number> = {},
): ReturnSeries {
  const of = (values: Record<number, number>) => Array.from({ length: months }, (_, i) => values[i + 1] ?? 0);
  return { dates: monthDates(months + 1), equity: of(equity), bonds: of(bonds), cash: of(cash), inflation: of(inflation) };
}

describe('portfolio history on a series computed by hand', () => {
  /*
   * 14 months, all equity: +21 % in month 1, -50 % in month 13, flat otherwise.
   * Values: 100, 121 (months 1-12), 60.5 (months 13-14).
   * 1-year windows start at 2000-01, -02, -03: growth 121/100 = 1.21, 60.5/121 = 0.5, 60.5/121 = 0.5.
   * Best +21 % (2000-01-01 .. 2001-01-01); worst -50 %, the earlier of the two equal windows (2000-02-01 .. 2001-02-01).
   */
  const history = portfolioHistory(series(14, { 1: 0.21, 13: -0.5 }), ALL_EQUITIES);

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
    const [two] = portfolioHistory(series(24, { 1: 0.21 }), ALL_EQUITIES, [2]).windows;
    expect(two!.windows).toBe(1);
    expect(two!.worst!.annualised).toBeCloseTo(0.1, 12);
  });

  it('mixes equities and bonds by the share, rebalanced each month', () => {
    // 40 % of +21 % and 60 % of +1 % = 0.084 + 0.006 = 9 %.
    expect(portfolioReturns(series(1, { 1: 0.21 }, { 1: 0.01 }), equityBonds(0.4))[0]).toBeCloseTo(0.09, 12);
    // 25 % of +21 %, 55 % of +1 %, 20 % of +0.5 % = 0.0525 + 0.0055 + 0.001 = 5.9 %.
    const mix = { equityShare: 0.25, bondShare: 0.55, cashShare: 0.2 };
    expect(portfolioReturns(series(1, { 1: 0.21 }, { 1: 0.01 }, { 1: 0.005 }), mix)[0]).toBeCloseTo(0.059, 12);
    expect(() => portfolioReturns(series(1, {}), equityBonds(1.2))).toThrow(RangeError);
    expect(() => portfolioReturns(series(1, {}), { equityShare: 0.5, bondShare: 0.5, cashShare: 0.1 })).toThrow(
      RangeError,
    );
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

describe('the largest drawdown, from every month', () => {
  /*
   * Values 100, 120, 90, 60, 80, 130, 65: the running high is 120 until month 5; the falls are 90/120 - 1 = -25 %,
   * 60/120 - 1 = -50 %, 80/120 - 1 = -33 %, then a new high 130 and 65/130 - 1 = -50 % again. The first -50 %
   * (peak month 1, trough month 3, back above 120 in month 5) is kept on the tie.
   */
  it('finds the deepest fall from a previous high with its peak, trough and recovery (hand computed)', () => {
    const values = [100, 120, 90, 60, 80, 130, 65].map((value, i) => ({ date: monthDates(7)[i]!, value }));
    expect(maxDrawdown(values)).toEqual({
      fall: expect.closeTo(-0.5, 12),
      peak: '2000-02-01',
      trough: '2000-04-01',
      recovery: '2000-06-01',
    });
    expect(maxDrawdown(values.slice(0, 5))!.recovery).toBeNull();
    expect(maxDrawdown(values.slice(0, 2))).toBeNull();
  });

  it('equals the brute-force minimum of value[j] / value[i] - 1 over all i <= j (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), { minLength: 1, maxLength: 60 }), (returns) => {
        const values = portfolioValues(monthDates(returns.length + 1), returns);
        let brute = 0;
        for (let i = 0; i < values.length; i++)
          for (let j = i; j < values.length; j++) brute = Math.min(brute, values[j]!.value / values[i]!.value - 1);
        const found = maxDrawdown(values);
        if (brute === 0) expect(found).toBeNull();
        else expect(found!.fall).toBeCloseTo(brute, 12);
      }),
    );
  });

  it('sees a crash inside a year that one point a year misses', () => {
    // +0 % to December, -40 % in March, back up by December: January to January shows no fall at all.
    const returns = Array.from({ length: 24 }, (_, i) => (i === 14 ? -0.4 : i === 20 ? 1 / 0.6 - 1 : 0));
    const history = portfolioHistory(series(24, Object.fromEntries(returns.map((r, i) => [i + 1, r]))), ALL_EQUITIES);
    expect(history.maxDrawdown!.fall).toBeCloseTo(-0.4, 12);
    const januaries = history.values.filter((v) => v.date.slice(5, 7) === '01');
    expect(maxDrawdown(januaries)).toBeNull();
  });
});

describe('real (CPI-deflated) returns and volatility', () => {
  it('deflates each month: (1 + 3 %) / (1 + 1 %) - 1 = 1.980 %', () => {
    expect(realReturns([0.03], [0.01])[0]).toBeCloseTo(1.03 / 1.01 - 1, 12);
    const history = portfolioHistory(series(12, { 1: 0.03 }, {}, {}, { 1: 0.01 }), ALL_EQUITIES, [1], 'real');
    expect(history.basis).toBe('real');
    expect(history.windows[0]!.worst!.annualised).toBeCloseTo(1.03 / 1.01 - 1, 12);
    expect(() => portfolioHistory({ ...series(12, {}), inflation: null }, ALL_EQUITIES, [1], 'real')).toThrow(/CPI/);
  });

  it('annualises the sample standard deviation of monthly returns with sqrt(12)', () => {
    // Returns +1 %, -1 %: mean 0, sample variance (0.0001 + 0.0001) / 1 = 0.0002; sqrt(0.0002 * 12) = 4.899 %.
    expect(annualisedVolatility([0.01, -0.01])).toBeCloseTo(Math.sqrt(0.0024), 12);
    expect(annualisedVolatility([0.01])).toBe(0);
  });
});

describe('model portfolios over the Shiller history (1871-2023, cut at the first gap like an import)', () => {
  const { series: returns } = riskHistoryFromCsv(readShillerCsv());

  // Speed is measured by `npm run bench`, not asserted here.
  it('gives all seven portfolios a value for every month of the history', () => {
    const histories = MODEL_PORTFOLIOS.map((p) => portfolioHistory(returns, p));
    expect(histories.every((h) => h.values.length === 1830)).toBe(true);
  });

  it('puts the worst 1-year equity window in the crash of 1931-1932, below -50 %', () => {
    const [one] = portfolioHistory(returns, ALL_EQUITIES).windows;
    expect(one!.worst!.from.startsWith('1931')).toBe(true);
    expect(one!.worst!.to.startsWith('1932')).toBe(true);
    expect(one!.worst!.annualised).toBeLessThan(-0.5);
  });

  it('shows a loss over the worst 10 years even for class 7, and narrower ranges over longer windows', () => {
    const class7 = portfolioHistory(returns, ALL_EQUITIES);
    const ten = class7.windows[2]!;
    expect(ten.worst!.annualised).toBeLessThan(0);
    const spread = (w: (typeof class7.windows)[number]) => w.best!.annualised - w.worst!.annualised;
    expect(spread(class7.windows[0]!)).toBeGreaterThan(spread(class7.windows[1]!));
    expect(spread(class7.windows[1]!)).toBeGreaterThan(spread(ten));
  });

  it('gives a 60/40 mix its monthly drawdown of about -61 % (1929-1932), where one point a year showed about -39 %', () => {
    const history = portfolioHistory(returns, equityBonds(0.6));
    expect(history.maxDrawdown!.fall).toBeCloseTo(-0.61, 2);
    expect(history.maxDrawdown!.peak.startsWith('1929')).toBe(true);
    expect(history.maxDrawdown!.trough.startsWith('1932')).toBe(true);
    const januaries = history.values.filter((v, i) => i === 0 || v.date.slice(5, 7) === '01');
    expect(maxDrawdown(januaries)!.fall).toBeCloseTo(-0.39, 2);
  });

  it('shows bonds losing in real terms where they gained in dollars (1940-1981)', () => {
    const nominal = portfolioHistory(returns, ALL_BONDS, [10]);
    const real = portfolioHistory(returns, ALL_BONDS, [10], 'real');
    expect(real.values.at(-1)!.value).toBeLessThan(nominal.values.at(-1)!.value);
    expect(real.windows[0]!.worst!.annualised).toBeLessThan(nominal.windows[0]!.worst!.annualised);
    expect(real.maxDrawdown!.fall).toBeLessThan(-0.5);
    expect(nominal.maxDrawdown!.fall).toBeGreaterThan(-0.3);
  });
});
