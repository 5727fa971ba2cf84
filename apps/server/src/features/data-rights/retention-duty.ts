// Which of a client's results outlive the client's erasure, and why (docs/decisions/0043). The advisory products
// record a suitability or appropriateness assessment: MiFID II (Art. 16(6); Delegated Regulation 2017/565 Art. 72-73)
// makes the firm keep it and its evidence (answers, calculation, the adviser's resolution notes) for 5 years after
// the relationship ends. Nothing obliges keeping selection, performance or self-assessment results: they go.
import type { RetentionDuty } from '@bq/contracts/data-rights';
import { hasResult, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { ProductType } from '@bq/domain/product-types';
import { ADVISORY_PRODUCTS } from '../retention/retention-due';

// The advisory products are one list, the retention job's (features/retention): what it keeps, erasure keeps.
const ADVISORY: ReadonlySet<ProductType> = new Set(ADVISORY_PRODUCTS);

/** The duty that keeps this result, or null: only a calculated result of an advisory product is a record. */
export function retentionDutyOf(productType: ProductType, status: InteractionStatus): RetentionDuty | null {
  return ADVISORY.has(productType) && hasResult(status) ? 'MIFID_II_RECORD_KEEPING' : null;
}

/**
 * The relationship ends with the erasure, so the duty runs from then, for the account's advisory period (at least 5
 * years, 7 when the account chose so; features/retention deletes the record when it ends).
 */
export function keepUntil(duty: RetentionDuty | null, erasedAt: Date, years: number): string | null {
  if (!duty) return null;
  const until = new Date(erasedAt);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until.toISOString().slice(0, 10);
}
