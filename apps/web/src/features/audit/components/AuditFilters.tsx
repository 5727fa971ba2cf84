// The audit trail's filters: client (its token), user (id), action, outcome and period. Applied on submit, so a
// half-typed token does not fire a request per key.
import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EMPTY_AUDIT_FILTER, type AuditFilter } from '../api/list-audit-events';

export function AuditFilters({
  initial = EMPTY_AUDIT_FILTER,
  onApply,
}: {
  initial?: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilter>(initial);
  const set = (key: keyof AuditFilter) => (value: string | null) =>
    setDraft((d) => ({ ...d, [key]: value ?? '' }));
  return (
    <form
      aria-label={t('audit.filters.label')}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('audit.filters.client')}
          value={draft.clientToken}
          onChange={(e) => set('clientToken')(e.currentTarget.value)}
          data-testid="audit-filter-client"
        />
        <TextInput
          label={t('audit.filters.user')}
          value={draft.userId}
          onChange={(e) => set('userId')(e.currentTarget.value)}
        />
        <TextInput
          label={t('audit.filters.action')}
          placeholder="client.view"
          value={draft.action}
          onChange={(e) => set('action')(e.currentTarget.value)}
          data-testid="audit-filter-action"
        />
        <Select
          label={t('audit.filters.outcome')}
          value={draft.outcome}
          onChange={set('outcome')}
          data={[
            { value: '', label: t('audit.filters.any') },
            { value: 'ALLOWED', label: t('audit.outcome.ALLOWED') },
            { value: 'REFUSED', label: t('audit.outcome.REFUSED') },
          ]}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label={t('audit.filters.from')}
          value={draft.from}
          onChange={(e) => set('from')(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('audit.filters.to')}
          value={draft.to}
          onChange={(e) => set('to')(e.currentTarget.value)}
        />
        <Button
          type="submit"
          leftSection={<IconFilter size={16} aria-hidden />}
          data-testid="audit-filter-apply"
        >
          {t('audit.filters.apply')}
        </Button>
      </Group>
    </form>
  );
}
