// Toasts (spec section 8): API errors become an error toast whose text is the translation of the errorKey, or
// the general fallback when there is none; successes get a green toast. Title says error or success.
import { createElement } from 'react';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { errorKeyToTranslationKey, fallbackErrorTranslationKey } from '@bq/domain/error-keys';
import { ApiError } from './api-client';
import { i18n } from './i18n';

export interface ApiErrorToastOptions {
  /** Translation key shown when the errorKey has no text of its own, e.g. ERROR_LANGUAGE_UPDATE. */
  fallbackKey?: string;
}

/** The translated message for an error: its errorKey's text when one exists, the fallback message otherwise. */
export function apiErrorMessage(error: unknown, options: ApiErrorToastOptions = {}): string {
  const key = error instanceof ApiError ? errorKeyToTranslationKey(error.errorKey) : null;
  if (key && i18n.exists(key)) return i18n.t(key);
  const fallback =
    options.fallbackKey && i18n.exists(options.fallbackKey)
      ? options.fallbackKey
      : fallbackErrorTranslationKey;
  return i18n.t(fallback);
}

export function showApiError(error: unknown, options: ApiErrorToastOptions = {}): void {
  // The login redirect already tells the user what happened; an aborted call is no failure.
  if (error instanceof ApiError && error.redirectedToLogin) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notifications.show({
    title: i18n.t('notification.error.title'),
    message: apiErrorMessage(error, options),
    color: 'red',
    icon: createElement(IconX, { size: 18, 'aria-hidden': true }),
    autoClose: 8000,
    withBorder: true,
  });
}

export function showSuccess(message: string): void {
  notifications.show({
    title: i18n.t('notification.success.title'),
    message,
    color: 'green',
    icon: createElement(IconCheck, { size: 18, 'aria-hidden': true }),
    autoClose: 5000,
    withBorder: true,
  });
}
