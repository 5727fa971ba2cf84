// The BQA_RISK section of a dashboard (spec section 3, DESIGN.md section 4): the model portfolio of the client's
// risk class, the worst and best annualised returns over rolling 1, 5 and 10 year windows of the imported market
// history (minMax charts I-III, with their date spans), the value over time (chart IV), the largest drawdown and
// volatility from every month, nominal and CPI-deflated, the PRIIPs-way market-risk class and a table. Without
// imported history: projections from stated capital-market assumptions, labelled as such.
// It is computed when the result is calculated and stored with it (decision 0014): a later import never changes
// a finished result or its report.
import { sql } from 'drizzle-orm';
import type { TModelPortfolio, TRiskSection, TRiskView } from '@bq/contracts/dashboard';
import { ALL_BONDS, ALL_EQUITIES, type AssetMix } from '@bq/scoring/model-portfolios';
import {
  portfolioHistory,
  portfolioReturns,
  WINDOW_YEARS,
  type PortfolioHistory,
  type ReturnBasis,
} from '@bq/scoring/portfolio-windows';
import { PRIIPS_MONTHLY_OBSERVATIONS, priipsMarketRisk } from '@bq/scoring/priips';
import { projectPortfolio } from '@bq/scoring/projections';
import { ALGORITHM_VERSION } from '@bq/scoring/version';
import type { Db } from '../../db/client';
import type { InstanceResults } from '../../db/schema';
import { loadReturnSeries, type LoadedSeries } from '../market-history/market-history-service';

const WINDOW_LABELS = { 1: 'year1', 5: 'year5', 10: 'year10' } as const;
const MIN_MAX_IDS = ['I', 'II', 'III'] as const;
const LINES_ID = 'IV';
/** The recommended holding period the market-risk class assumes (it only weighs skew and kurtosis; decision 0014). */
export const MRM_HOLDING_YEARS = 5;

const labelOf = (years: number) => WINDOW_LABELS[years as keyof typeof WINDOW_LABELS];
const day = (date: string) => date.slice(0, 10);
/** Six significant digits are plenty for a chart and keep the stored section small. */
const chartValue = (value: number) => Number(value.toPrecision(6));

/**
 * The months chart IV draws: every January, each year's lowest and highest month of the portfolio, the largest
 * drawdown's peak and trough, and the first and last month. About three points a year instead of twelve, and no
 * crash disappears between two Januaries (the drawdown figure itself comes from every month).
 */
export function chartMonths(history: PortfolioHistory): number[] {
  const values = history.values;
  const keep = new Set<number>([0, values.length - 1]);
  const byYear = new Map<string, { low: number; high: number }>();
  values.forEach((v, i) => {
    if (v.date.slice(5, 7) === '01') keep.add(i);
    const year = v.date.slice(0, 4);
    const seen = byYear.get(year);
    if (!seen) byYear.set(year, { low: i, high: i });
    else {
      if (v.value < values[seen.low]!.value) seen.low = i;
      if (v.value > values[seen.high]!.value) seen.high = i;
    }
  });
  for (const { low, high } of byYear.values()) keep.add(low).add(high);
  const drawdown = history.maxDrawdown;
  if (drawdown) values.forEach((v, i) => (v.date === drawdown.peak || v.date === drawdown.trough) && keep.add(i));
  return [...keep].sort((a, b) => a - b);
}

function historyView(loaded: LoadedSeries, mix: AssetMix, basis: ReturnBasis): TRiskView {
  const history = portfolioHistory(loaded.series, mix, WINDOW_YEARS, basis);
  // The pure equity and pure bond portfolios give the line chart its frame of reference.
  const equity = portfolioHistory(loaded.series, ALL_EQUITIES, [], basis);
  const bonds = portfolioHistory(loaded.series, ALL_BONDS, [], basis);
  const months = chartMonths(history);
  const line = (key: string, of: PortfolioHistory) => ({
    id: LINES_ID,
    key,
    values: months.map((i) => ({ dateAt: day(of.values[i]!.date), valueAt: chartValue(of.values[i]!.value) })),
  });
  const windows = history.windows.filter((w) => w.worst && w.best);
  const drawdown = history.maxDrawdown;
  return {
    minMax: windows.map((w, i) => ({
      id: MIN_MAX_IDS[i]!,
      label: labelOf(w.years),
      years: w.years,
      bars: [
        { key: 'worst' as const, value: w.worst!.annualised, dateFrom: day(w.worst!.from), dateTo: day(w.worst!.to) },
        { key: 'best' as const, value: w.best!.annualised, dateFrom: day(w.best!.from), dateTo: day(w.best!.to) },
      ],
    })),
    lines: [line('portfolio', history), line('equity', equity), line('bonds', bonds)],
    table: {
      rows: windows.map((w) => ({
        label: labelOf(w.years),
        worst: w.worst!.annualised,
        best: w.best!.annualised,
        worstFrom: day(w.worst!.from),
        worstTo: day(w.worst!.to),
        bestFrom: day(w.best!.from),
        bestTo: day(w.best!.to),
      })),
    },
    maxDrawdown: drawdown
      ? { fall: drawdown.fall, peakDate: day(drawdown.peak), troughDate: day(drawdown.trough), recoveryDate: drawdown.recovery ? day(drawdown.recovery) : null }
      : null,
    volatility: history.volatility,
  };
}

