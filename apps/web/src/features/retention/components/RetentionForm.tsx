// The account's retention choices: advisory results 5 or 7 years after the relationship ends, selection and
// performance data 1-36 months; the fixed periods of mails and audit events shown beside them (docs/decisions/0044).
import { Group, Radio, Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SELECTION_RETENTION_MONTHS, type TRetentionResponse } from '@bq/contracts/retention';
import { showSuccess } from '../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useUpdateRetention } from '../api/update-retention';
import { ZRetentionForm, type RetentionField } from '../retention-form-schema';
import { SaveWithUpdatedAt } from './SaveWithUpdatedAt';

const FIELDS: RetentionField[] = ['advisoryYears', 'selectionMonths'];

export function RetentionForm({ saved }: { saved: TRetentionResponse }) {
  const { t } = useTranslation();
  const update = useUpdateRetention();
  const form = useZodForm(ZRetentionForm, { advisoryYears: String(saved.advisoryYears), selectionMonths: String(saved.selectionMonths) });
  const advisory = form.inputProps('advisoryYears');

  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => showSuccess(t('retention.saved')),
      onError: (error) => form.setServerErrors(apiFieldErrors(error, FIELDS)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('retention.formLabel')}>
      <Stack gap="md">
        <Radio.Group
          label={t('retention.advisory.label')}
          description={t('retention.advisory.hint')}
          value={advisory.value}
          onChange={(value) => form.setValue('advisoryYears', value)}
          error={advisory.error}
          name="advisoryYears"
        >
          <Group mt="xs">
            <Radio value="5" label={t('retention.years', { count: 5 })} data-testid="retention-advisory-5" />
            <Radio value="7" label={t('retention.years', { count: 7 })} data-testid="retention-advisory-7" />
          </Group>
        </Radio.Group>
        <TextInput
          label={t('retention.selection.label')}
          description={t('retention.selection.hint', { min: SELECTION_RETENTION_MONTHS.min, max: SELECTION_RETENTION_MONTHS.max })}
          inputMode="numeric"
          maw={240}
          data-testid="retention-selection-months"
          {...form.inputProps('selectionMonths')}
        />
        <Table withTableBorder variant="vertical" layout="fixed" maw={560}>
          <Table.Caption>{t('retention.fixed.caption')}</Table.Caption>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('retention.class.mails')}</Table.Th>
              <Table.Td>{t('retention.fixed.mails', { count: saved.mailDays })}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('retention.class.audit')}</Table.Th>
              <Table.Td>{t('retention.fixed.audit', { count: saved.auditYears })}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <SaveWithUpdatedAt label={t('retention.save')} testId="retention-save" pending={update.isPending} updatedAt={saved.updatedAt} />
      </Stack>
    </form>
  );
}
