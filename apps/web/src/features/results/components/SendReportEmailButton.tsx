// "Email report": the platform sends the client a fresh link to the report (in the client's language), whether
// or not auto report is on, e.g. after a talk or when the first mail got lost. A mail to a client cannot be taken
// back, so a confirmation names the address first; the toast names it again once the mail is queued.
import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { showSuccess } from '../../../lib/notify';
import { hasProductPermission } from '../../../lib/product-access';
import { useSendReportEmail } from '../api/send-report-email';
import { clientDisplayName, shownEmail } from '../../../lib/client-display-name';

export function SendReportEmailButton({ dashboard }: { dashboard: TDashboard }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const send = useSendReportEmail(dashboard.instanceToken);
  if (dashboard.lockStatus === 'LOCKED') return null;
  // An erased client's kept result has no one to mail (decision 0077; the server answers 409 too).
  if (dashboard.client.erasedAt) return null;
  // Mailing a report needs REPORT/CREATE in the product's realm (the route's productPermission): not offered without it.
  if (!hasProductPermission(user, dashboard.productType, 'REPORT', 'CREATE')) return null;
  const { client } = dashboard;

  const confirm = () =>
    modals.openConfirmModal({
      title: t('results.documents.emailConfirm.title', { name: clientDisplayName(client) }),
      children: t('results.documents.emailConfirm.text', { email: shownEmail(client.email, t) }),
      labels: { confirm: t('results.documents.emailConfirm.confirm'), cancel: t('common.cancel') },
      confirmProps: { 'data-testid': 'result-send-report-email-confirm' },
      cancelProps: { 'data-testid': 'result-send-report-email-cancel' },
      onConfirm: () =>
        send.mutate(undefined, {
          onSuccess: (response) => showSuccess(t('results.documents.emailSent', { email: shownEmail(response.sentTo, t) })),
        }),
    });

  return (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconSend size={18} aria-hidden />}
      loading={send.isPending}
      onClick={confirm}
      data-testid="result-send-report-email"
    >
      {t('results.documents.email')}
    </Button>
  );
}
