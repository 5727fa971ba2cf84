// The comparison of several clients side by side (spec section 2 "Client comparison", section 3 "Client in a
// comparison"): one set-based call, the first client is the reference (docs/decisions/0019).
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';

/** At least two clients are compared, at most this many (the spec leaves the number open; decision 0019). */
export const COMPARISON_MIN_CLIENTS = 2;
export const COMPARISON_MAX_CLIENTS = 10;

export const COMPARISON_ERRORS = {
  noCompletedInstance: 'error.comparison.no_completed_instance',
  tooFew: 'error.comparison.too_few_clients',
  tooMany: 'error.comparison.too_many_clients',
} as const;

const ZClientToken = z
  .string()
  .trim()
  .min(1, 'error.validation.required')
  .max(100, 'error.validation.too_long');

/** GET /api/comparison?productType=&clientToken=..&clientToken=..&locale= : the first token is the reference. */
export const ZComparisonRequestQuery = z.object({
  productType: z.enum(PRODUCT_TYPES),
  // One token arrives as a string, several as an array.
  clientToken: z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z.array(ZClientToken).max(100, 'error.validation.too_long'),
  ),
  locale: z.enum(LOCALES).optional(),
});
export type TComparisonRequestQuery = z.infer<typeof ZComparisonRequestQuery>;

export const ZComparisonDriver = z.object({
  key: z.string(),
  /** This client's T-score minus the first client's; null when either is not computable. */
  difference: z.number().nullable(),
  /** Share of the level distance this dimension causes, 0-100 (whole number); they add up to about 100. */
  levelShare: z.number().int().nullable(),
  /** Whether this dimension moves with the first client's profile (both above or both below their means). */
  sameDirection: z.boolean().nullable(),
});

export const ZComparisonClient = z.object({
  token: z.string(),
  /** The name to show: the one place that decides it is the server's comparisonDisplayName. */
  displayName: z.string(),
  initials: z.string(),
  anonymize: z.boolean(),
  lastCompleteInteractionToken: z.string(),
  dashboardResults: z.object({ name: z.string(), date: z.string() }),
  instanceDimensions: z.array(z.object({ key: z.string(), name: z.string() })),
  /** T-scores by dimension key (null when not computable). */
  dimensionGraph: z.array(z.object({ key: z.string(), value: z.number().nullable() })),
  /** Whole number 0-100 against the first client; null for the first, -1 when not comparable. */
  similarity: z.number().int().min(-1).max(100).nullable(),
  /** Shape (profile correlation) and level (closeness of height) parts, each 0-100; null for the first. */
  shape: z.number().int().nullable(),
  level: z.number().int().nullable(),
  drivers: z.array(ZComparisonDriver),
});
export type TComparisonClient = z.infer<typeof ZComparisonClient>;

export const ZClientComparison = z
  .object({
    productType: z.enum(PRODUCT_TYPES),
    maxClients: z.number().int(),
    dimensions: z.array(z.object({ key: z.string(), name: z.string() })),
    clients: z.array(ZComparisonClient),
  })
  .meta({ id: 'ClientComparison' });
export type TClientComparison = z.infer<typeof ZClientComparison>;

/** GET /api/comparison/client/{clientToken}?productType=: may this client join a comparison? */
export const ZComparisonCandidateQuery = z.object({ productType: z.enum(PRODUCT_TYPES) });
export const ZComparisonCandidate = z
  .object({ token: z.string(), displayName: z.string(), lastCompleteInteractionToken: z.string() })
  .meta({ id: 'ComparisonCandidate' });
export type TComparisonCandidate = z.infer<typeof ZComparisonCandidate>;
