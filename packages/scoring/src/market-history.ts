// Market history for the risk dashboard: parses a Shiller-format monthly CSV, fills or cuts its gaps by a
// stated rule, and turns it into monthly total returns of equities and of 10-year government bonds.

/** Thrown for a file the engine cannot read as a monthly history; the message names the line or column. */
export class MarketDataError extends Error {
  readonly code = 'scoring.market_data';
  constructor(message: string) {
    super(message);
    this.name = 'MarketDataError';
  }
}

/** One month as written in the file; 0.0, empty or unreadable values are missing (null), as the dataset documents. */
export interface MarketMonth {
  /** First 10 characters, YYYY-MM-DD. */
  date: string;
  /** Index level. */
  price: number;
  /** Dividend per index unit, annualised (Shiller's convention). */
  dividend: number | null;
  cpi: number | null;
  /** Long (10-year government) interest rate, percent a year. */
  longRate: number | null;
}

/** A month ready for returns: dividend and rate known or estimated, and which were estimated. */
export interface CompleteMonth {
  date: string;
  price: number;
  dividend: number;
  longRate: number;
  cpi: number | null;
  estimated: { dividend: boolean; longRate: boolean };
}

/**
 * How missing dividends and rates are handled (the dataset writes 0.0 for them from 2023-07 on):
 * - 'carry' (default): the dividend is the last known dividend yield (D/P) times the month's price, the rate the
 *   last known rate. Recent prices stay in the chart; every estimated month is listed in `gaps` so the chart can
 *   say which period is estimated and how.
 * - 'cut': the series ends at the last month before the first gap.
 * In both, months before the first complete month (nothing to carry yet) are dropped.
 */
export type GapPolicy = 'carry' | 'cut';

export interface GapNote {
  column: 'dividend' | 'longRate' | 'all';
  from: string;
  to: string;
  months: number;
  how: 'carried_dividend_yield' | 'carried_rate' | 'cut' | 'dropped_leading';
  /** The carried yield or rate (a fraction / percent a year) for 'carried_*'. */
  value?: number;
}

export interface MarketHistory {
  policy: GapPolicy;
  months: CompleteMonth[];
  /** First and last month of `months`; the last month without any estimate. */
  from: string;
  to: string;
  lastComplete: string;
  gaps: GapNote[];
}

const COLUMN_ALIASES = {
  date: ['date'],
  price: ['sp500', 'p', 'price'],
  dividend: ['dividend', 'd'],
  cpi: ['consumer price index', 'cpi'],
  longRate: ['long interest rate', 'rate gs10', 'gs10'],
} as const;

function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += c;
    }
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

/** YYYY-MM-DD from an ISO date or timestamp (cut to 10 characters), YYYY-MM, or Shiller's YYYY.MM (1871.1 = October). */
export function normaliseDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(text);
  const shiller = /^(\d{4})\.(\d{1,2})$/.exec(text);
  let date: string | null = null;
  if (iso) date = `${iso[1]}-${iso[2]}-${iso[3] ?? '01'}`;
  else if (shiller) {
    // Shiller writes months as a decimal fraction, so October (.10) loses its trailing zero.
    const month = shiller[2]!.length === 1 ? Number(shiller[2]) * 10 : Number(shiller[2]);
    date = `${shiller[1]}-${String(month).padStart(2, '0')}-01`;
  }
  if (!date) return null;
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? date : null;
}

const positiveOrNull = (text: string | undefined): number | null => {
  const value = text === undefined || text === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** Reads the file faithfully: columns found by name, dates normalised, missing values as null. */
export function parseShillerCsv(text: string): MarketMonth[] {
  const months = [...shillerRows(text)];
  if (months.length === 0) throw new MarketDataError('the file has no data rows');
  return months;
}

/**
 * The rows of parseShillerCsv one at a time (it refuses a bad line when it reaches it), so a caller on a server's
 * event loop can pause between slices of a large file. An empty result is the caller's to refuse.
 */
export function* shillerRows(text: string): Generator<MarketMonth> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const column = (name: keyof typeof COLUMN_ALIASES, required: boolean) => {
    const index = header.findIndex((h) => (COLUMN_ALIASES[name] as readonly string[]).includes(h));
    if (index < 0 && required)
      throw new MarketDataError(
        `the header has no ${name} column (looked for ${COLUMN_ALIASES[name].join(' / ')})`,
      );
    return index;
  };
  const at = {
    date: column('date', true),
    price: column('price', true),
    dividend: column('dividend', true),
    cpi: column('cpi', false),
    longRate: column('longRate', true),
  };

  let previous: string | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const lineNumber = i + 1;
    const fields = splitCsvLine(line);
    const date = normaliseDate(fields[at.date] ?? '');
    if (!date) throw new MarketDataError(`line ${lineNumber}: unreadable date "${fields[at.date] ?? ''}"`);
    const price = positiveOrNull(fields[at.price]);
    if (price === null) throw new MarketDataError(`line ${lineNumber}: the price is missing`);
    if (previous !== null && date <= previous)
      throw new MarketDataError(`line ${lineNumber}: ${date} does not follow ${previous}`);
    previous = date;
    yield {
      date,
      price,
      dividend: positiveOrNull(fields[at.dividend]),
      cpi: at.cpi < 0 ? null : positiveOrNull(fields[at.cpi]),
      longRate: positiveOrNull(fields[at.longRate]),
    };
  }
}

