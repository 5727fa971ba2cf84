// The BQA_RISK section of a dashboard (spec section 3, DESIGN.md section 4): the model portfolio of the client's
// risk class, the worst and best annualised returns over rolling 1, 5 and 10 year windows of the imported market
// history (minMax charts I-III, with their date spans), the value over time (chart IV, merged by date) and a
// table. Without imported history: projections from stated capital-market assumptions, labelled as such.
import type { TRiskSection } from '@bq/contracts/dashboard';
import { modelPortfolio } from '@bq/scoring/model-portfolios';
import { portfolioHistory, WINDOW_YEARS } from '@bq/scoring/portfolio-windows';
import { projectPortfolio } from '@bq/scoring/projections';
import type { Db } from '../../db/client';
import { loadReturnSeries } from '../market-history/market-history-service';

const WINDOW_LABELS = { 1: 'year1', 5: 'year5', 10: 'year10' } as const;
const MIN_MAX_IDS = ['I', 'II', 'III'] as const;
const LINES_ID = 'IV';

const labelOf = (years: number) => WINDOW_LABELS[years as keyof typeof WINDOW_LABELS];
const day = (date: string) => date.slice(0, 10);

/** One point a year (the first month of each year, and the last month), enough for a 150-year chart. */
function yearly<T extends { date: string }>(values: readonly T[]): T[] {
  return values.filter((v, i) => i === 0 || i === values.length - 1 || v.date.slice(5, 7) === '01');
}

export async function riskSection(db: Db, riskClass: number): Promise<TRiskSection> {
  const portfolio = modelPortfolio(riskClass);
  const loaded = await loadReturnSeries(db);
  if (!loaded) {
    const projection = projectPortfolio(portfolio.equityShare);
    const a = projection.assumptions;
    return {
      riskClass,
      portfolio,
      basis: {
        kind: 'projection',
        assumptions: { equityReturn: a.equity.expectedReturn, equityVolatility: a.equity.volatility, bondReturn: a.bonds.expectedReturn, bondVolatility: a.bonds.volatility, correlation: a.correlation },
      },
      // Projections have no date spans: the bars are the 5th and 95th percentile of the annualised return.
      minMax: projection.horizons.map((h, i) => ({
        id: MIN_MAX_IDS[i]!,
        label: labelOf(h.years),
        years: h.years,
        bars: [
          { key: 'worst' as const, value: h.p5, dateFrom: '', dateTo: '' },
          { key: 'best' as const, value: h.p95, dateFrom: '', dateTo: '' },
        ],
      })),
      lines: [],
      table: { rows: projection.horizons.map((h) => ({ label: labelOf(h.years), worst: h.p5, best: h.p95, worstFrom: '', worstTo: '', bestFrom: '', bestTo: '' })) },
    };
  }

  const history = portfolioHistory(loaded.series, portfolio.equityShare, WINDOW_YEARS);
  // The pure equity and pure bond portfolios give the line chart its frame of reference.
  const equity = portfolioHistory(loaded.series, 1, []);
  const bonds = portfolioHistory(loaded.series, 0, []);
  const windows = history.windows.filter((w) => w.worst && w.best);
  return {
    riskClass,
    portfolio,
    basis: { kind: 'history', firstDate: day(history.from), lastDate: day(history.to), source: loaded.source },
    minMax: windows.map((w, i) => ({
      id: MIN_MAX_IDS[i]!,
      label: labelOf(w.years),
      years: w.years,
      bars: [
        { key: 'worst' as const, value: w.worst!.annualised, dateFrom: day(w.worst!.from), dateTo: day(w.worst!.to) },
        { key: 'best' as const, value: w.best!.annualised, dateFrom: day(w.best!.from), dateTo: day(w.best!.to) },
      ],
    })),
    lines: [
      { id: LINES_ID, key: 'portfolio', values: yearly(history.values).map((v) => ({ dateAt: day(v.date), valueAt: v.value })) },
      { id: LINES_ID, key: 'equity', values: yearly(equity.values).map((v) => ({ dateAt: day(v.date), valueAt: v.value })) },
      { id: LINES_ID, key: 'bonds', values: yearly(bonds.values).map((v) => ({ dateAt: day(v.date), valueAt: v.value })) },
    ],
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
  };
}
