// "Verify the trail" on Settings > Audit trail (docs/decisions/0071): asks the server to run the verifier anyone can
// run on an export, and shows its report: intact (events, newest checkpoint) or the first broken line and why.
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TVerifyAuditChainResponse } from '@bq/contracts/audit';
import { useFormat } from '../../../lib/formats';
import { useVerifyAuditTrail } from '../api/verify-audit-trail';

function Outcome({ report }: { report: TVerifyAuditChainResponse }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const checkpoint = report.lastCheckpoint ? (
    <Text size="sm">
      {t('audit.verify.checkpoint', {
        seq: report.lastCheckpoint.seq,
        createdAt: formatDateTime(report.lastCheckpoint.createdAt),
        keyId: report.lastCheckpoint.keyId,
      })}
    </Text>
  ) : (
    <Text size="sm">{t('audit.verify.noCheckpoint')}</Text>
  );
  if (report.ok) {
    return (
      <Alert color="green" icon={<IconShieldCheck aria-hidden />} title={t('audit.verify.okTitle')} data-testid="audit-verify-result" data-state="ok">
        <Text size="sm">{t('audit.verify.ok', { events: report.events, headSeq: report.headSeq })}</Text>
        {checkpoint}
      </Alert>
    );
  }
  const broken = report.firstBroken!;
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('audit.verify.brokenTitle')} data-testid="audit-verify-result" data-state="broken">
      <Text size="sm">
        {t('audit.verify.broken', { line: broken.line, seq: broken.seq ?? '-', problem: t(`audit.verify.problem.${broken.problem}`) })}
      </Text>
      {checkpoint}
    </Alert>
  );
}

export function AuditVerifyPanel() {
  const { t } = useTranslation();
  const verify = useVerifyAuditTrail();
  return (
    <Stack gap="xs" data-testid="audit-verify">
      <Title order={3} fz="h5">
        {t('audit.verify.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('audit.verify.lead')}
      </Text>
      <div>
        <Button variant="light" onClick={() => verify.mutate()} loading={verify.isPending} data-testid="audit-verify-button">
          {t('audit.verify.button')}
        </Button>
      </div>
      {verify.isError ? (
        <Alert color="red" data-testid="audit-verify-result" data-state="error">
          {t('audit.verify.error')}
        </Alert>
      ) : verify.data ? (
        <Outcome report={verify.data} />
      ) : null}
    </Stack>
  );
}
