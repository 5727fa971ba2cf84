// An API error in the participant pages' words (spec section 8): its errorKey's text when the page loaded it (its
// ERROR_ key under texts.ts PREFIXES), else the page's own fallback, never a raw key.
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { ApiError } from '../lib/api-client';

type Translate = (key: string, values?: Record<string, string | number>) => string;

export function errorText(t: Translate, error: unknown, fallbackKey: string): string {
  const key = error instanceof ApiError ? errorKeyToTranslationKey(error.errorKey) : null;
  // t answers the key itself for a text it does not have.
  if (key && t(key) !== key) return t(key);
  return t(fallbackKey);
}
