// The sign-in page's language, as the evaluator app chooses it (lib/i18n.ts, spec section 1): ?locale=, then the
// choice stored in this browser (the same `bq.locale` key), then the browser's language. Without i18next: the page
// is its own light entry (docs/decisions/0085).
import { resolveLocale, type Locale } from '@bq/domain/locales';

const STORAGE_KEY = 'bq.locale';

function stored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function initialSignInLocale(): Locale {
  return resolveLocale({
    query: new URLSearchParams(window.location.search).get('locale'),
    stored: stored(),
    browserLanguage: navigator.language,
  });
}

/** The picker's choice is kept for the next visit and for the app after sign-in, as the app's own picker keeps it. */
export function storeSignInLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode or blocked storage: the choice lasts for this page only.
  }
}