function runs(
  months: readonly CompleteMonth[],
  pick: (m: CompleteMonth) => boolean,
): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  months.forEach((m, i) => {
    if (!pick(m)) return;
    const last = found[found.length - 1];
    if (last && last.to === i - 1) last.to = i;
    else found.push({ from: i, to: i });
  });
  return found;
}

/** Applies the gap policy (see GapPolicy) and reports every dropped, cut or estimated period. */
export function completeHistory(raw: readonly MarketMonth[], policy: GapPolicy = 'carry'): MarketHistory {
  const isComplete = (m: MarketMonth) => m.dividend !== null && m.longRate !== null;
  const start = raw.findIndex(isComplete);
  if (start < 0) throw new MarketDataError('no month has price, dividend and long rate together');
  const gaps: GapNote[] = [];
  if (start > 0)
    gaps.push({
      column: 'all',
      from: raw[0]!.date,
      to: raw[start - 1]!.date,
      months: start,
      how: 'dropped_leading',
    });

  const months: CompleteMonth[] = [];
  let dividendYield = 0;
  let longRate = 0;
  for (let i = start; i < raw.length; i++) {
    const m = raw[i]!;
    if (policy === 'cut' && !isComplete(m)) {
      gaps.push({
        column: 'all',
        from: m.date,
        to: raw[raw.length - 1]!.date,
        months: raw.length - i,
        how: 'cut',
      });
      break;
    }
    if (m.dividend !== null) dividendYield = m.dividend / m.price;
    if (m.longRate !== null) longRate = m.longRate;
    months.push({
      date: m.date,
      price: m.price,
      dividend: m.dividend ?? dividendYield * m.price,
      longRate: m.longRate ?? longRate,
      cpi: m.cpi,
      estimated: { dividend: m.dividend === null, longRate: m.longRate === null },
    });
  }

  for (const run of runs(months, (m) => m.estimated.dividend)) {
    const first = months[run.from]!;
    gaps.push({
      column: 'dividend',
      from: first.date,
      to: months[run.to]!.date,
      months: run.to - run.from + 1,
      how: 'carried_dividend_yield',
      value: first.dividend / first.price,
    });
  }
  for (const run of runs(months, (m) => m.estimated.longRate)) {
    gaps.push({
      column: 'longRate',
      from: months[run.from]!.date,
      to: months[run.to]!.date,
      months: run.to - run.from + 1,
      how: 'carried_rate',
      value: months[run.from]!.longRate,
    });
  }
  const lastComplete = [...months].reverse().find((m) => !m.estimated.dividend && !m.estimated.longRate)!;
  return {
    policy,
    months,
    from: months[0]!.date,
    to: months[months.length - 1]!.date,
    lastComplete: lastComplete.date,
    gaps,
  };
}

/** parseShillerCsv + completeHistory. */
export function loadMarketHistory(text: string, policy: GapPolicy = 'carry'): MarketHistory {
  return completeHistory(parseShillerCsv(text), policy);
}

/**
 * Modified duration of a par bond with `years` to maturity and `perYear` coupons at yield y (a fraction):
 * D = (1 - (1 + y/m)^(-m*N)) / y, which tends to N as y -> 0. US Treasuries pay twice a year.
 */
export function parBondModifiedDuration(y: number, years = 10, perYear = 2): number {
  if (Math.abs(y) < 1e-12) return years;
  return (1 - (1 + y / perYear) ** (-perYear * years)) / y;
}

/**
 * One month of a constant-maturity 10-year government bond, from the long rate at the start and end of the month
 * (percent a year): income r0/12 plus the price change -D * (r1 - r0), D the modified duration of a 10-year par
 * bond at r0. A first-order approximation: it ignores convexity (about 0.5 * 80 * dr^2, under 0.04 % for a move
 * of 0.3 points) and the month of maturity the bond loses before it is rolled into a new 10-year one.
 */
export function bondMonthlyReturn(rateStart: number, rateEnd: number): number {
  const r0 = rateStart / 100;
  const r1 = rateEnd / 100;
  return r0 / 12 - parBondModifiedDuration(r0) * (r1 - r0);
}

/** Maturity of the cash-like proxy: a 3-month bill. */
export const CASH_MATURITY_YEARS = 0.25;