/** The PRIIPs-way market-risk class of a mix from the last five years of the history (also the client portfolio check's). */
export function marketRiskOf(loaded: Pick<LoadedSeries, 'series'>, mix: AssetMix): TRiskSection['marketRisk'] {
  const returns = portfolioReturns(loaded.series, mix);
  // PRIIPs Category 2 with monthly prices needs five years of them; a shorter history gets no class.
  if (returns.length < PRIIPS_MONTHLY_OBSERVATIONS) return null;
  const measure = priipsMarketRisk(returns.slice(-PRIIPS_MONTHLY_OBSERVATIONS), { holdingYears: MRM_HOLDING_YEARS, periodsPerYear: 12 });
  const dates = loaded.series.dates;
  return {
    method: 'PRIIPS_CATEGORY_2_MRM',
    mrm: measure.mrm,
    vev: measure.vev,
    // The first return runs from the month before the window's first month.
    from: day(dates[dates.length - 1 - PRIIPS_MONTHLY_OBSERVATIONS]!),
    to: day(dates[dates.length - 1]!),
    observations: measure.observations,
    holdingYears: MRM_HOLDING_YEARS,
  };
}

/** The section of one model portfolio from the market history imported now (or projections without one). */
export async function computeRiskSection(db: Db, portfolio: TModelPortfolio, now: Date = new Date()): Promise<TRiskSection> {
  const mix: AssetMix = { equityShare: portfolio.equityShare, bondShare: portfolio.bondShare, cashShare: portfolio.cashShare };
  const stamp = { computedAt: now.toISOString(), algorithmVersion: ALGORITHM_VERSION };
  const loaded = await loadReturnSeries(db);
  if (!loaded) {
    const projection = projectPortfolio(mix);
    const a = projection.assumptions;
    const minMax = projection.horizons.map((h, i) => ({
      id: MIN_MAX_IDS[i]!,
      label: labelOf(h.years),
      years: h.years,
      // Projections have no date spans: the bars are the 5th and 95th percentile of the annualised return.
      bars: [
        { key: 'worst' as const, value: h.p5, dateFrom: '', dateTo: '' },
        { key: 'best' as const, value: h.p95, dateFrom: '', dateTo: '' },
      ],
    }));
    return {
      riskClass: portfolio.riskClass,
      portfolio,
      basis: {
        kind: 'projection',
        assumptions: {
          equityReturn: a.equity.expectedReturn,
          equityVolatility: a.equity.volatility,
          bondReturn: a.bonds.expectedReturn,
          bondVolatility: a.bonds.volatility,
          cashReturn: a.cash.expectedReturn,
          cashVolatility: a.cash.volatility,
          correlation: a.correlation,
        },
      },
      nominal: {
        minMax,
        lines: [],
        table: { rows: projection.horizons.map((h) => ({ label: labelOf(h.years), worst: h.p5, best: h.p95, worstFrom: '', worstTo: '', bestFrom: '', bestTo: '' })) },
        maxDrawdown: null,
        volatility: null,
      },
      real: null,
      marketRisk: null,
      ...stamp,
    };
  }
  return {
    riskClass: portfolio.riskClass,
    portfolio,
    basis: {
      kind: 'history',
      firstDate: day(loaded.from),
      lastDate: day(loaded.to),
      source: loaded.source,
      assets: 'US_EQUITIES_US_TREASURIES_10Y',
      returnType: 'TOTAL_RETURN',
      currency: 'USD',
      marketData: {
        importId: loaded.importId,
        sha256: loaded.sha256,
        importedAt: loaded.importedAt,
        fileLastDate: day(loaded.fileLastDate),
        gapPolicy: loaded.gapPolicy,
      },
    },
    nominal: historyView(loaded, mix, 'nominal'),
    real: loaded.series.inflation ? historyView(loaded, mix, 'real') : null,
    marketRisk: marketRiskOf(loaded, mix),
    ...stamp,
  };
}

/** A stored portfolio from before the cash-like part existed has none. */
export function storedPortfolio(portfolio: NonNullable<InstanceResults['risk']>['portfolio']): TModelPortfolio {
  return { riskClass: portfolio.riskClass, equityShare: portfolio.equityShare, bondShare: portfolio.bondShare, cashShare: portfolio.cashShare ?? 0 };
}

/** The section to store with a freshly scored result (null for results without a risk profile). */
export async function riskSectionForResults(db: Db, results: InstanceResults, now: Date): Promise<TRiskSection | null> {
  return results.risk ? computeRiskSection(db, storedPortfolio(results.risk.portfolio), now) : null;
}

/**
 * The stored section of a result. A result calculated before sections were stored gets one at its first view,
 * computed for its own stored portfolio from the history imported then, and written once (a concurrent first view
 * keeps the row's first write), so from then on it never changes either.
 */
export async function storedRiskSection(db: Db, instanceId: string, results: InstanceResults): Promise<TRiskSection | null> {
  if (!results.risk) return null;
  if (results.riskSection) return results.riskSection;
  const section = await computeRiskSection(db, storedPortfolio(results.risk.portfolio));
  const written = await db.execute<{ section: TRiskSection }>(sql`
    update interaction_instances
       set results = jsonb_set(results, '{riskSection}', ${JSON.stringify(section)}::jsonb)
     where id = ${instanceId} and results is not null and results->'riskSection' is null
    returning results->'riskSection' as section`);
  const rows = (written as unknown as { rows: { section: TRiskSection }[] }).rows;
  if (rows[0]) return rows[0].section;
  // Someone else wrote it first: theirs is the stored one.
  const [row] = (
    (await db.execute<{ section: TRiskSection | null }>(
      sql`select results->'riskSection' as section from interaction_instances where id = ${instanceId}`,
    )) as unknown as { rows: { section: TRiskSection | null }[] }
  ).rows;
  return row?.section ?? section;
}
