// Sign-up (self-service bqa and self-assessment, pre-sign-up then sign-up), adding a product, and the demo
// participant's password. The same schemas validate the web forms and the server routes.
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bq/domain/password-policy';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { zName } from './names';

/** Products a self-service bqa sign-up may choose (the advisory products with the BQA dashboard). */
export const BQA_SIGNUP_PRODUCTS = ['BQ_ADVISORY_WEALTH', 'BQ_ADVISORY_BANK', 'BQ_RISK'] as const;

const ZSignupFields = z.object({
  email: z.email('error.validation.invalid_email').max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  firstName: zName(100),
  lastName: zName(100),
  /** Spec section 5: the terms checkbox must be true. */
  termsAccepted: z.literal(true, 'error.validation.terms_not_accepted'),
  /** Language of the mails and the app; default EN_US. */
  locale: z.enum(LOCALES).optional(),
});

/** POST /api/presignup/bqaself and POST /api/signup. */
export const ZSignupRequest = ZSignupFields.extend({
  /** Default BQ_ADVISORY_WEALTH (its free trial); the benchmark variant signs up for BQ_RISK. */
  productType: z.enum(BQA_SIGNUP_PRODUCTS).optional(),
}).meta({ id: 'SignupRequest' });
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

/** POST /api/presignup/selfassessment and POST /api/signup/selfassessment: always BQ_PERFORMANCE_SELF_ASSESSMENT. */
export const ZSelfAssessmentSignupRequest = ZSignupFields.meta({ id: 'SelfAssessmentSignupRequest' });
export type TSelfAssessmentSignupRequest = z.infer<typeof ZSelfAssessmentSignupRequest>;

/** Pre-sign-up: the form is valid (password rules included); nothing is stored, reserved or sent. */
export const ZPreSignupResponse = z.object({ valid: z.literal(true) }).meta({ id: 'PreSignupResponse' });
export type TPreSignupResponse = z.infer<typeof ZPreSignupResponse>;

/** Sign-up: the same answer whether or not the address already has an account; the mail tells the difference. */
export const ZSignupResponse = z
  .object({ sentTo: z.string().meta({ description: 'The address a mail went to: a verification link, or a note that it already has an account' }) })
  .meta({ id: 'SignupResponse' });
export type TSignupResponse = z.infer<typeof ZSignupResponse>;

/** POST /api/add_product (spec section 3: product add payload). */
export const ZAddProductRequest = z
  .object({ initiatorId: z.string().max(100), productType: z.enum(PRODUCT_TYPES) })
  .meta({ id: 'AddProductRequest' });
export type TAddProductRequest = z.infer<typeof ZAddProductRequest>;

export const ZAddProductResponse = z
  .object({ productType: z.enum(PRODUCT_TYPES), productConfigurationId: z.string() })
  .meta({ id: 'AddProductResponse' });
export type TAddProductResponse = z.infer<typeof ZAddProductResponse>;

export const ZDemoPasswordParams = z.object({ instanceToken: z.string().min(1).max(100) });
/** POST /api/demo/password/{instanceToken}: password. */
export const ZDemoPasswordRequest = z
  .object({ password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH) })
  .meta({ id: 'DemoPasswordRequest' });
export type TDemoPasswordRequest = z.infer<typeof ZDemoPasswordRequest>;

export const ZDemoPasswordResponse = z
  .object({ redirectUrl: z.string().meta({ description: "The participant's own result in the new self-service account" }) })
  .meta({ id: 'DemoPasswordResponse' });
export type TDemoPasswordResponse = z.infer<typeof ZDemoPasswordResponse>;
