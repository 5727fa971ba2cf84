// The self-identification's fixed values (issue 25, docs/decisions/0051), apart from their schemas in
// @bq/contracts/fairness: the questionnaire's small entry needs the values without loading zod
// (docs/decisions/0054).
import type { Locale } from './locales';

/** Products whose results choose people: the self-identification is asked, decisions recorded and reported. */
export const FAIRNESS_PRODUCTS = ['BQ_SELECTION', 'BQ_SELECT_CAMPAIGN', 'BQ_PERFORMANCE'] as const;
export type FairnessProduct = (typeof FAIRNESS_PRODUCTS)[number];

export const SELF_ID_CATEGORIES = ['sex', 'ageBand', 'ethnicGroup'] as const;
export type SelfIdCategory = (typeof SELF_ID_CATEGORIES)[number];

/** The errorKeys of the self-identification calls; the participant page tells "decided" apart (docs/decisions/0063). */
export const SELF_ID_ERRORS = {
  notSubmitted: 'error.self_identification.not_submitted',
  notOffered: 'error.self_identification.not_offered',
  invalidOption: 'error.self_identification.invalid_option',
  /** Not the browser that submitted (no or another participant key), or a signed-in / API-credential request. */
  notTheParticipant: 'error.self_identification.not_the_participant',
  /** A decision about the result is recorded: the statement it could be checked against stays as it was. */
  decided: 'error.self_identification.decided',
} as const;

/** Always offered, never counted in a group; not configurable. */
export const PREFER_NOT_TO_SAY = 'PREFER_NOT_TO_SAY';

/** The US EEO-1 categories (sex; race/ethnicity) and the ADEA's age line at 40: the default options (which are asked by default: defaultAskedFor). */
export const DEFAULT_SELF_ID_OPTIONS: Record<SelfIdCategory, readonly string[]> = {
  sex: ['FEMALE', 'MALE'],
  ageBand: ['UNDER_40', 'AGE_40_PLUS'],
  ethnicGroup: [
    'HISPANIC_LATINO',
    'WHITE',
    'BLACK_AFRICAN_AMERICAN',
    'NATIVE_HAWAIIAN_PACIFIC_ISLANDER',
    'ASIAN',
    'AMERICAN_INDIAN_ALASKA_NATIVE',
    'TWO_OR_MORE_RACES',
  ],
};

/**
 * The categories asked by default, by the account's language (docs/decisions/0078: accounts have no country; the
 * language of their first user stands for it). EN_US: the EEO-1 categories, all asked. Elsewhere (Germany, the UK)
 * sex and age band are asked and ethnic origin is not: it is special-category data (GDPR Art. 9) that the account
 * switches on where the law expects it; its options stay ready to be switched on.
 */
export function defaultAskedFor(locale: Locale): Record<SelfIdCategory, boolean> {
  return { sex: true, ageBand: true, ethnicGroup: locale === 'EN_US' };
}

/** The default settings of an account whose language is `locale` (the shape the settings call answers). */
export function defaultSelfIdSettingsFor(locale: Locale) {
  const asked = defaultAskedFor(locale);
  return {
    categories: SELF_ID_CATEGORIES.map((category) => ({ category, asked: asked[category], options: DEFAULT_SELF_ID_OPTIONS[category].map((code) => ({ code })) })),
  };
}
