// The text of an API error in the report's language: its ERROR text, asked for when the error happens (errors are
// rare and there are hundreds, so the participant entry does not load them up front). Null when there is none.
import type { TTranslationEntry } from '@bq/contracts/i18n';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import type { Locale } from '@bq/domain/locales';
import { ApiError, api } from '../../../lib/api-client';

export async function loadErrorText(locale: Locale, error: unknown): Promise<string | null> {
  const key = error instanceof ApiError ? errorKeyToTranslationKey(error.errorKey) : null;
  if (!key) return null;
  const entries = await api
    .get<TTranslationEntry[]>('/api/i18ns', { query: { language: locale, textTypeParameter: 'ERROR', filter: key } })
    .catch(() => [] as TTranslationEntry[]);
  return entries.find((entry) => entry.key === key)?.text ?? null;
}
