// A failed API call in words on a participant page, as the evaluator app's apiErrorMessage (lib/notify) says it but
// without i18next: the errorKey's own ERROR_ text when the page loaded it, else the page's fallback, else the general one.
import { errorKeyToTranslationKey, fallbackErrorTranslationKey } from '@bq/domain/error-keys';
import { ApiError } from '../lib/api-client';

interface PageTexts {
  t: (key: string) => string;
  has: (key: string) => boolean;
}

export function errorText({ t, has }: PageTexts, error: unknown, fallbackKey?: string): string {
  const key = error instanceof ApiError ? errorKeyToTranslationKey(error.errorKey) : null;
  if (key && has(key)) return t(key);
  return t(fallbackKey && has(fallbackKey) ? fallbackKey : fallbackErrorTranslationKey);
}
