import { describe, expect, it } from 'vitest';
import {
  bondMonthlyReturn,
  cashMonthlyReturn,
  completeHistory,
  loadMarketHistory,
  MarketDataError,
  mergeByDate,
  monthlyReturns,
  normaliseDate,
  parBondModifiedDuration,
  parseShillerCsv,
  RISK_GAP_POLICY,
  riskHistory,
  riskHistoryFromCsv,
} from './market-history';
import { readShillerCsv } from './shiller-test-data';

// The public-domain dataset lives beside the repository (../shared/data), never inside it.
const SHILLER_CSV = readShillerCsv();

const HEADER =
  'Date,SP500,Dividend,Earnings,Consumer Price Index,Long Interest Rate,Real Price,Real Dividend,Real Earnings,PE10';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('parseShillerCsv', () => {
  it('finds the columns by name, cuts dates to 10 characters and reads 0.0 as missing', () => {
    const months = parseShillerCsv(
      csv(
        '1871-01-01T00:00:00Z,4.44,0.26,0.4,12.46,5.32,1,1,1,0.0',
        '1871-02-01,4.5,0.0,0.4,0.0,5.32,1,1,1,0.0',
        '',
      ),
    );
    expect(months).toEqual([
      { date: '1871-01-01', price: 4.44, dividend: 0.26, cpi: 12.46, longRate: 5.32 },
      { date: '1871-02-01', price: 4.5, dividend: null, cpi: null, longRate: 5.32 },
    ]);
  });

  it('reads the column order of the original spreadsheet and its decimal months (1871.1 is October)', () => {
    const months = parseShillerCsv(
      'Date,P,D,E,CPI,Date Fraction,Rate GS10\r\n1871.09,4.6,0.26,0.4,12.5,1871.7,5.3\r\n1871.1,4.7,0.26,0.4,12.5,1871.8,5.3\r\n',
    );
    expect(months.map((m) => [m.date, m.price, m.longRate])).toEqual([
      ['1871-09-01', 4.6, 5.3],
      ['1871-10-01', 4.7, 5.3],
    ]);
    expect(normaliseDate('2024-13-01')).toBeNull();
    expect(normaliseDate('2024-06')).toBe('2024-06-01');
  });

  it.each([
    ['a missing column', 'Date,SP500,Dividend\n1871-01-01,4.4,0.2', /long rate|longRate/],
    ['an unreadable date', csv('soon,4.4,0.2,0.4,12,5,1,1,1,0'), /line 2: unreadable date/],
    ['a missing price', csv('1871-01-01,0.0,0.2,0.4,12,5,1,1,1,0'), /line 2: the price is missing/],
    [
      'dates out of order',
      csv('1871-02-01,4.4,0.2,0.4,12,5,1,1,1,0', '1871-01-01,4.4,0.2,0.4,12,5,1,1,1,0'),
      /line 3: 1871-01-01 does not follow/,
    ],
    ['no rows', HEADER, /no data rows/],
  ])('refuses %s with a message that says where', (_name, text, message) => {
    expect(() => parseShillerCsv(text)).toThrow(MarketDataError);
    expect(() => parseShillerCsv(text)).toThrow(message);
  });
});

