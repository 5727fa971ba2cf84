// Shown in the evaluator shell while the account requires a second factor the user has not enrolled
// (docs/decisions/0042): until the deadline a notice with the date and a link to Settings > Security; after it the
// server answers only the enrolment, so the shell sends the user there.
import { Alert, Anchor, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { useFormat } from '../../../lib/formats';
import { useTotpStatus } from '../api/get-totp-status';

export const ENROLMENT_PATH = '/settings/security';

export function SecondFactorNotice() {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const { pathname } = useLocation();
  const { data: status } = useTotpStatus();
  if (!status?.enrolmentDeadline || status.enabled) return null;
  if (status.enrolmentOverdue && pathname !== ENROLMENT_PATH) return <Navigate to={ENROLMENT_PATH} replace />;
  const deadline = formatDateTime(status.enrolmentDeadline);
  return (
    <Alert
      color={status.enrolmentOverdue ? 'red' : 'orange'}
      variant="light"
      mb="md"
      role="status"
      icon={<IconShieldLock aria-hidden />}
      title={t(status.enrolmentOverdue ? 'secondFactorNotice.overdueTitle' : 'secondFactorNotice.title')}
      data-testid="second-factor-notice"
    >
      <Text size="sm">
        {t(status.enrolmentOverdue ? 'secondFactorNotice.overdueText' : 'secondFactorNotice.text', { deadline })}{' '}
        {pathname !== ENROLMENT_PATH ? (
          <Anchor component={AppLink} to={ENROLMENT_PATH} size="sm">
            {t('secondFactorNotice.link')}
          </Anchor>
        ) : null}
      </Text>
    </Alert>
  );
}
