// Possessive form of a person's name for headings like "Anna's results" / "Annas Ergebnisse" (spec section 1).
import type { Locale } from './locales';

// Names ending in these sounds take a bare apostrophe: "Hans'" / "James'".
const BARE_APOSTROPHE_ENDINGS: Record<'de' | 'en', ReadonlySet<string>> = {
  de: new Set(['s', 'ß', 'x', 'z']),
  en: new Set(['s', 'x', 'z']),
};

export function possessive(name: string, locale: Locale): string {
  const trimmed = name.trim();
  const last = [...trimmed].at(-1);
  if (last === undefined) return '';
  const language = locale === 'DE_DE' ? 'de' : 'en';
  // toLowerCase maps the capital sharp s (ẞ) to ß as well.
  if (BARE_APOSTROPHE_ENDINGS[language].has(last.toLowerCase())) return `${trimmed}'`;
  return language === 'de' ? `${trimmed}s` : `${trimmed}'s`;
}