describe('completeHistory', () => {
  const raw = parseShillerCsv(
    csv(
      '2000-01-01,100,0.0,1,100,6.0,1,1,1,0', // leading: no dividend yet -> dropped
      '2000-02-01,100,2.0,1,100,6.0,1,1,1,0', // yield 2 %
      '2000-03-01,110,0.0,1,100,6.5,1,1,1,0', // dividend missing -> 2 % of 110 = 2.2
      '2000-04-01,120,0.0,1,100,0.0,1,1,1,0', // dividend 2.4, rate carried 6.5
    ),
  );

  it('carries the last dividend yield and rate by default, and lists what it estimated', () => {
    const history = completeHistory(raw);
    expect(history.months.map((m) => [m.date, m.dividend, m.longRate])).toEqual([
      ['2000-02-01', 2, 6],
      ['2000-03-01', expect.closeTo(2.2, 12), 6.5],
      ['2000-04-01', expect.closeTo(2.4, 12), 6.5],
    ]);
    expect(history).toMatchObject({
      policy: 'carry',
      from: '2000-02-01',
      to: '2000-04-01',
      lastComplete: '2000-02-01',
    });
    expect(history.gaps).toEqual([
      { column: 'all', from: '2000-01-01', to: '2000-01-01', months: 1, how: 'dropped_leading' },
      {
        column: 'dividend',
        from: '2000-03-01',
        to: '2000-04-01',
        months: 2,
        how: 'carried_dividend_yield',
        value: expect.closeTo(0.02, 12),
      },
      {
        column: 'longRate',
        from: '2000-04-01',
        to: '2000-04-01',
        months: 1,
        how: 'carried_rate',
        value: 6.5,
      },
    ]);
  });

  it('can instead cut the series at the first gap', () => {
    const history = completeHistory(raw, 'cut');
    expect(history.months.map((m) => m.date)).toEqual(['2000-02-01']);
    expect(history.gaps[1]).toEqual({
      column: 'all',
      from: '2000-03-01',
      to: '2000-04-01',
      months: 2,
      how: 'cut',
    });
  });
});

describe('monthly returns', () => {
  it('adds a twelfth of the annual dividend to the price change (hand computed: (102 + 6/12) / 100 - 1 = 2.5 %)', () => {
    const series = monthlyReturns([
      { date: '2000-01-01', price: 100, dividend: 6, longRate: 5 },
      { date: '2000-02-01', price: 102, dividend: 6, longRate: 5 },
    ]);
    expect(series.dates).toEqual(['2000-01-01', '2000-02-01']);
    expect(series.equity[0]).toBeCloseTo(0.025, 12);
    // Rate unchanged: the bond and the cash-like part earn their income, 5 % / 12.
    expect(series.bonds[0]).toBeCloseTo(0.05 / 12, 12);
    expect(series.cash[0]).toBeCloseTo(0.05 / 12, 12);
    // No CPI: no real view.
    expect(series.inflation).toBeNull();
  });

  it('measures inflation from the CPI when every month has one (hand computed: 101 / 100 - 1 = 1 %)', () => {
    const series = monthlyReturns([
      { date: '2000-01-01', price: 100, dividend: 6, longRate: 5, cpi: 100 },
      { date: '2000-02-01', price: 102, dividend: 6, longRate: 5, cpi: 101 },
      { date: '2000-03-01', price: 102, dividend: 6, longRate: 5, cpi: 101 },
    ]);
    expect(series.inflation).toEqual([expect.closeTo(0.01, 12), 0]);
    expect(
      monthlyReturns([
        { date: '2000-01-01', price: 100, dividend: 6, longRate: 5, cpi: 100 },
        { date: '2000-02-01', price: 102, dividend: 6, longRate: 5, cpi: null },
      ]).inflation,
    ).toBeNull();
  });

  it('gives the cash-like part a quarter of a year of duration: a 1-point rise costs it about 0.25 %', () => {
    // D = 1 / (4 + 0.05) = 0.246914; 0.05/12 - 0.246914 * 0.01 = 0.0041667 - 0.0024691 = 0.0016975.
    expect(cashMonthlyReturn(5, 6)).toBeCloseTo(0.0016975, 6);
    expect(cashMonthlyReturn(5, 6)).toBeGreaterThan(bondMonthlyReturn(5, 6));
  });

  it('prices a rate rise through the duration of a 10-year par bond', () => {
    // D at 5 %, semi-annual: (1 - 1.025^-20) / 0.05 = (1 - 0.610271) / 0.05 = 7.79458.
    expect(parBondModifiedDuration(0.05)).toBeCloseTo(7.794581, 6);
    expect(parBondModifiedDuration(0)).toBe(10);
    // 5 % -> 6 %: 0.05/12 - 7.79458 * 0.01 = 0.0041667 - 0.0779458 = -0.0737791.
    expect(bondMonthlyReturn(5, 6)).toBeCloseTo(-0.0737791, 6);
    expect(bondMonthlyReturn(6, 5)).toBeGreaterThan(0);
  });

  it('refuses a series with a missing month', () => {
    const month = (date: string) => ({ date, price: 100, dividend: 2, longRate: 5 });
    expect(() => monthlyReturns([month('2000-01-01'), month('2000-03-01')])).toThrow(MarketDataError);
    expect(monthlyReturns([month('1999-12-01'), month('2000-01-01')]).equity).toHaveLength(1);
  });
});

