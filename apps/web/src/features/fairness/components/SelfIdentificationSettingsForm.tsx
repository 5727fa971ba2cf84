// What the account asks candidates after they submit (issue 25 point 1, docs/decisions/0051): per category whether it
// is asked and its options, the US EEO-1 defaults until changed. An option of the account's own has its label as
// written (the code is made from it); a default option shows its translation. "Prefer not to say" is always added by
// the server and is not listed here.
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SELF_ID_OPTIONS, SELF_ID_CATEGORIES, type SelfIdCategory, type TSelfIdentificationSettings } from '@bq/contracts/fairness';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useUpdateSelfIdentificationSettings } from '../api/self-identification-settings';
import { optionCodeFor } from '../option-code';

type Setting = TSelfIdentificationSettings['categories'][number];
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 20;
const LABEL_MAX = 80;

const defaults = (): Setting[] =>
  SELF_ID_CATEGORIES.map((category) => ({ category, asked: true, options: DEFAULT_SELF_ID_OPTIONS[category].map((code) => ({ code })) }));

export function SelfIdentificationSettingsForm({ saved }: { saved: TSelfIdentificationSettings }) {
  const { t } = useTranslation();
  const update = useUpdateSelfIdentificationSettings();
  const [categories, setCategories] = useState<Setting[]>(saved.categories);
  useEffect(() => setCategories(saved.categories), [saved]);
  const change = (category: SelfIdCategory, next: (s: Setting) => Setting) =>
    setCategories((all) => all.map((s) => (s.category === category ? next(s) : s)));
  const save = () =>
    update.mutate({ categories }, { onSuccess: () => showSuccess(t('fairness.settings.saved')), onError: (error) => showApiError(error) });

  return (
    <SettingsSection title={t('fairness.settings.title')} description={t('fairness.settings.lead')}>
      <Stack gap="md" data-testid="self-id-settings">
        {categories.map((setting) => (
          <CategoryEditor key={setting.category} setting={setting} onChange={(next) => change(setting.category, next)} />
        ))}
        <Group>
          <Button onClick={save} loading={update.isPending} data-testid="self-id-settings-save">
            {t('fairness.settings.save')}
          </Button>
          <Button variant="default" onClick={() => setCategories(defaults())} data-testid="self-id-settings-defaults">
            {t('fairness.settings.defaults')}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}

function CategoryEditor({ setting, onChange }: { setting: Setting; onChange: (next: (s: Setting) => Setting) => void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const { category } = setting;
  const name = t(`selfId.category.${category}`);
  const labelOf = (o: Setting['options'][number]) => o.label ?? t(`fairness.option.${category}.${o.code}`);
  const duplicate = setting.options.some((o) => labelOf(o).trim().toLowerCase() === label.trim().toLowerCase());
  const add = () => {
    const text = label.trim();
    if (!text || duplicate || setting.options.length >= MAX_OPTIONS) return;
    onChange((s) => ({ ...s, options: [...s.options, { code: optionCodeFor(text, s.options.map((o) => o.code)), label: text }] }));
    setLabel('');
  };
  return (
    <Stack gap="xs" data-testid={`self-id-settings-${category}`}>
      <Switch
        checked={setting.asked}
        onChange={(e) => {
          const asked = e.currentTarget.checked;
          onChange((s) => ({ ...s, asked }));
        }}
        label={<Text fw={600} component="span">{t('fairness.settings.ask', { category: name })}</Text>}
      />
      {setting.asked ? (
        <>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
            {setting.options.map((option) => (
              <Group component="li" key={option.code} gap="xs" wrap="nowrap" data-code={option.code}>
                <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {labelOf(option)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={setting.options.length <= MIN_OPTIONS}
                  aria-label={t('fairness.settings.remove', { option: labelOf(option) })}
                  onClick={() => onChange((s) => ({ ...s, options: s.options.filter((o) => o.code !== option.code) }))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={t('fairness.settings.newOption', { category: name })}
              value={label}
              maxLength={LABEL_MAX}
              onChange={(e) => setLabel(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              error={label.trim() && duplicate ? t('fairness.settings.duplicate') : undefined}
              style={{ flex: '1 1 220px', maxWidth: 360 }}
            />
            <Button variant="default" onClick={add} disabled={!label.trim() || duplicate || setting.options.length >= MAX_OPTIONS}>
              {t('fairness.settings.add')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
