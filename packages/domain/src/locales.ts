// The three locales the product speaks, and the rules for choosing one (spec section 1).
export const LOCALES = ['EN_US', 'EN_UK', 'DE_DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'EN_US';

/** BCP 47 tag for Intl and <html lang>. */
export const LOCALE_TAGS: Record<Locale, string> = { EN_US: 'en-US', EN_UK: 'en-GB', DE_DE: 'de-DE' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Reads a locale id from a URL, a stored profile or a header. Only exact ids are accepted (spec section 1), so
 * 'de-de' becomes DE_DE but 'en-GB' is not EN_UK and gives null.
 */
export function normalizeLocale(value: string | null | undefined): Locale | null {
  if (typeof value !== 'string') return null;
  const candidate = value.trim().toUpperCase().replaceAll('-', '_');
  return isLocale(candidate) ? candidate : null;
}

export interface LocaleSources {
  /** The ?locale= query parameter, which overrides everything so a link can force a language. */
  query?: string | null;
  /** The signed-in user's saved preference. */
  stored?: string | null;
  /** navigator.language or the first Accept-Language entry. */
  browserLanguage?: string | null;
}

export function resolveLocale(opts: LocaleSources): Locale {
  const explicit = normalizeLocale(opts.query) ?? normalizeLocale(opts.stored);
  if (explicit) return explicit;
  // The browser only ever selects German (spec section 1); an English browser keeps the EN_US default.
  const browser = typeof opts.browserLanguage === 'string' ? opts.browserLanguage.trim().toLowerCase() : '';
  return browser.startsWith('de') ? 'DE_DE' : DEFAULT_LOCALE;
}
