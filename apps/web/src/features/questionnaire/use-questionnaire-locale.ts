// The participant reads the questionnaire in the client's language, so the page's own texts (buttons, progress)
// switch to it too. Nothing is stored: there is no user, and the browser's choice stays as it was.
import { useEffect } from 'react';
import type { Locale } from '@bq/domain/locales';
import { loadLocaleTexts, useTexts } from '../../participant/texts';

/** Loads the texts of `locale` once known; true when the page speaks it. */
export function useQuestionnaireLocale(locale: Locale | undefined): boolean {
  const active = useTexts().locale;
  useEffect(() => {
    if (locale && locale !== active) void loadLocaleTexts(locale);
  }, [locale, active]);
  return Boolean(locale) && active === locale;
}