describe('mergeByDate', () => {
  it('keeps only the dates every series has, compared on the first 10 characters', () => {
    const merged = mergeByDate({
      price: [
        { date: '2000-01-01T00:00:00Z', value: 1 },
        { date: '2000-02-01', value: 2 },
        { date: '2000-03-01', value: 3 },
      ],
      rate: [
        { date: '2000-03-01', value: 5.5 },
        { date: '2000-01-01', value: 5 },
      ],
    });
    expect(merged).toEqual([
      { date: '2000-01-01', values: { price: 1, rate: 5 } },
      { date: '2000-03-01', values: { price: 3, rate: 5.5 } },
    ]);
  });
  it('refuses a series with a date twice', () => {
    expect(() =>
      mergeByDate({
        a: [
          { date: '2000-01-01', value: 1 },
          { date: '2000-01-01T12:00', value: 2 },
        ],
      }),
    ).toThrow(MarketDataError);
  });
});

describe('the Shiller dataset (1871-2026)', () => {
  it('reads every month and estimates only the documented recent gaps', () => {
    const history = loadMarketHistory(SHILLER_CSV);
    expect(history.from).toBe('1871-01-01');
    expect(history.to).toBe('2026-06-01');
    expect(history.months).toHaveLength(1866);
    expect(history.lastComplete).toBe('2023-06-01');
    expect(history.gaps.map((g) => [g.column, g.from, g.to, g.how])).toEqual([
      ['dividend', '2023-07-01', '2026-06-01', 'carried_dividend_yield'],
      ['longRate', '2023-10-01', '2026-06-01', 'carried_rate'],
    ]);
    expect(loadMarketHistory(SHILLER_CSV, 'cut').to).toBe('2023-06-01');
  });

  it('gives the risk section one gap policy, the same for an import and for these tests: cut at 2023-06', () => {
    expect(RISK_GAP_POLICY).toBe('cut');
    const { history, series } = riskHistoryFromCsv(SHILLER_CSV);
    expect(history.to).toBe('2023-06-01');
    expect(series.dates).toHaveLength(1830);
    // Every month up to the cut has a CPI, so the real view exists.
    expect(series.inflation).toHaveLength(1829);
    // Rows read back from the database are the parsed rows: the same function gives the same series.
    expect(riskHistory(parseShillerCsv(SHILLER_CSV)).series).toEqual(series);
    expect(() => riskHistory(parseShillerCsv(csv('2000-01-01,100,2,1,100,6,1,1,1,0')))).toThrow(/13 complete months/);
  });

  it('gives plausible long-run returns: equities about 9-10 % a year, bonds about 4-5 %, inflation about 2 %', () => {
    const { series } = riskHistoryFromCsv(SHILLER_CSV);
    const geometric = (r: number[]) =>
      Math.exp((r.reduce((s, x) => s + Math.log(1 + x), 0) / r.length) * 12) - 1;
    expect(geometric(series.equity)).toBeGreaterThan(0.085);
    expect(geometric(series.equity)).toBeLessThan(0.1);
    expect(geometric(series.bonds)).toBeGreaterThan(0.035);
    expect(geometric(series.bonds)).toBeLessThan(0.055);
    expect(geometric(series.inflation!)).toBeGreaterThan(0.015);
    expect(geometric(series.inflation!)).toBeLessThan(0.025);
  });
});
