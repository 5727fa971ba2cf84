// Translations: i18next fed from GET /api/i18ns (text types BQUI and ERROR) for the active locale. Keys are used
// verbatim (they contain dots), so key and namespace separators are off. The locale id (EN_US, DE_DE...) is the
// i18next language; <html lang> follows every change.
import i18next from 'i18next';
import { useEffect } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { TTranslationEntry } from '@bq/contracts/i18n';
import { DEFAULT_LOCALE, LOCALE_TAGS, normalizeLocale, resolveLocale, type Locale } from '@bq/domain/locales';
import { api } from './api-client';

export const i18n = i18next;

const NAMESPACE = 'translation';
const TEXT_TYPES = 'BQUI,ERROR';
/** The language chosen before sign-in (login page picker) or last saved by the signed-in user. */
export const LOCALE_STORAGE_KEY = 'bq.locale';

export type Translations = Record<string, string>;

function setHtmlLang(language: string): void {
  const locale = normalizeLocale(language);
  if (locale && typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAGS[locale];
}

function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or blocked storage: the choice then lasts for this page only.
  }
}

function queryLocale(): string | null {
  return new URLSearchParams(window.location.search).get('locale');
}

/** The locale at start-up: ?locale=, then the stored choice, then the browser language (spec section 1). */
export function initialLocale(): Locale {
  return resolveLocale({
    query: queryLocale(),
    stored: readStoredLocale(),
    browserLanguage: navigator.language,
  });
}

async function requestTranslations(locale: Locale): Promise<Translations> {
  const entries = await api.get<TTranslationEntry[]>('/api/i18ns', {
    query: { language: locale, textTypeParameter: TEXT_TYPES },
  });
  const texts: Translations = {};
  for (const entry of entries) texts[entry.key] = entry.text;
  return texts;
}

/** One request per language for the life of the page: switching back and forth, or a report in the same language, reuses it. */
const translationsByLocale = new Map<Locale, Promise<Translations>>();

export function fetchTranslations(locale: Locale): Promise<Translations> {
  let texts = translationsByLocale.get(locale);
  if (!texts) {
    texts = requestTranslations(locale);
    translationsByLocale.set(locale, texts);
    // A failed load is not remembered: the next switch to the language tries again.
    texts.catch(() => translationsByLocale.delete(locale));
  }
  return texts;
}

/** Forgets the loaded texts (tests). */
export function forgetTranslations(): void {
  translationsByLocale.clear();
}

async function ensureInitialised(locale: Locale): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: locale,
    resources: {},
    fallbackLng: false,
    load: 'currentOnly',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    react: { useSuspense: false, bindI18nStore: 'added removed' },
  });
  i18n.on('languageChanged', setHtmlLang);
}

function replaceTexts(locale: Locale, texts: Translations): void {
  if (i18n.hasResourceBundle(locale, NAMESPACE)) i18n.removeResourceBundle(locale, NAMESPACE);
  i18n.addResourceBundle(locale, NAMESPACE, texts);
}

/**
 * Loads the texts of a locale and switches to it. A failed load is only logged (spec section 1): the UI then
 * shows the keys rather than refusing to start.
 */
export async function changeLocale(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  const texts = fetchTranslations(locale); // requested before i18next starts, not after
  texts.catch(() => undefined); // handled below, once i18next is ready
  await ensureInitialised(locale);
  try {
    replaceTexts(locale, await texts);
  } catch (error) {
    console.warn(`Translations for ${locale} could not be loaded`, error);
  }
  await i18n.changeLanguage(locale);
  setHtmlLang(locale);
  if (options.persist) storeLocale(locale);
}

/** Starts i18next with given texts and no network; for tests and for the start-up path that fetched already. */
export async function initI18nWith(locale: Locale, texts: Translations): Promise<void> {
  await ensureInitialised(locale);
  replaceTexts(locale, texts);
  await i18n.changeLanguage(locale);
  setHtmlLang(locale);
}

/** Drops all texts of the current locale so the UI shows raw keys (a translator's shortcut, spec section 2). */
export async function clearTranslations(): Promise<void> {
  const locale = currentLocale();
  if (i18n.hasResourceBundle(locale, NAMESPACE)) i18n.removeResourceBundle(locale, NAMESPACE);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return normalizeLocale(i18n.language) ?? DEFAULT_LOCALE;
}

/** The translations currently loaded for the active locale, for the internal translations page. */
export function loadedTranslations(): Translations {
  return (i18n.getResourceBundle(currentLocale(), NAMESPACE) as Translations | undefined) ?? {};
}

export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return normalizeLocale(instance.language) ?? DEFAULT_LOCALE;
}

/**
 * Once the signed-in user's saved locale is known it takes the place of the stored choice (a ?locale= link still
 * wins). Keeps the stored choice in step, so the login page speaks the user's language after sign-out.
 */
export function useUserLocaleSync(userLocale: Locale | undefined): void {
  useEffect(() => {
    if (!userLocale) return;
    storeLocale(userLocale);
    const wanted = resolveLocale({
      query: queryLocale(),
      stored: userLocale,
      browserLanguage: navigator.language,
    });
    if (wanted !== currentLocale()) void changeLocale(wanted);
  }, [userLocale]);
}
