// A client's current portfolio and its check against the suitable risk class (issue 38 point 1, decision 0091):
// PUT|GET /api/u/{clientToken}/portfolio. The web form reuses ZPutPortfolioRequest, so both sides refuse alike.
import { z } from 'zod';
import { ZMarketRiskClass } from './market-risk';

/** The classes the market history models (the model portfolios' equity / bond / cash-like parts). */
export const MODELLED_ASSET_CLASSES = ['EQUITIES', 'BONDS', 'CASH'] as const;
export type TModelledAssetClass = (typeof MODELLED_ASSET_CLASSES)[number];

/**
 * Every asset class a position may name, and the modelled class it is checked as (decision 0091): holdings the
 * history has no series for count as the modelled class whose losses they resemble, and as equities when in
 * doubt, so a mapping never makes a portfolio look safer than it is.
 */
export const ASSET_CLASS_MAPPING = {
  EQUITIES: 'EQUITIES',
  BONDS: 'BONDS',
  CASH: 'CASH',
  GOVERNMENT_BONDS: 'BONDS',
  CORPORATE_BONDS: 'BONDS',
  MONEY_MARKET: 'CASH',
  REAL_ESTATE: 'EQUITIES',
  COMMODITIES: 'EQUITIES',
  ALTERNATIVES: 'EQUITIES',
} as const satisfies Record<string, TModelledAssetClass>;
export type TAssetClass = keyof typeof ASSET_CLASS_MAPPING;
export const ASSET_CLASSES = Object.keys(ASSET_CLASS_MAPPING) as [TAssetClass, ...TAssetClass[]];

export const PORTFOLIO_ERRORS = {
  empty: 'error.portfolio.empty',
  unknownAssetClass: 'error.portfolio.unknown_asset_class',
  negative: 'error.portfolio.negative',
  mixedUnits: 'error.portfolio.mixed_units',
  noValue: 'error.portfolio.no_value',
  weightsSum: 'error.portfolio.weights_sum',
  zeroTotal: 'error.portfolio.zero_total',
} as const;

/** Weights in percent may miss 100 by this much (three thirds typed as 33.33 add up to 99.99). */
export const WEIGHT_SUM_TOLERANCE = 0.05;
export const MAX_POSITIONS = 50;

const number = (max: number) =>
  z
    .number({ error: 'error.validation.invalid_type' })
    .min(0, PORTFOLIO_ERRORS.negative)
    .max(max, 'error.validation.too_long')
    .optional();

export const ZPortfolioPosition = z
  .object({
    assetClass: z.enum(ASSET_CLASSES, { error: PORTFOLIO_ERRORS.unknownAssetClass }),
    /** Percent of the portfolio, 0-100. */
    weight: number(100),
    /** In the client's currency; the shares are amount / total. */
    amount: number(1e15),
  })
  .strict();
export type TPortfolioPosition = z.infer<typeof ZPortfolioPosition>;

type Issue = { path: (string | number)[]; message: string };

/** What the form and the route refuse beyond each field's type: one unit for all, weights adding up to 100. */
export function portfolioIssues(positions: readonly TPortfolioPosition[]): Issue[] {
  const issues: Issue[] = [];
  positions.forEach((p, i) => {
    if (p.weight === undefined && p.amount === undefined) issues.push({ path: [i], message: PORTFOLIO_ERRORS.noValue });
  });
  const byWeight = positions.some((p) => p.weight !== undefined);
  const byAmount = positions.some((p) => p.amount !== undefined);
  if (byWeight && byAmount) return [...issues, { path: [], message: PORTFOLIO_ERRORS.mixedUnits }];
  if (issues.length || positions.length === 0) return issues;
  const total = positions.reduce((sum, p) => sum + (p.weight ?? p.amount ?? 0), 0);
  if (byWeight && Math.abs(total - 100) > WEIGHT_SUM_TOLERANCE) issues.push({ path: [], message: PORTFOLIO_ERRORS.weightsSum });
  if (byAmount && !(total > 0)) issues.push({ path: [], message: PORTFOLIO_ERRORS.zeroTotal });
  return issues;
}

