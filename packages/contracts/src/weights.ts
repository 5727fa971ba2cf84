// Weight (requirement) profiles per product type, their assignment to a client and a result's fit to the
// assigned profile (spec section 7 "Teams and weights", DESIGN.md section 4, docs/decisions/0019).
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { zName } from './names';

/** The spec's requirement profile scale (section 9): each step doubles a dimension's importance. */
export const WEIGHT_SCALE = [1, 2, 4, 8, 16] as const;
/** Targets are T-scores (mean 50, sd 10); 20-80 covers three norm sds either side. */
export const TARGET_MIN = 20;
export const TARGET_MAX = 80;

export const ZProductTypeParam = z.object({ type: z.enum(PRODUCT_TYPES) });
export const ZWeightProfileIdParam = z.object({ id: z.uuid('error.validation.invalid_format') });

export const ZDimensionWeight = z.object({
  dimension: z.string().trim().min(1, 'error.validation.required').max(100, 'error.validation.too_long'),
  weight: z.literal(WEIGHT_SCALE, { error: 'error.validation.invalid_value' }),
  target: z
    .number({ error: 'error.validation.invalid_type' })
    .int('error.validation.invalid_value')
    .min(TARGET_MIN, 'error.validation.invalid_value')
    .max(TARGET_MAX, 'error.validation.invalid_value'),
});
export type TDimensionWeight = z.infer<typeof ZDimensionWeight>;

const ZProfileName = zName(100);
const ZWeights = z
  .array(ZDimensionWeight)
  .min(1, 'error.validation.required')
  .max(50, 'error.validation.too_long');

export const ZCreateWeightProfileRequest = z.strictObject({
  productType: z.enum(PRODUCT_TYPES),
  name: ZProfileName,
  weights: ZWeights,
});
export type TCreateWeightProfileRequest = z.infer<typeof ZCreateWeightProfileRequest>;
export const ZUpdateWeightProfileRequest = z.strictObject({ name: ZProfileName, weights: ZWeights });
export type TUpdateWeightProfileRequest = z.infer<typeof ZUpdateWeightProfileRequest>;

export const ZWeightProfile = z
  .object({
    id: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    name: z.string(),
    weights: z.array(ZDimensionWeight),
    /** How many clients have this profile assigned. */
    assignedClients: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WeightProfile' });
export type TWeightProfile = z.infer<typeof ZWeightProfile>;
export const ZWeightProfileList = z.object({ profiles: z.array(ZWeightProfile) });
export type TWeightProfileList = z.infer<typeof ZWeightProfileList>;

/** GET /api/product/{type}/weights: what a profile of this product can weight, with names in the locale. */
export const ZProductWeights = z
  .object({
    productType: z.enum(PRODUCT_TYPES),
    interactionId: z.string(),
    scale: z.array(z.number().int()),
    targetMin: z.number().int(),
    targetMax: z.number().int(),
    defaultTarget: z.number().int(),
    dimensions: z.array(z.object({ key: z.string(), name: z.string() })),
  })
  .meta({ id: 'ProductWeights' });
export type TProductWeights = z.infer<typeof ZProductWeights>;
export const ZWeightsLocaleQuery = z.object({ locale: z.enum(LOCALES).optional() });

/** POST /api/user/weightProfile: profileId null removes the client's profile of that product type. */
export const ZAssignWeightProfileRequest = z.strictObject({
  userToken: z.string().trim().min(1, 'error.validation.required').max(100, 'error.validation.too_long'),
  productType: z.enum(PRODUCT_TYPES),
  profileId: z.uuid('error.validation.invalid_format').nullable(),
});
export type TAssignWeightProfileRequest = z.infer<typeof ZAssignWeightProfileRequest>;
export const ZAssignedWeightProfile = z
  .object({
    userToken: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    profileId: z.string().nullable(),
    profileName: z.string().nullable(),
  })
  .meta({ id: 'AssignedWeightProfile' });
export type TAssignedWeightProfile = z.infer<typeof ZAssignedWeightProfile>;
export const ZAssignedWeightProfileQuery = z.object({
  userToken: z.string().min(1).max(100),
  productType: z.enum(PRODUCT_TYPES),
});

/**
 * A result's fit to its client's profile, explained per dimension (docs/decisions/0074):
 * fit = 100 x exp(-0.75 x D^2), D^2 = sum(weight x gapSd^2) / sum(weight).
 */
export const ZResultFit = z
  .object({
    profileId: z.string(),
    profileName: z.string(),
    /** Whole number 0-100; null when no weighted dimension has a score. */
    fit: z.number().int().min(0).max(100).nullable(),
    /** D: the weighted root-mean-square gap in norm sds (2 decimals); null like fit. */
    rmsGapSd: z.number().nullable(),
    contributions: z.array(
      z.object({
        key: z.string(),
        /** The T-score as shown (one decimal); null when not computable. */
        score: z.number().nullable(),
        target: z.number(),
        weight: z.number().int(),
        /** |score - target| in T points. */
        gap: z.number().nullable(),
        /** The gap in norm sds: gap / 10 (2 decimals). */
        gapSd: z.number().nullable(),
        /** weight x gapSd^2 (2 decimals): this dimension's term in D^2 before dividing by the sum of weights. */
        weightedSquaredGap: z.number().nullable(),
        /** Fit points this dimension costs: 100 - fit shared in proportion to weight x gapSd^2. */
        pointsLost: z.number().nullable(),
      }),
    ),
    missing: z.array(z.string()),
  })
  .meta({ id: 'ResultFit' });
export type TResultFit = z.infer<typeof ZResultFit>;

export const WEIGHT_ERRORS = {
  unknownDimension: 'error.weights.unknown_dimension',
  duplicateDimension: 'error.weights.duplicate_dimension',
  duplicateName: 'error.weights.duplicate_name',
} as const;
