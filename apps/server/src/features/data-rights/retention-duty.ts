// Which of a client's results outlive the client's erasure, and why (docs/decisions/0043). The advisory products
// record a suitability or appropriateness assessment: MiFID II (Art. 16(6); Delegated Regulation 2017/565 Art. 72-73)
// makes the firm keep it and its evidence (answers, calculation, the adviser's resolution notes) for 5 years after
// the relationship ends. Nothing obliges keeping selection, performance or self-assessment results: they go.
import type { RetentionDuty } from '@bq/contracts/data-rights';
import { hasResult, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { ProductType } from '@bq/domain/product-types';

const ADVISORY_PRODUCTS: ReadonlySet<ProductType> = new Set(['BQ_ADVISORY_BANK', 'BQ_ADVISORY_WEALTH', 'BQ_RISK']);

/** Years an advisory record is kept after the relationship ends (the account may extend it to 7, issue 23 point 7). */
export const MIFID_RETENTION_YEARS = 5;

/** The duty that keeps this result, or null: only a calculated result of an advisory product is a record. */
export function retentionDutyOf(productType: ProductType, status: InteractionStatus): RetentionDuty | null {
  return ADVISORY_PRODUCTS.has(productType) && hasResult(status) ? 'MIFID_II_RECORD_KEEPING' : null;
}

/** The relationship ends with the erasure, so the duty runs from then. */
export function keepUntil(duty: RetentionDuty | null, erasedAt: Date): string | null {
  if (!duty) return null;
  const until = new Date(erasedAt);
  until.setUTCFullYear(until.getUTCFullYear() + MIFID_RETENTION_YEARS);
  return until.toISOString().slice(0, 10);
}