export const ZPortfolioPositions = z
  .array(ZPortfolioPosition)
  .min(1, PORTFOLIO_ERRORS.empty)
  .max(MAX_POSITIONS, 'error.validation.too_long')
  .superRefine((positions, ctx) => {
    for (const issue of portfolioIssues(positions)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const ZPutPortfolioRequest = z
  .object({
    /** The day the holdings were as given (YYYY-MM-DD). */
    asOf: z.iso.date({ error: 'error.validation.invalid_format' }),
    positions: ZPortfolioPositions,
  })
  .strict()
  .meta({ id: 'PutPortfolioRequest' });
export type TPutPortfolioRequest = z.infer<typeof ZPutPortfolioRequest>;

export const ZPortfolio = z
  .object({
    asOf: z.string(),
    createdAt: z.string(),
    /** As entered, with the modelled class each counts as and its share of the whole (0..1). */
    positions: z.array(
      z.object({
        assetClass: z.enum(ASSET_CLASSES),
        weight: z.number().nullable(),
        amount: z.number().nullable(),
        mappedTo: z.enum(MODELLED_ASSET_CLASSES),
        share: z.number(),
      }),
    ),
    /** The shares of the modelled classes, 0..1, adding up to 1. */
    mix: z.object({ equityShare: z.number(), bondShare: z.number(), cashShare: z.number() }),
  })
  .meta({ id: 'ClientPortfolio' });
export type TPortfolio = z.infer<typeof ZPortfolio>;

const ZWindow = z.object({ annualised: z.number(), from: z.string(), to: z.string() });

export const PORTFOLIO_VERDICTS = ['WITHIN', 'ABOVE', 'BELOW'] as const;
export type TPortfolioVerdict = (typeof PORTFOLIO_VERDICTS)[number];

export const ZPortfolioCheck = z
  .object({
    /** WITHIN: as risky as the suitable class's model portfolio; ABOVE: riskier; BELOW: as safe as a lower class. */
    verdict: z.enum(PORTFOLIO_VERDICTS),
    suitableClass: z.number().int().min(1).max(7),
    /** The lowest class (the product's 1-7 scale) whose model portfolio lost at least as much in every measure. */
    portfolioClass: z.number().int().min(1).max(7),
    /** The risk result the suitable class comes from. */
    resultToken: z.string(),
    history: z.object({ firstDate: z.string(), lastDate: z.string(), currency: z.literal('USD'), returnType: z.literal('TOTAL_RETURN') }),
    /** Worst and best annualised returns of the portfolio over rolling 1, 5, 10 years; `allowed` is the suitable model portfolio's worst. */
    windows: z.array(z.object({ years: z.number(), worst: ZWindow, best: ZWindow, allowed: ZWindow })),
    maxDrawdown: z.object({ fall: z.number(), peakDate: z.string(), troughDate: z.string(), recoveryDate: z.string().nullable() }).nullable(),
    /** The suitable model portfolio's largest fall (negative fraction), null when it never fell. */
    allowedMaxDrawdown: z.number().nullable(),
    marketRisk: ZMarketRiskClass.nullable(),
    /** The figures of the client's sentence: the worst 12 months of the portfolio and of the profile, as losses (0..1). */
    worstYear: z.object({ sinceYear: z.string(), portfolioLoss: z.number(), allowedLoss: z.number(), from: z.string(), to: z.string() }),
  })
  .meta({ id: 'PortfolioCheck' });
export type TPortfolioCheck = z.infer<typeof ZPortfolioCheck>;

/**
 * The dashboard's `portfolioCheck` (decision 0091): the client's current portfolio checked against this result's
 * suitable class, stored with the result once per portfolio, so a later market-history import does not change it.
 */
export const ZResultPortfolioCheck = z
  .object({
    asOf: z.string(),
    mix: ZPortfolio.shape.mix,
    positions: ZPortfolio.shape.positions,
    check: ZPortfolioCheck,
    computedAt: z.string(),
  })
  .meta({ id: 'ResultPortfolioCheck' });
export type TResultPortfolioCheck = z.infer<typeof ZResultPortfolioCheck>;

export const PORTFOLIO_CHECK_MISSING = ['NO_RISK_RESULT', 'NO_MARKET_HISTORY'] as const;

export const ZGetPortfolioResponse = z
  .object({
    clientToken: z.string(),
    portfolio: ZPortfolio.nullable(),
    check: ZPortfolioCheck.nullable(),
    /** Why there is no check for a saved portfolio; null when there is one or nothing was saved. */
    checkMissing: z.enum(PORTFOLIO_CHECK_MISSING).nullable(),
    /** Every saved portfolio, newest first (earlier ones are kept). */
    history: z.array(z.object({ asOf: z.string(), createdAt: z.string() })),
  })
  .meta({ id: 'ClientPortfolioAnswer' });
export type TGetPortfolioResponse = z.infer<typeof ZGetPortfolioResponse>;
