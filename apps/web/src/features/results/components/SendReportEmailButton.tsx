// "Email report": the platform sends the client a fresh link to the report (in the client's language), whether
// or not auto report is on, e.g. after a talk or when the first mail got lost. The toast names the address.
import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { showSuccess } from '../../../lib/notify';
import { useSendReportEmail } from '../api/send-report-email';

export function SendReportEmailButton({ dashboard }: { dashboard: TDashboard }) {
  const { t } = useTranslation();
  const send = useSendReportEmail(dashboard.instanceToken);
  if (dashboard.lockStatus === 'LOCKED') return null;
  return (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconSend size={18} aria-hidden />}
      loading={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: (response) => showSuccess(t('results.documents.emailSent', { email: response.sentTo })),
        })
      }
      data-testid="result-send-report-email"
    >
      {t('results.documents.email')}
    </Button>
  );
}
