// Language choice before sign-in: stored in this browser and applied at once (the signed-in user's saved
// language is changed in the settings instead).
import { NativeSelect } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, normalizeLocale } from '@bq/domain/locales';
import { changeLocale, useLocale } from '../../lib/i18n';
import { LOCALE_NATIVE_NAMES } from '../../lib/locale-names';

/** `alone`: the compact picker on a row of its own (the start pages), wide enough for every language's name. */
export function LanguagePicker({ compact = false, alone = false }: { compact?: boolean; alone?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <NativeSelect
      label={compact ? undefined : t('language.picker.label')}
      aria-label={compact ? t('language.picker.label') : undefined}
      leftSection={<IconWorld size={16} aria-hidden />}
      data={LOCALES.map((value) => ({ value, label: LOCALE_NATIVE_NAMES[value] }))}
      value={locale}
      onChange={(event) => {
        const next = normalizeLocale(event.currentTarget.value);
        if (next) void changeLocale(next, { persist: true });
      }}
      data-testid="language-select"
      size={compact ? 'xs' : 'sm'}
      // Beside the logo in a phone's header: narrower there, so the header never scrolls sideways.
      w={compact ? (alone ? 230 : { base: 160, xs: 210 }) : undefined}
    />
  );
}
