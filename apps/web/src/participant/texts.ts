// The participant pages' texts: the few UI keys they use (BQUI keys under a prefix, from GET /api/i18ns), in the
// client's language, with i18next's {{name}} placeholders filled. No i18next here: the participant entry stays small
// (docs/decisions/0054-participant-entry.md). Nothing is stored: the browser's own choice stays as it was.
import { useSyncExternalStore } from 'react';
import type { TTranslationEntry } from '@bq/contracts/i18n';
import { LOCALE_TAGS, type Locale } from '@bq/domain/locales';
import { api } from '../lib/api-client';

export type Texts = Record<string, string>;
/** The key prefixes the participant pages read (the questionnaire's own, the platform's default privacy notice,
 * the product's name, the common words ("Try again", "Cancel", "Back to the result"), the firm's "powered by" line, the
 * self-identification step's, the certificate check's, the certificate page's with its download progress, expired-link
 * notice and the one error it names). ERROR_ keys are text type ERROR; no other prefix matches one. */
export const PREFIXES = ['questionnaire.', 'legal.privacy.text', 'app.name', 'common.', 'branding.poweredBy', 'selfId.', 'fairness.option.', 'certificateVerification.', 'page.certificateVerification.title', 'certificates.', 'download.', 'reports.linkExpired.', 'page.bqpCertificate.title', 'ERROR_CERTIFICATE_NOT_AVAILABLE'];

const loaded = new Map<Locale, Promise<Texts>>();
let active: { locale: Locale; texts: Texts } | null = null;
const listeners = new Set<() => void>();

/** One request for every prefix (the API takes them comma separated): on a slow phone network each round trip counts. */
async function request(locale: Locale): Promise<Texts> {
  const entries = await api.get<TTranslationEntry[]>('/api/i18ns', {
    query: { language: locale, textTypeParameter: 'BQUI,ERROR', filter: PREFIXES.join(',') },
  });
  return Object.fromEntries(entries.map((entry) => [entry.key, entry.text]));
}

/** Loads the texts of `locale` (once per page life) and makes them the page's; <html lang> follows. */
export async function loadLocaleTexts(locale: Locale): Promise<void> {
  let texts = loaded.get(locale);
  if (!texts) {
    texts = request(locale);
    loaded.set(locale, texts);
    texts.catch(() => loaded.delete(locale));
  }
  // Without its texts the page still works, showing the keys: better than waiting for ever.
  const value = await texts.catch(() => ({}) as Texts);
  active = { locale, texts: value };
  document.documentElement.lang = LOCALE_TAGS[locale];
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

/** The active language (null until its texts arrived) and `t`, re-rendering when the language changes. */
export function useTexts() {
  const current = useSyncExternalStore(subscribe, () => active);
  const t = (key: string, values?: Record<string, string | number>) =>
    fill(current?.texts[key] ?? key, values);
  return { locale: current?.locale ?? null, t };
}
