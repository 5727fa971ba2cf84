// The automatic reminder and report of one interaction, saved the moment they are switched (optimistic; a
// failure switches back and says so), how many reminders went out and where the report mail is. Read-only
// for users without UPDATE.
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TInstance } from '@bq/contracts/instances';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { useFormat } from '../../../../lib/formats';
import { useUpdateAutoSends } from '../api/update-auto-sends';
import { MailDeliveryLine } from './MailDeliveryLine';

export function AutoSendSwitches({ instance, canUpdate }: { instance: TInstance; canUpdate: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAutoSends(instance.token);
  const { formatDateTime } = useFormat();
  const headingId = `interaction-auto-sends-${instance.token}`;
  const reportWouldGoNow =
    !instance.autoSendReport && !instance.reportSentAt && hasResult(instance.status) && instance.lockStatus !== 'LOCKED';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId} mb="md">
        {t('interactions.autoSends.title')}
      </Title>
      <Stack gap="md">
        <Switch
          label={t('interactions.autoReminder.label')}
          description={t('interactions.autoReminder.hint')}
          checked={instance.autoReminder}
          disabled={!canUpdate}
          onChange={(event) => update.mutate({ autoReminder: event.currentTarget.checked })}
          data-testid="interaction-auto-reminder"
        />
        {instance.remindersSent > 0 && instance.lastReminderAt ? (
          <Text size="sm" c="dimmed" data-testid="interaction-reminders-sent">
            {t('interactions.autoReminder.sent', {
              number: instance.remindersSent,
              date: formatDateTime(instance.lastReminderAt),
            })}
          </Text>
        ) : null}
        <Switch
          label={t('interactions.autoReport.label')}
          // Switching it on for an open result sends the report at once (decision 0011): say so before the click.
          description={t(reportWouldGoNow ? 'interactions.autoReport.hintOpen' : 'interactions.autoReport.hint')}
          checked={instance.autoSendReport}
          disabled={!canUpdate}
          onChange={(event) => update.mutate({ autoSendReport: event.currentTarget.checked })}
          data-testid="interaction-auto-report"
        />
        {instance.reportMail ? (
          <MailDeliveryLine mail={instance.reportMail} kind="report" testId="interaction-report-mail" />
        ) : null}
      </Stack>
    </Paper>
  );
}
