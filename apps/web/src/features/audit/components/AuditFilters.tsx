// The audit trail's filters: client (its token), user (id), action, outcome and period. Applied on submit, so a
// half-typed token does not fire a request per key. The action is picked from suggestions searched by words and code
// (docs/decisions/0080); text that names no action says so right there instead of asking the server.
import { useMemo, useState } from 'react';
import { Autocomplete, Button, Group, Select, Stack, Text, TextInput, type ComboboxItem, type ComboboxParsedItem } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EMPTY_AUDIT_FILTER, type AuditFilter } from '../api/list-audit-events';
import { useAuditActions } from '../api/list-audit-actions';
import { actionWords } from '../lib/audit-words';

/** A code's shape: passed on as typed even when not suggested (an action only older events have; the server knows). */
const CODE = /^[a-z_]+\.[a-z_.]+$/;

/** Every word typed is in the action's words or its code: "adverse pdf", "dashboard.view", "Kunden angesehen". */
function matches(item: ComboboxItem, search: string): boolean {
  const text = `${item.label} ${item.value}`.toLowerCase();
  return search.toLowerCase().split(/\s+/).filter(Boolean).every((word) => text.includes(word));
}

/** The typed text as an action's code: '' for any, null for text that names no action. */
export function resolveAction(text: string, options: ComboboxItem[] | null): string | null {
  const typed = text.trim();
  if (!typed) return '';
  if (!options) return typed;
  const found = options.find((o) => o.value === typed || o.label.toLowerCase() === typed.toLowerCase());
  if (found) return found.value;
  return CODE.test(typed) ? typed : null;
}

export function AuditFilters({
  initial = EMPTY_AUDIT_FILTER,
  onApply,
}: {
  initial?: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilter>(initial);
  const [unknownAction, setUnknownAction] = useState<string | null>(null);
  const set = (key: keyof AuditFilter) => (value: string | null) =>
    setDraft((d) => ({ ...d, [key]: value ?? '' }));
  const actions = useAuditActions();
  const options = useMemo<ComboboxItem[] | null>(
    () => actions.data?.actions.map(({ action }) => ({ value: action, label: actionWords(t, action) ?? action })) ?? null,
    [actions.data, t],
  );
  return (
    <form
      aria-label={t('audit.filters.label')}
      onSubmit={(e) => {
        e.preventDefault();
        const action = resolveAction(draft.action, options);
        if (action === null) {
          setUnknownAction(draft.action.trim());
          return;
        }
        setUnknownAction(null);
        onApply({ ...draft, action });
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
        <Autocomplete
          label={t('audit.filters.action')}
          placeholder={t('audit.filters.actionPlaceholder')}
          value={draft.action}
          onChange={(value) => {
            setUnknownAction(null);
            set('action')(value);
          }}
          data={options ?? []}
          filter={({ options: items, search }) =>
            (items as ComboboxParsedItem[]).filter((item) => 'value' in item && matches(item, search))
          }
          limit={30}
          maxDropdownHeight={280}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{(option as ComboboxItem).label}</Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {option.value}
              </Text>
            </Stack>
          )}
          error={unknownAction ? t('audit.filters.unknownAction', { action: unknownAction }) : undefined}
          w={280}
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
