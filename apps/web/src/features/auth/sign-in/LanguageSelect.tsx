// The language before sign-in: stored in this browser (the app after sign-in starts in it too) and applied at once.
import { useId } from 'react';
import { LOCALES, normalizeLocale } from '@bq/domain/locales';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { loadLocaleTexts, useTexts } from '../../../participant/texts';
import { storeSignInLocale } from './sign-in-locale';
import classes from './sign-in.module.css';

export function LanguageSelect() {
  const { t, locale } = useTexts();
  const id = useId();
  return (
    <div className={classes.field}>
      <label htmlFor={id}>{t('language.picker.label')}</label>
      <select
        id={id}
        className={classes.input}
        value={locale ?? undefined}
        data-testid="language-select"
        onChange={(event) => {
          const next = normalizeLocale(event.currentTarget.value);
          if (!next) return;
          storeSignInLocale(next);
          void loadLocaleTexts(next);
        }}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value}>
            {LOCALE_NATIVE_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
