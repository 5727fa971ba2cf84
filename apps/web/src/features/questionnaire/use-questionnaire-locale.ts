// The participant reads the questionnaire in the client's language, so the page's own texts (buttons, progress)
// switch to it too. Nothing is stored: there is no user, and the browser's choice stays as it was.
import { useEffect } from 'react';
import type { Locale } from '@bq/domain/locales';
import { changeLocale, currentLocale, useLocale } from '../../lib/i18n';

/** Switches to `locale` once known; true when the page speaks it (or no locale is known yet). */
export function useQuestionnaireLocale(locale: Locale | undefined): boolean {
  const active = useLocale();
  useEffect(() => {
    if (locale && locale !== currentLocale()) void changeLocale(locale);
  }, [locale]);
  return !locale || active === locale;
}
