// The signed-in evaluator as the web client sees it (GET /api/user) and the settings it can change.
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { ACCOUNT_TYPES, PLAN_TYPES, PRODUCT_TYPES } from '@bq/domain/product-types';
import { ZAllowListEntry, ZAnonymityK } from './anonymisation';
import { ZPermission } from './permissions';

export const ZProductConfiguration = z
  .object({
    id: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    planType: z.enum(PLAN_TYPES),
    /** Days a new invitation link stays valid unless the adviser chooses otherwise (the send form's default). */
    invitationValidDays: z.number().int(),
    /** Risk products: months after a client's latest result when the yearly review is due; 0: no reviews (decision 0093). */
    reviewEveryMonths: z.number().int(),
    /** Risk products: days before a review falls due when the adviser is mailed (and webhooks told review.due). */
    reviewNoticeDays: z.number().int(),
  })
  .meta({ id: 'ProductConfiguration' });

/** PUT /api/account/products/{id}/review: the yearly review of a risk product (docs/decisions/0093). */
export const ZProductReviewSettings = z
  .object({
    reviewEveryMonths: z.number().int().min(0, 'error.validation.invalid_value').max(60, 'error.validation.invalid_value'),
    reviewNoticeDays: z.number().int().min(0, 'error.validation.invalid_value').max(90, 'error.validation.invalid_value'),
  })
  .strict()
  .meta({ id: 'ProductReviewSettings' });
export type TProductReviewSettings = z.infer<typeof ZProductReviewSettings>;
export type TProductConfiguration = z.infer<typeof ZProductConfiguration>;

export const ZUser = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    initials: z.string(),
    locale: z.enum(LOCALES),
    permissions: z.array(ZPermission),
    accountId: z.string(),
    accountName: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    products: z.array(ZProductConfiguration),
    currentProduct: ZProductConfiguration.nullable(),
    creditBalance: z.number().int(),
    /** The sign-in before the current one (ISO timestamp), shown in the user menu. */
    previousLoginAt: z.string().nullable(),
    /** Platform operator: may import the market history shared by all accounts (set by the CLI only). */
    platformOperator: z.boolean(),
    /** Spec section 4 "email verification required": a self-service user whose address is not verified yet (may not send questionnaires). */
    emailVerificationRequired: z.boolean(),
    /** Anonymisation (spec sections 3 and 5): the user's switch and allow-list entries (all products). */
    anonymizationAllowListEnabled: z.boolean(),
    anonymizationAllowList: z.array(ZAllowListEntry),
    /** The account's k floor for aggregates over anonymised people (default 5, never below 3). */
    anonymityK: z.number().int(),
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;

/** Any of: the language; the allow-list switch and the account's k (both need ANONYMIZATION_ALLOW_LIST UPDATE in BQ_ADMIN). */
export const ZUpdateUserSettingsRequest = z
  .object({
    locale: z.enum(LOCALES).optional(),
    anonymizationAllowListEnabled: z.boolean().optional(),
    anonymityK: ZAnonymityK.optional(),
  })
  .refine((v) => v.locale !== undefined || v.anonymizationAllowListEnabled !== undefined || v.anonymityK !== undefined, {
    message: 'error.validation.required',
  })
  .meta({ id: 'UpdateUserSettingsRequest' });
export type TUpdateUserSettingsRequest = z.infer<typeof ZUpdateUserSettingsRequest>;

/** Open interactions by expiry: already expired (remind now), expiring later this month, expiring next month. */
export const ZReminderCounts = z
  .object({
    now: z.number().int(),
    thisMonth: z.number().int(),
    nextMonth: z.number().int(),
    /** Active clients of the account's risk products whose yearly review is due (docs/decisions/0093). */
    reviewsDue: z.number().int(),
  })
  .meta({ id: 'ReminderCounts' });
export type TReminderCounts = z.infer<typeof ZReminderCounts>;
