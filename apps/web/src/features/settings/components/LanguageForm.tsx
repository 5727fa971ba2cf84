// The user's language: the three locales by their own names; saving switches texts, dates and numbers at once.
import { useState, type FormEvent } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, normalizeLocale, type Locale } from '@bq/domain/locales';
import { useFormat } from '../../../lib/formats';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { useUpdateUserSettings } from '../api/update-user-settings';

// A fixed example instant and amount, so the preview shows the format rather than data.
const SAMPLE_DATE = '2026-12-31T15:45:00Z';
const SAMPLE_NUMBER = 1234.56;

export function LanguageForm({ savedLocale }: { savedLocale: Locale }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [selected, setSelected] = useState<Locale>(savedLocale);
  const update = useUpdateUserSettings();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ locale: selected });
  };

  return (
    <form onSubmit={submit} aria-label={t('page.settingsLanguage.title')}>
      <Stack gap="lg">
        <Radio.Group
          label={t('settings.language.label')}
          value={selected}
          onChange={(value) => setSelected(normalizeLocale(value) ?? savedLocale)}
          data-testid="language-settings"
        >
          <Stack gap="sm" mt="xs">
            {LOCALES.map((locale) => (
              <Radio
                key={locale}
                value={locale}
                label={LOCALE_NATIVE_NAMES[locale]}
                description={t(`locale.${locale}.formats`)}
                data-testid={`language-option-${locale}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Stack gap={2} data-testid="format-preview">
          <Text size="sm" fw={600}>
            {t('settings.language.preview')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('settings.language.previewDate', { date: format.formatDate(SAMPLE_DATE) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('settings.language.previewNumber', { number: format.formatNumber(SAMPLE_NUMBER) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('settings.language.previewCurrency', { amount: format.formatCurrency(SAMPLE_NUMBER) })}
          </Text>
        </Stack>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={selected === savedLocale}>
            {t('settings.language.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
