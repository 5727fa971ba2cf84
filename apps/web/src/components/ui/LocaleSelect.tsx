// A select of the product's languages for a document (report, certificate), independent of the page's own
// language; each language is named in itself, so a reader finds theirs whatever the page speaks.
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALES, normalizeLocale, type Locale } from '@bq/domain/locales';
import { LOCALE_NATIVE_NAMES } from '../../lib/locale-names';

interface LocaleSelectProps {
  label: string;
  value: Locale;
  onChange: (locale: Locale) => void;
  disabled?: boolean;
  testId?: string;
}

export function LocaleSelect({ label, value, onChange, disabled, testId }: LocaleSelectProps) {
  return (
    <NativeSelect
      label={label}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NATIVE_NAMES[locale] }))}
      value={value}
      onChange={(event) => {
        const next = normalizeLocale(event.currentTarget.value);
        if (next) onChange(next);
      }}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
