// The decision on a selection or performance result (issue 25): the product never decides; the evaluator records
// advance, hold or reject with a reason. Shows the current decision, who made it and when, and a form for a new one
// (holders of INDIVIDUAL_RESULTS/UPDATE); earlier decisions stay in the history.
import { useState } from 'react';
import { Alert, Button, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DECISION_REASON_LENGTH, DECISIONS, type Decision, type TResultDecisions } from '@bq/contracts/fairness';
import { useFormat } from '../../../lib/formats';
import { useRecordDecision } from '../api/record-decision';

export function DecisionPanel({ token, decisions, canDecide }: { token: string; decisions: TResultDecisions; canDecide: boolean }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const record = useRecordDecision(token);
  const [decision, setDecision] = useState<Decision>('advance');
  const [reason, setReason] = useState('');
  const current = decisions.current;
  const valid = reason.trim().length >= DECISION_REASON_LENGTH.min;

  return (
    <Paper withBorder p="md" data-testid="decision-panel" component="section" aria-labelledby="decision-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="decision-title">
          {t('decision.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('decision.notice')}
        </Text>
        <Text data-testid="decision-current" data-decision={current?.decision ?? ''}>
          {current
            ? t('decision.current', { decision: t(`decision.value.${current.decision}`), author: current.authorName, date: formatDateTime(current.decidedAt) })
            : t('decision.none')}
        </Text>
        {current ? <Text size="sm">{current.reason}</Text> : null}
        {canDecide ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) record.mutate({ decision, reason: reason.trim() }, { onSuccess: () => setReason('') });
            }}
          >
            <Stack gap="xs">
              <Text component="span" size="sm" fw={500} id="decision-choice">
                {t('decision.label')}
              </Text>
              <SegmentedControl
                aria-labelledby="decision-choice"
                value={decision}
                onChange={(v) => setDecision(v as Decision)}
                data={DECISIONS.map((d) => ({ value: d, label: t(`decision.value.${d}`) }))}
              />
              <Textarea label={t('decision.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={DECISION_REASON_LENGTH.max} autosize minRows={2} required />
              {record.isSuccess ? (
                <Alert color="green" role="status">
                  {t('decision.saved')}
                </Alert>
              ) : null}
              <Button type="submit" loading={record.isPending} disabled={!valid} style={{ alignSelf: 'flex-start' }}>
                {t('decision.submit')}
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
