// The model portfolio of each risk class 1-7: an equity / bond mix, monthly rebalanced, used for the history
// windows and the projections of the risk dashboard.

export interface ModelPortfolio {
  riskClass: number;
  /** Share of equities (broad US stock index), 0..1; the rest is in 10-year government bonds. Cash is not modelled. */
  equityShare: number;
  bondShare: number;
}

/**
 * Equity shares 0, 10, 25, 40, 60, 80, 100 % for classes 1-7: illustrative steps that widen as the class rises,
 * roughly following the volatility bands of the PRIIPs summary risk indicator, whose 1-7 scale the classes
 * share. They are a product choice, not a recommendation; an account may need its own mixes.
 */
export const MODEL_PORTFOLIOS: readonly ModelPortfolio[] = [0, 0.1, 0.25, 0.4, 0.6, 0.8, 1].map(
  (equityShare, i) => ({
    riskClass: i + 1,
    equityShare,
    bondShare: 1 - equityShare,
  }),
);

export function modelPortfolio(riskClass: number): ModelPortfolio {
  const portfolio = MODEL_PORTFOLIOS.find((p) => p.riskClass === riskClass);
  if (!portfolio) throw new RangeError(`a risk class is a whole number 1-7, got ${riskClass}`);
  return portfolio;
}
