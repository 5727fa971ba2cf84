// Which locale's text to show when a text exists in some locales only (the account's privacy policy): the
// participant's own, then the other variant of the same language (EN_US <-> EN_UK), then EN_US, EN_UK, DE_DE.
import { LOCALES, type Locale } from './locales';

const SAME_LANGUAGE: Record<Locale, Locale[]> = { EN_US: ['EN_UK'], EN_UK: ['EN_US'], DE_DE: [] };

export function fallbackLocales(preferred: Locale): Locale[] {
  const order = [preferred, ...SAME_LANGUAGE[preferred], ...LOCALES];
  return order.filter((locale, index) => order.indexOf(locale) === index);
}

/** The best of the available locales for someone who reads `preferred`; null when none is available. */
export function pickLocale(available: readonly Locale[], preferred: Locale): Locale | null {
  return fallbackLocales(preferred).find((locale) => available.includes(locale)) ?? null;
}
