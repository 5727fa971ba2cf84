// The participant pages' texts: the few UI keys they use (BQUI keys under a prefix, from GET /api/i18ns), in the
// client's language, with i18next's {{name}} placeholders filled. No i18next here: the participant entry stays small
// (docs/decisions/0054-participant-entry.md). Nothing is stored: the browser's own choice stays as it was.
import { useSyncExternalStore } from 'react';
import type { TTranslationEntry } from '@bq/contracts/i18n';
import { LOCALE_TAGS, type Locale } from '@bq/domain/locales';
import { api } from '../lib/api-client';

export type Texts = Record<string, string>;
/** The keys every participant page loads (GET /api/i18ns, all prefixes in one request): the questionnaire's own, the
 * platform's default privacy notice, the product's name, "Try again", the firm's "powered by" line, the
 * self-identification step's. Text types BQUI and ERROR: the error texts are keys of their own (ERROR_...). */
let PREFIXES: readonly string[] = ['questionnaire.', 'legal.privacy.text', 'app.name', 'common.retry', 'branding.poweredBy', 'selfId.', 'fairness.option.'];
/** A lazily loaded page's own prefixes (`addTextPrefixes`), so the questionnaire does not fetch them. */
const pagePrefixes: string[] = [];

/** Called by a page of its own chunk when its module loads, before the page renders and loads its texts. */
export function addTextPrefixes(...prefixes: string[]): void {
  for (const prefix of prefixes) if (!pagePrefixes.includes(prefix)) pagePrefixes.push(prefix);
}

/**
 * A page in a chunk of its own that needs none of the questionnaire's texts names all it reads instead (the report:
 * its toolbar, notices, the download's progress, the risk parts' labels), when its module loads, before any text is
 * loaded: the report does not fetch the questionnaire's texts.
 */
export function setTextPrefixes(prefixes: readonly string[]): void {
  PREFIXES = [...prefixes];
}

const loaded = new Map<Locale, Promise<Texts>>();
let active: { locale: Locale; texts: Texts } | null = null;
const listeners = new Set<() => void>();

/** Every prefix the page loads: the common ones and its own. */
export function textPrefixes(): string[] {
  return [...PREFIXES, ...pagePrefixes];
}

/** One request for every prefix (the API takes them comma separated): on a slow phone network each round trip counts. */
async function request(locale: Locale): Promise<Texts> {
  const entries = await api.get<TTranslationEntry[]>('/api/i18ns', {
    query: { language: locale, textTypeParameter: 'BQUI,ERROR', filter: textPrefixes().join(',') },
  });
  return Object.fromEntries(entries.map((entry) => [entry.key, entry.text]));
}

function textsOf(locale: Locale): Promise<Texts> {
  let texts = loaded.get(locale);
  if (!texts) {
    texts = request(locale);
    loaded.set(locale, texts);
    texts.catch(() => loaded.delete(locale));
  }
  return texts;
}

/** Starts loading the texts of a likely language without making it the page's (a report before its language is known). */
export function preloadLocaleTexts(locale: Locale): void {
  void textsOf(locale).catch(() => undefined);
}

/** Loads the texts of `locale` (once per page life) and makes them the page's; <html lang> follows. */
export async function loadLocaleTexts(locale: Locale): Promise<void> {
  const texts = textsOf(locale);
  // Without its texts the page still works, showing the keys: better than waiting for ever.
  const value = await texts.catch(() => ({}) as Texts);
  active = { locale, texts: value };
  document.documentElement.lang = LOCALE_TAGS[locale];
  for (const listener of listeners) listener();
}

/** The translators' shortcut (Meta+Ctrl+Alt+C, spec section 2): the raw keys in place of the texts, until the next language. */
export function showTextKeys(): void {
  if (!active) return;
  active = { locale: active.locale, texts: {} };
  for (const listener of listeners) listener();
}

/** Tests: texts known without a request. */
export function seedTexts(locale: Locale, texts: Texts): void {
  loaded.set(locale, Promise.resolve(texts));
}

/** Tests: forget every loaded language. */
export function resetTexts(): void {
  loaded.clear();
  active = null;
}

export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The active language (null until its texts arrived), `t` and `has`, re-rendering when the language changes. */
export function useTexts() {
  const current = useSyncExternalStore(subscribe, () => active);
  const t = (key: string, values?: Record<string, string | number>) =>
    fill(current?.texts[key] ?? key, values);
  const has = (key: string) => current?.texts[key] !== undefined;
  return { locale: current?.locale ?? null, t, has };
}
