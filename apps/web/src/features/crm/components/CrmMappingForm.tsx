// Which CRM property takes which product field, the property holding the external id, and the timeline note. The
// names are checked with the contract's schema before anything is sent; an empty field is not written.
import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CRM_FIELDS, ZCrmFieldMapping, type CrmProvider, type TCrmFieldMapping } from '@bq/contracts/crm';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useSaveCrmMapping } from '../api/crm-mutations';

type Draft = { externalIdProperty: string; addNote: boolean } & Record<(typeof CRM_FIELDS)[number], string>;

const draftOf = (m: TCrmFieldMapping | null): Draft => ({
  externalIdProperty: m?.externalIdProperty ?? '',
  addNote: m?.addNote ?? true,
  riskClass: m?.fields.riskClass ?? '',
  resultDate: m?.fields.resultDate ?? '',
  status: m?.fields.status ?? '',
  reportUrl: m?.fields.reportUrl ?? '',
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function CrmMappingForm({ provider, mapping }: { provider: CrmProvider; mapping: TCrmFieldMapping | null }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(mapping));
  const [invalid, setInvalid] = useState<string[]>([]);
  const save = useSaveCrmMapping();
  const submit = () => {
    const parsed = ZCrmFieldMapping.safeParse({
      externalIdProperty: orNull(draft.externalIdProperty),
      fields: Object.fromEntries(CRM_FIELDS.map((f) => [f, orNull(draft[f])])),
      addNote: draft.addNote,
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues.map((i) => String(i.path.at(-1))));
      return;
    }
    setInvalid([]);
    save.mutate({ provider, mapping: parsed.data }, { onSuccess: () => showSuccess(t('crm.mapping.saved')), onError: (e) => showApiError(e, { fallbackKey: 'ERROR_CRM_MAPPING' }) });
  };
  const field = (key: keyof Omit<Draft, 'addNote'>, label: string) => (
    <TextInput
      key={key}
      label={label}
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
      error={invalid.includes(key) ? t('crm.mapping.invalidName') : undefined}
      // The API name the admin types is code; its label is not.
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
  return (
    <Stack gap="sm" data-testid={`crm-mapping-${provider}`}>
      <Text size="sm" c="dimmed">
        {t('crm.mapping.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('externalIdProperty', t('crm.mapping.externalId'))}
        {CRM_FIELDS.map((f) => field(f, t(`crm.mapping.field.${f}`)))}
      </SimpleGrid>
      <Switch label={t('crm.mapping.addNote')} checked={draft.addNote} onChange={(e) => setDraft({ ...draft, addNote: e.currentTarget.checked })} />
      <Group>
        <Button size="sm" onClick={submit} loading={save.isPending}>
          {t('crm.mapping.save')}
        </Button>
      </Group>
    </Stack>
  );
}
