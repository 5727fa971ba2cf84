// The market-risk class (MRM) of a model portfolio computed the way the PRIIPs rules prescribe for Category 2
// products (Delegated Regulation (EU) 2017/653, Annex II Part 1, points 2, 5-13): the VaR-equivalent volatility
// (VEV) from the moments of the observed log returns, mapped to the bands 0.5 / 5 / 12 / 20 / 30 / 80 %.
// It is the market-risk part of a PRIIPs summary risk indicator only: a real product's SRI also needs its credit
// risk class, so the dashboard calls it the market-risk class, never the SRI (decision 0014).

/** Lower bounds of MRM classes 2-7 (VEV, a fraction a year); each band includes its lower bound. */
export const MRM_BANDS = [0.005, 0.05, 0.12, 0.2, 0.3, 0.8] as const;

/** Category 2 with monthly prices needs 5 years of them (Annex II point 5), i.e. 60 monthly returns. */
export const PRIIPS_MONTHLY_OBSERVATIONS = 60;

export interface MarketRiskMeasure {
  /** MRM class 1-7. */
  mrm: number;
  /** VaR-equivalent volatility, a fraction a year. */
  vev: number;
  /** VaR in return space at 97.5 % over the holding period (log-return space, Cornish-Fisher). */
  varReturnSpace: number;
  /** Moments of the observed log returns (population moments, as the regulation defines them). */
  observations: number;
  sigma: number;
  skew: number;
  excessKurtosis: number;
  holdingYears: number;
  periodsPerYear: number;
}

export function mrmClass(vev: number): number {
  return 1 + MRM_BANDS.filter((bound) => vev >= bound).length;
}

/**
 * PRIIPs Category 2: r = ln(1 + R) for each observed period return R; sigma, skew (mu1) and excess kurtosis (mu2)
 * from the population moments; N = periods in the recommended holding period T;
 *   VaR = sigma sqrt(N) (-1.96 + 0.474 mu1 / sqrt(N) - 0.0687 mu2 / N + 0.146 mu1^2 / N) - 0.5 sigma^2 N
 *   VEV = (sqrt(3.842 - 2 VaR) - 1.96) / sqrt(T).
 * For normal returns (mu1 = mu2 = 0) the VEV is the annualised volatility sigma sqrt(periodsPerYear).
 */
export function priipsMarketRisk(
  periodReturns: readonly number[],
  opts: { holdingYears: number; periodsPerYear: number },
): MarketRiskMeasure {
  const { holdingYears, periodsPerYear } = opts;
  if (periodReturns.length < 2) throw new RangeError('the market-risk measure needs at least two returns');
  if (!(holdingYears > 0) || !(periodsPerYear > 0)) throw new RangeError('holding period and frequency are positive');
  const logs = periodReturns.map((r) => {
    if (!(r > -1)) throw new RangeError(`a period return of ${r} has no logarithm`);
    return Math.log(1 + r);
  });
  const m = logs.length;
  const mean = logs.reduce((a, b) => a + b, 0) / m;
  const moment = (k: number) => logs.reduce((a, r) => a + (r - mean) ** k, 0) / m;
  const m2 = moment(2);
  const sigma = Math.sqrt(m2);
  const skew = sigma > 0 ? moment(3) / sigma ** 3 : 0;
  const excessKurtosis = sigma > 0 ? moment(4) / sigma ** 4 - 3 : 0;
  const n = periodsPerYear * holdingYears;
  const varReturnSpace =
    sigma * Math.sqrt(n) * (-1.96 + (0.474 * skew) / Math.sqrt(n) - (0.0687 * excessKurtosis) / n + (0.146 * skew ** 2) / n) -
    0.5 * sigma ** 2 * n;
  const vev = (Math.sqrt(3.842 - 2 * varReturnSpace) - 1.96) / Math.sqrt(holdingYears);
  return {
    mrm: mrmClass(vev),
    vev,
    varReturnSpace,
    observations: m,
    sigma,
    skew,
    excessKurtosis,
    holdingYears,
    periodsPerYear,
  };
}
