// How the result came about, so an adviser can show a regulator: norm version (and that provisional norms are
// expert estimates), questionnaire and algorithm versions, when it was calculated, and the answers' fingerprint.
// Behind a "Technical evidence" disclosure at the foot of the dashboard, not in its header: it is there when asked
// for and does not compete with the result. The caution about provisional norms stays visible, since it changes
// how the scores above are read.
import { useId } from 'react';
import { Button, Collapse, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDashboard } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';

const SHORT_HASH = 12;

export function ResultEvidence({ dashboard }: { dashboard: TDashboard }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const { evidence } = dashboard;
  const provisional = evidence.normStatus === 'PROVISIONAL';
  return (
    <Stack
      gap={4}
      mt="xl"
      data-testid="result-evidence"
      data-norm-status={evidence.normStatus}
      data-hash={evidence.answersHash}
    >
      {provisional ? (
        <Text size="xs" c="dimmed" fs="italic" data-testid="result-provisional-norms">
          {t('results.evidence.provisional')}
        </Text>
      ) : null}
      <div>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={
            opened ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />
          }
          aria-expanded={opened}
          aria-controls={panelId}
          onClick={toggle}
          data-testid="result-evidence-toggle"
        >
          {t('results.evidence.toggle')}
        </Button>
      </div>
      <Collapse expanded={opened} id={panelId} data-testid="result-evidence-details">
        <Text size="xs" c="dimmed" px="xs">
          {t('results.evidence.line', {
            norm: evidence.normVersion,
            definition: evidence.definitionVersion,
            algorithm: evidence.algorithmVersion,
            calculated: formatDateTime(dashboard.calculatedAt),
          })}{' '}
          {t('results.evidence.hash')}{' '}
          <Text span ff="monospace" size="xs" title={evidence.answersHash}>
            {evidence.answersHash.slice(0, SHORT_HASH)}
          </Text>
        </Text>
        {evidence.decisions?.history.length ? (
          <Text size="xs" c="dimmed" px="xs" data-testid="result-evidence-decisions">
            {t('decision.evidence')}:{' '}
            {evidence.decisions.history
              .map((d) => `${formatDateTime(d.decidedAt)} ${d.authorName}: ${t(`decision.value.${d.decision}`)} (${d.reason})`)
              .join('; ')}
          </Text>
        ) : null}
      </Collapse>
    </Stack>
  );
}
