// The account's privacy policy, one plain text per locale, shown to participants before they answer.
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';

export const PRIVACY_POLICY_MAX_LENGTH = 20_000;

export const ZPrivacyPolicyText = z
  .object({ locale: z.enum(LOCALES), text: z.string(), updatedAt: z.string() })
  .meta({ id: 'PrivacyPolicyText' });
export type TPrivacyPolicyText = z.infer<typeof ZPrivacyPolicyText>;

export const ZPrivacyPolicy = z
  .object({
    accountId: z.string(),
    /** The locales that have a text, in the order EN_US, EN_UK, DE_DE. */
    policies: z.array(ZPrivacyPolicyText),
  })
  .meta({ id: 'PrivacyPolicy' });
export type TPrivacyPolicy = z.infer<typeof ZPrivacyPolicy>;

export const ZPrivacyPolicyQuery = z.object({
  /** Only this locale's text, or the best fallback when it has none. */
  locale: z.enum(LOCALES).optional(),
});

const ZPolicyText = z.string().max(PRIVACY_POLICY_MAX_LENGTH, 'error.validation.too_long');

/** Plain text per locale; an empty text removes that locale's policy, a locale left out stays as it is. */
export const ZUpdatePrivacyPolicyRequest = z
  .object({ texts: z.object({ EN_US: ZPolicyText.optional(), EN_UK: ZPolicyText.optional(), DE_DE: ZPolicyText.optional() }).strict() })
  .meta({ id: 'UpdatePrivacyPolicyRequest' });
export type TUpdatePrivacyPolicyRequest = z.infer<typeof ZUpdatePrivacyPolicyRequest>;
