// The current-portfolio form's values and errors: three weights in percent and a date, checked with the contract's
// ZPutPortfolioRequest (the server's own schema), and the server's 400 fields mapped back onto the same inputs.
import { MODELLED_ASSET_CLASSES, ZPutPortfolioRequest, type TModelledAssetClass, type TPortfolio, type TPutPortfolioRequest } from '@bq/contracts/portfolio';
import type { ApiFieldError } from '../../lib/api-client';

export type PortfolioFormValues = Record<'asOf' | TModelledAssetClass, string>;
/** `total` holds what concerns the weights together (they do not add up to 100, or none was given). */
export type PortfolioFormField = keyof PortfolioFormValues | 'total';
export type PortfolioFormErrors = Partial<Record<PortfolioFormField, string>>;

/** "12,5" (German) and "12.5" are both twelve and a half; a blank weight is none of the portfolio (0). */
export function parseWeight(text: string): number {
  const trimmed = text.trim().replace(/\s|%/g, '').replace(',', '.');
  if (trimmed === '') return 0;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function portfolioRequest(values: PortfolioFormValues): TPutPortfolioRequest {
  return {
    asOf: values.asOf.trim(),
    positions: MODELLED_ASSET_CLASSES.map((assetClass) => ({ assetClass, weight: parseWeight(values[assetClass]) })),
  };
}

/** A path of the request ('positions', 1, 'weight' or 'body.positions.1.weight') as the form field it concerns. */
export function fieldOfPath(path: readonly (string | number)[]): PortfolioFormField {
  const parts = path.map(String).filter((p) => p !== 'body');
  if (parts[0] === 'asOf') return 'asOf';
  const index = parts[0] === 'positions' && parts[1] !== undefined ? Number(parts[1]) : Number.NaN;
  return MODELLED_ASSET_CLASSES[index] ?? 'total';
}

function collect(issues: { path: readonly (string | number)[]; errorKey: string }[]): PortfolioFormErrors {
  const errors: PortfolioFormErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    errors[field] ??= issue.errorKey;
  }
  return errors;
}

/** The errorKeys of the values as they are, by field; null when they can be saved. */
export function validatePortfolioForm(values: PortfolioFormValues): { request: TPutPortfolioRequest; errors: null } | { request: null; errors: PortfolioFormErrors } {
  const request = portfolioRequest(values);
  const result = ZPutPortfolioRequest.safeParse(request);
  if (result.success) return { request: result.data, errors: null };
  // zod's own messages are sentences; the contract's are errorKeys.
  const issues = result.error.issues.map((i) => ({ path: i.path as (string | number)[], errorKey: i.message.startsWith('error.') ? i.message : 'error.validation.invalid' }));
  return { request: null, errors: collect(issues) };
}

/** The 400's fields ('body.positions.1.weight', 'body.positions') on the form's inputs. */
export function serverFormErrors(fields: readonly ApiFieldError[]): PortfolioFormErrors {
  return collect(fields.map((f) => ({ path: f.path.split('.'), errorKey: f.errorKey })));
}

/** The form starts from the latest portfolio's shares (in percent, two decimals) and today's date. */
export function initialFormValues(portfolio: TPortfolio | null, today: string): PortfolioFormValues {
  const percent = (share: number | undefined) => (portfolio && share !== undefined ? String(Math.round(share * 10_000) / 100) : '');
  return {
    asOf: today,
    EQUITIES: percent(portfolio?.mix.equityShare),
    BONDS: percent(portfolio?.mix.bondShare),
    CASH: percent(portfolio?.mix.cashShare),
  };
}

/** The sum of the weights typed so far, for the form's running total; null while one is not a number. */
export function weightTotal(values: PortfolioFormValues): number | null {
  const total = MODELLED_ASSET_CLASSES.reduce((sum, c) => sum + parseWeight(values[c]), 0);
  return Number.isNaN(total) ? null : total;
}
