// Maps an API errorKey to the translation key of its error toast (spec section 8).

/** Shown when an error has no key of its own or its translation is missing. */
export const fallbackErrorTranslationKey = 'ERROR_GENERAL';

const ERROR_PREFIX = 'ERROR_';

/**
 * 'error.client.duplicate' and 'client.duplicate' both give 'ERROR_CLIENT_DUPLICATE'. Null for a missing key and for
 * 'general.error', which carries no information, so the caller shows the fallback message.
 */
export function errorKeyToTranslationKey(errorKey: string | null | undefined): string | null {
  if (typeof errorKey !== 'string') return null;
  const trimmed = errorKey.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'general.error') return null;
  const key = trimmed.toUpperCase().replaceAll('.', '_');
  return key.startsWith(ERROR_PREFIX) ? key : `${ERROR_PREFIX}${key}`;
}
