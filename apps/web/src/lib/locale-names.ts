// Each language's name in that language, as language pickers show it: a reader must recognise their own
// language whatever the current UI language is, so these are deliberately not translated.
import type { Locale } from '@bq/domain/locales';

export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  EN_US: 'English (United States)',
  EN_UK: 'English (United Kingdom)',
  DE_DE: 'Deutsch (Deutschland)',
};
