// A sync failure's errorKey (error.crm.no_match) as its translated sentence, as toasts translate errorKeys.
import type { TFunction } from 'i18next';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';

export function crmErrorText(t: TFunction, errorKey: string | null): string {
  const key = errorKey ? errorKeyToTranslationKey(errorKey) : null;
  return key ? t(key) : '';
}
