// From an open result (trial or unlocked) to its documents: the report (bqa: advisory report; bqp and sa: the
// performance report), for bqa also the recommendations, for bqp also the certificate. Public pages of their own (the certificate's in the participant entry).
import { Button, Group } from '@mantine/core';
import { IconBulb, IconCertificate, IconReportAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { AppLink } from '../../../components/ui/AppLink';
import { participantPage } from '../../../participant/participant-paths';

export function ResultReportLinks({ dashboard }: { dashboard: TDashboard }) {
  const { t } = useTranslation();
  if (dashboard.lockStatus === 'LOCKED') return null;
  const token = encodeURIComponent(dashboard.instanceToken);
  const links = [
    {
      to: dashboard.kind === 'bqa' ? `/bqa/report/${token}` : `/performance/report/${token}`,
      Icon: IconReportAnalytics,
      labelKey: 'results.documents.report',
      testId: 'result-report-link',
    },
    ...(dashboard.kind === 'bqa'
      ? [
          {
            to: `/bqaRecommendations/report/${token}`,
            Icon: IconBulb,
            labelKey: 'results.documents.recommendations',
            testId: 'result-recommendations-link',
          },
        ]
      : []),
    ...(dashboard.kind === 'bqp'
      ? [
          {
            to: `/bqp/certificate/${token}`,
            Icon: IconCertificate,
            labelKey: 'results.documents.certificate',
            testId: 'result-certificate-link',
          },
        ]
      : []),
  ];
  return (
    <Group gap="xs" wrap="wrap" data-testid="result-report-links">
      {links.map(({ to, Icon, labelKey, testId }) => (
        <Button
          key={testId}
          component={AppLink}
          to={to}
          // A page of the participant entry (participant.html) is not in this app's router: load it as a document.
          reloadDocument={participantPage(to) !== null}
          variant="light"
          size="sm"
          leftSection={<Icon size={18} aria-hidden />}
          data-testid={testId}
        >
          {t(labelKey)}
        </Button>
      ))}
    </Group>
  );
}