/**
 * One month of the cash-like part. The data has no short rate, so the proxy is a 3-month bill that yields the
 * long rate: income r0/12 and a price change of -D * (r1 - r0) with D of a quarter-year zero bond (about 0.25).
 * It keeps the price risk of cash (almost none) but overstates its income by the term premium (historically
 * about 1-1.5 points a year), so the cash-like part looks better than real bills did (decision 0014).
 */
export function cashMonthlyReturn(rateStart: number, rateEnd: number): number {
  const r0 = rateStart / 100;
  const r1 = rateEnd / 100;
  return r0 / 12 - parBondModifiedDuration(r0, CASH_MATURITY_YEARS, 1 / CASH_MATURITY_YEARS) * (r1 - r0);
}

/**
 * Monthly returns: equity[i], bonds[i], cash[i] and inflation[i] run from dates[i] to dates[i + 1]; dates[0] is
 * the base month. All nominal, in US dollars; inflation (CPI_t / CPI_t-1 - 1) is null unless every month has a
 * CPI, and deflates them for the real view.
 */
export interface ReturnSeries {
  dates: string[];
  equity: number[];
  bonds: number[];
  cash: number[];
  inflation: number[] | null;
}

const monthNumber = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

/**
 * Equity total return = (P_t + D_t / 12) / P_{t-1} - 1, the dividend being annualised; bonds by
 * bondMonthlyReturn, cash by cashMonthlyReturn. The months must be consecutive: a return across a missing month
 * would be counted as one.
 */
export function monthlyReturns(
  months: readonly (Pick<CompleteMonth, 'date' | 'price' | 'dividend' | 'longRate'> & { cpi?: number | null })[],
): ReturnSeries {
  const equity: number[] = [];
  const bonds: number[] = [];
  const cash: number[] = [];
  const inflation: number[] = [];
  const everyCpi = months.length >= 2 && months.every((m) => typeof m.cpi === 'number' && m.cpi > 0);
  for (let i = 1; i < months.length; i++) {
    const previous = months[i - 1]!;
    const month = months[i]!;
    if (monthNumber(month.date) !== monthNumber(previous.date) + 1)
      throw new MarketDataError(`${month.date} does not directly follow ${previous.date}`);
    equity.push((month.price + month.dividend / 12) / previous.price - 1);
    bonds.push(bondMonthlyReturn(previous.longRate, month.longRate));
    cash.push(cashMonthlyReturn(previous.longRate, month.longRate));
    if (everyCpi) inflation.push(month.cpi! / previous.cpi! - 1);
  }
  return { dates: months.map((m) => m.date), equity, bonds, cash, inflation: everyCpi ? inflation : null };
}

/**
 * The one gap policy of the risk figures, for the server (import and load) and the tests alike: windows end at
 * the last month with price, dividend and rate all present, rather than carrying estimates into figures an
 * adviser shows a client.
 */
export const RISK_GAP_POLICY: GapPolicy = 'cut';
/** A one-year window needs 12 returns, so 13 months. */
export const MIN_RISK_MONTHS = 13;

export interface RiskHistory {
  history: MarketHistory;
  series: ReturnSeries;
}

/**
 * The rows of a market-history import (as parsed, or as read back from the database) turned into the series the
 * risk section is computed from, under RISK_GAP_POLICY. Throws MarketDataError for too short a history or a
 * missing month.
 */
export function riskHistory(raw: readonly MarketMonth[]): RiskHistory {
  const history = completeHistory(raw, RISK_GAP_POLICY);
  if (history.months.length < MIN_RISK_MONTHS)
    throw new MarketDataError(`at least ${MIN_RISK_MONTHS} complete months are needed for a one-year window`);
  return { history, series: monthlyReturns(history.months) };
}

/** parseShillerCsv + riskHistory: what an import of this file gives the risk section. */
export function riskHistoryFromCsv(text: string): RiskHistory {
  return riskHistory(parseShillerCsv(text));
}

/**
 * Inner join of several dated series on the date's first 10 characters (YYYY-MM-DD): only dates present in every
 * series are kept, ascending. A date twice in one series is an error, not a choice between the two values.
 */
export function mergeByDate<K extends string>(
  series: Readonly<Record<K, readonly { date: string; value: number }[]>>,
): { date: string; values: Record<K, number> }[] {
  const names = Object.keys(series) as K[];
  const maps = names.map((name) => {
    const map = new Map<string, number>();
    for (const point of series[name]) {
      const date = point.date.slice(0, 10);
      if (map.has(date)) throw new MarketDataError(`series ${name} has ${date} twice`);
      map.set(date, point.value);
    }
    return map;
  });
  if (maps.length === 0) return [];
  const dates = [...maps[0]!.keys()].filter((d) => maps.every((m) => m.has(d))).sort();
  return dates.map((date) => ({
    date,
    values: Object.fromEntries(names.map((name, i) => [name, maps[i]!.get(date)!])) as Record<K, number>,
  }));
}
