// Scoring figures for `npm run bench` (issue 4): the pure engine only, no I/O in the timed parts. Median of a
// few runs, printed; a measurement, not a pass/fail test.
import { readFileSync } from 'node:fs';
import { scoreDimensions } from '@bq/scoring/norms';
import { profileSimilarity } from '@bq/scoring/similarity';
import { loadMarketHistory, monthlyReturns } from '@bq/scoring/market-history';
import { portfolioHistory } from '@bq/scoring/portfolio-windows';
import { MODEL_PORTFOLIOS } from '@bq/scoring/model-portfolios';
import { simulateRespondents } from '@bq/scoring/simulate';
import { definitionForProduct } from '../apps/server/src/features/interactions/definitions';

function timed(runs: number, work: () => void): { median: number; worst: number } {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, worst: times[times.length - 1]! };
}
const line = (name: string, r: { median: number; worst: number }) =>
  console.log(`${name.padEnd(52)} median ${r.median.toFixed(1).padStart(8)} ms   worst ${r.worst.toFixed(1).padStart(8)} ms`);

export function runScoringBench() {
  const definition = definitionForProduct('BQ_SELECTION');
  const respondents = simulateRespondents(definition, { count: 10_000, seed: 2026, consistency: 0.75 });
  let scored: ReturnType<typeof scoreDimensions>[] = [];
  line('score 10,000 results (selection, 24 items)', timed(5, () => {
    scored = respondents.map((r) => scoreDimensions(definition, r.answers));
  }));

  const profiles = scored.map((dims) => ({ scores: Object.fromEntries(dims.map((d) => [d.key, d.t])) }));
  const one = profiles[0]!;
  line("one client's similarity against 10,000", timed(5, () => {
    for (const other of profiles) profileSimilarity(one, other);
  }));

  const csv = readFileSync(new URL('../../shared/data/sp500-shiller/data.csv', import.meta.url), 'utf8');
  const returns = monthlyReturns(loadMarketHistory(csv, 'carry').months);
  line('1/5/10-year windows, 1871-2026, one portfolio', timed(20, () => {
    portfolioHistory(returns, MODEL_PORTFOLIOS[4]!);
  }));
  line('1/5/10-year windows, 1871-2026, all 7 portfolios', timed(20, () => {
    for (const p of MODEL_PORTFOLIOS) portfolioHistory(returns, p);
  }));
}
