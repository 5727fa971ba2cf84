// The PRIIPs-way market-risk class of a portfolio: the risk dashboard's model portfolio (dashboard.ts) and a client's
// current portfolio (portfolio.ts) both show it.
import { z } from 'zod';

/**
 * The model portfolio's market-risk class computed the PRIIPs way (Category 2: VaR-equivalent volatility of the
 * last 5 years of monthly returns, bands 0.5 / 5 / 12 / 20 / 30 / 80 %). Only the market-risk part of a PRIIPs
 * summary risk indicator: a product's SRI also needs its credit risk.
 */
export const ZMarketRiskClass = z.object({
  method: z.literal('PRIIPS_CATEGORY_2_MRM'),
  mrm: z.number().int().min(1).max(7),
  /** VaR-equivalent volatility, a fraction a year. */
  vev: z.number(),
  from: z.string(),
  to: z.string(),
  observations: z.number().int(),
  holdingYears: z.number(),
});
export type TMarketRiskClass = z.infer<typeof ZMarketRiskClass>;
