// What the account asks candidates after they submit (issue 25 point 1, docs/decisions/0051): per category whether it
// is asked and its options; until the account saves, the defaults of its language (docs/decisions/0078: EN_US the US
// EEO-1 categories, elsewhere ethnic group off with a note why). An option of the account's own has its label as
// written (the code is made from it); a default option shows its translation. "Prefer not to say" is always added by
// the server and is not listed here.
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { defaultAskedFor, defaultSelfIdSettingsFor, type SelfIdCategory, type TSelfIdentificationSettingsView } from '@bq/contracts/fairness';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useUpdateSelfIdentificationSettings } from '../api/self-identification-settings';
import { optionCodeFor } from '../option-code';

const MIN_OPTIONS = 2;
const MAX_OPTIONS = 20;
const LABEL_MAX = 80;

type Setting = TSelfIdentificationSettingsView['categories'][number];

export function SelfIdentificationSettingsForm({ saved }: { saved: TSelfIdentificationSettingsView }) {
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
        {/* Off by default outside the US: say why, and that it may be switched on where the law expects it. */}
        {!defaultAskedFor(saved.defaultsLocale).ethnicGroup && categories.some((c) => c.category === 'ethnicGroup' && !c.asked) ? (
          <Text size="sm" c="dimmed" data-testid="self-id-ethnic-note">
            {t('fairness.settings.ethnicOff')}
          </Text>
        ) : null}
        <Group>
          <Button onClick={save} loading={update.isPending} data-testid="self-id-settings-save">
            {t('fairness.settings.save')}
          </Button>
          <Button variant="default" onClick={() => setCategories(defaultSelfIdSettingsFor(saved.defaultsLocale).categories)} data-testid="self-id-settings-defaults">
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
