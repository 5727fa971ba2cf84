// Locale-bound formatting for components: the domain's formats (DD.MM.YYYY, 1.234,56 ...) with the active locale.
import { useMemo } from 'react';
import { formatCurrency, formatDate, formatDateTime, formatNumber, formatPercent, type CurrencyCode } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import { useLocale } from './i18n';

export interface BoundFormats {
  locale: Locale;
  formatDate: (date: Date | string) => string;
  formatDateTime: (date: Date | string) => string;
  formatNumber: (value: number, decimals?: number) => string;
  /** An amount in the locale's currency unless another is named (US-dollar figures are never shown in euro). */
  formatCurrency: (value: number, decimals?: number, currency?: CurrencyCode) => string;
  /** A fraction as a percentage: "33%" (EN), "33 %" (DE, no-break space); the one percent rule of the product. */
  formatPercent: (fraction: number, decimals?: number) => string;
}

export function bindFormats(locale: Locale): BoundFormats {
  return {
    locale,
    formatDate: (date) => formatDate(date, locale),
    formatDateTime: (date) => formatDateTime(date, locale),
    formatNumber: (value, decimals) => formatNumber(value, locale, decimals),
    formatCurrency: (value, decimals, currency) => formatCurrency(value, locale, decimals, currency),
    formatPercent: (fraction, decimals) => formatPercent(fraction, locale, decimals),
  };
}

export function useFormat(): BoundFormats {
  const locale = useLocale();
  return useMemo(() => bindFormats(locale), [locale]);
}

