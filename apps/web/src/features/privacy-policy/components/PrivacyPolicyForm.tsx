// The policy per locale (EN_US, EN_UK, DE_DE) in tabs: a plain-text editor with its length, and a preview of what
// participants see. Saving sends all three; an emptied text removes that locale's policy.
import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRIVACY_POLICY_MAX_LENGTH, type TPrivacyPolicy } from '@bq/contracts/privacy-policy';
import { LOCALES, type Locale } from '@bq/domain/locales';
import { useFormat } from '../../../lib/formats';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { showSuccess } from '../../../lib/notify';
import { useUpdatePrivacyPolicy } from '../api/update-privacy-policy';
import { PolicyText } from './PolicyText';

type Texts = Record<Locale, string>;

function textsOf(policy: TPrivacyPolicy): Texts {
  return Object.fromEntries(LOCALES.map((locale) => [locale, policy.policies.find((p) => p.locale === locale)?.text ?? ''])) as Texts;
}

export function PrivacyPolicyForm({ policy, canEdit }: { policy: TPrivacyPolicy; canEdit: boolean }) {
  const { t } = useTranslation();
  const { formatNumber, formatDateTime } = useFormat();
  const [texts, setTexts] = useState<Texts>(() => textsOf(policy));
  const [tab, setTab] = useState<Locale>('EN_US');
  const update = useUpdatePrivacyPolicy();
  const tooLong = LOCALES.filter((locale) => texts[locale].length > PRIVACY_POLICY_MAX_LENGTH);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tooLong.length > 0) return;
    update.mutate({ texts }, { onSuccess: () => showSuccess(t('privacyPolicy.saved')) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('page.settingsPrivacy.title')}>
      <Stack gap="lg">
        <Tabs value={tab} onChange={(value) => setTab((value as Locale | null) ?? 'EN_US')} keepMounted={false}>
          <Tabs.List>
            {LOCALES.map((locale) => (
              <Tabs.Tab key={locale} value={locale} data-testid={`privacy-tab-${locale}`}>
                {LOCALE_NATIVE_NAMES[locale]}
                {texts[locale].trim() === '' ? ` (${t('privacyPolicy.emptyTab')})` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {LOCALES.map((locale) => {
            const saved = policy.policies.find((p) => p.locale === locale);
            const length = texts[locale].length;
            return (
              <Tabs.Panel key={locale} value={locale} pt="md">
                <Stack gap="md">
                  <Textarea
                    label={t('privacyPolicy.editorLabel', { language: LOCALE_NATIVE_NAMES[locale] })}
                    description={t('privacyPolicy.editorHint')}
                    value={texts[locale]}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setTexts((previous) => ({ ...previous, [locale]: value }));
                    }}
                    readOnly={!canEdit}
                    autosize
                    minRows={8}
                    maxRows={20}
                    error={length > PRIVACY_POLICY_MAX_LENGTH ? t('validation.max_length', { max: PRIVACY_POLICY_MAX_LENGTH }) : undefined}
                    data-testid={`privacy-text-${locale}`}
                  />
                  <Group justify="space-between" gap="xs">
                    <Text size="xs" c="dimmed">
                      {t('privacyPolicy.length', { length: formatNumber(length, 0), max: formatNumber(PRIVACY_POLICY_MAX_LENGTH, 0) })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {saved ? t('privacyPolicy.lastSaved', { date: formatDateTime(saved.updatedAt) }) : t('privacyPolicy.notSaved')}
                    </Text>
                  </Group>
                  <Paper withBorder radius="md" p="md" bg="gray.0" component="section" aria-labelledby={`privacy-preview-${locale}`}>
                    <Stack gap="xs">
                      <Title order={3} fz="h5" id={`privacy-preview-${locale}`}>
                        {t('privacyPolicy.preview')}
                      </Title>
                      {texts[locale].trim() === '' ? (
                        <Text size="sm" c="dimmed">
                          {t('privacyPolicy.previewEmpty')}
                        </Text>
                      ) : (
                        <PolicyText text={texts[locale]} testId={`privacy-preview-text-${locale}`} />
                      )}
                    </Stack>
                  </Paper>
                </Stack>
              </Tabs.Panel>
            );
          })}
        </Tabs>
        {canEdit ? (
          <Group>
            <Button
              type="submit"
              loading={update.isPending}
              disabled={tooLong.length > 0}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              data-testid="privacy-save"
            >
              {t('privacyPolicy.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
