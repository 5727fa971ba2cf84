// A part of a page in another language than the rest: a report or certificate reads as one document in its own
// locale (labels, dates and numbers too) while the page around it keeps the user's language. The texts of that
// locale are loaded into the shared store once; the part renders through a clone of i18next fixed to the locale.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '@bq/domain/locales';
import { fetchTranslations, i18n } from './i18n';

const NAMESPACE = 'translation';

async function ensureLocaleTexts(locale: Locale, signal?: AbortSignal): Promise<true> {
  if (i18n.hasResourceBundle(locale, NAMESPACE)) return true;
  const texts = await fetchTranslations(locale);
  signal?.throwIfAborted();
  // The app may have loaded them meanwhile (a language switch); its copy is as good as ours.
  if (!i18n.hasResourceBundle(locale, NAMESPACE)) i18n.addResourceBundle(locale, NAMESPACE, texts);
  return true;
}

export interface LocaleScope {
  /** The i18next instance to provide to the part (I18nextProvider); the app's own while texts are missing. */
  instance: I18n;
  /** False while the locale's texts load. */
  ready: boolean;
}

export function useLocaleScope(locale: Locale): LocaleScope {
  const texts = useQuery({
    queryKey: ['i18n', 'texts', locale],
    queryFn: ({ signal }) => ensureLocaleTexts(locale, signal),
    staleTime: Infinity,
    retry: false,
  });
  const loaded = texts.isSuccess;
  const clone = useMemo(
    // initAsync false: the clone speaks the locale at once, not a tick later.
    () => (loaded ? i18n.cloneInstance({ lng: locale, initAsync: false }) : null),
    [locale, loaded],
  );
  // Texts that cannot be loaded leave the labels in the page's language rather than showing raw keys.
  return { instance: clone ?? i18n, ready: !texts.isPending };
}
