// The consistency flag: the client's own estimate is two classes or more from the suitable class, one sentence
// saying which way (decision 0013; results of definition version 1 keep their two legacy reasons). Regulators
// forbid relying on self-assessment alone, so the adviser reviews the profile with the client and records how the
// difference was resolved (DESIGN.md section 4). Records are append-only and also go into the client's report.
import { Alert, Badge, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CONSISTENCY_NOTE_LENGTH,
  ZConsistencyResolutionRequest,
  type TConsistencyResolution,
  type TRiskProfile,
} from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { showApiError, showSuccess } from '../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useRecordConsistencyResolution } from '../api/record-consistency-resolution';

const KNOWN_REASONS = [
  'tolerance_vs_capacity',
  'tolerance_vs_self_estimate',
  'self_estimate_above_suitable',
  'self_estimate_below_suitable',
];
const FORM_FIELDS = ['note'] as const;

interface ConsistencyFlagProps {
  risk: TRiskProfile;
  token: string;
  /** INDIVIDUAL_RESULTS/UPDATE in the product's realm: may record a resolution. */
  canResolve: boolean;
  /** The viewer is the client: asked to go through the difference with their adviser instead of told to record it. */
  ownResult?: boolean;
}

export function ConsistencyFlag({ risk, token, canResolve, ownResult = false }: ConsistencyFlagProps) {
  const { t } = useTranslation();
  const self = risk.selfEstimate ?? '–';
  const gap = risk.selfEstimate === null ? '–' : Math.abs(risk.selfEstimate - risk.suitableClass);
  const values = { tolerance: risk.toleranceClass, self, suitable: risk.suitableClass, gap };
  const resolutions = risk.consistency.resolutions;
  const resolved = resolutions.length > 0;
  return (
    <Alert
      color={resolved ? 'teal' : 'orange'}
      variant="light"
      icon={resolved ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
      title={
        <Group gap="xs" component="span">
          <span>{t('results.risk.consistency.title')}</span>
          {resolved ? (
            <Badge color="teal.9" variant="filled" size="sm" data-testid="risk-consistency-resolved">
              {t('results.risk.consistency.resolved')}
            </Badge>
          ) : null}
        </Group>
      }
      // A standing part of the dashboard that holds a form, not a live announcement: a labelled region.
      role="region"
      data-testid="risk-consistency-flag"
      data-resolved={resolved}
      data-direction={risk.consistency.direction ?? undefined}
    >
      <List size="sm" mb="xs">
        {risk.consistency.reasons.map((reason) => (
          <List.Item key={reason} data-reason={reason}>
            {KNOWN_REASONS.includes(reason)
              ? t(`results.risk.consistency.reason.${reason}`, values)
              : t('results.risk.consistency.reason.other', { reason })}
          </List.Item>
        ))}
      </List>
      {resolved ? null : (
        <Text size="sm" fw={500}>
          {ownResult ? t('results.risk.consistency.reviewOwn') : t('results.risk.consistency.review')}
        </Text>
      )}
      <ResolutionRecord resolutions={resolutions} />
      {canResolve ? <ResolutionForm token={token} amending={resolved} /> : null}
    </Alert>
  );
}

function ResolutionRecord({ resolutions }: { resolutions: TConsistencyResolution[] }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  return (
    <Stack gap={6} mt="sm" data-testid="risk-consistency-resolutions">
      <Text size="sm" fw={600} component="h3" m={0}>
        {t('results.risk.consistency.resolution.title')}
      </Text>
      {resolutions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('results.risk.consistency.resolution.none')}
        </Text>
      ) : (
        resolutions.map((resolution, index) => (
          // Append-only, never reordered: the position is a stable key.
          <div key={index} data-testid="risk-consistency-resolution">
            <Text size="xs" c="dimmed">
              {t('results.risk.consistency.resolution.by', {
                date: formatDateTime(resolution.resolvedAt),
                name: resolution.authorName,
              })}
            </Text>
            {/* Notes keep the adviser's line breaks. */}
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {resolution.note}
            </Text>
          </div>
        ))
      )}
    </Stack>
  );
}

function ResolutionForm({ token, amending }: { token: string; amending: boolean }) {
  const { t } = useTranslation();
  const record = useRecordConsistencyResolution(token);
  const form = useZodForm(ZConsistencyResolutionRequest, { note: '' });

  const submit = form.handleSubmit((request) => {
    record.mutate(request, {
      onSuccess: () => {
        form.reset();
        showSuccess(t('results.risk.consistency.resolution.saved'));
      },
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error, FORM_FIELDS);
        if (fieldErrors.note) form.setServerErrors(fieldErrors);
        else showApiError(error, { fallbackKey: 'results.risk.consistency.resolution.failed' });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('results.risk.consistency.resolution.title')}>
      <Stack gap="xs" mt="md">
        <Textarea
          {...form.inputProps('note')}
          label={t('results.risk.consistency.resolution.label')}
          description={t('results.risk.consistency.resolution.hint')}
          rows={4}
          resize="vertical"
          maxLength={CONSISTENCY_NOTE_LENGTH.max}
          required
          data-testid="risk-consistency-note"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending} data-testid="risk-consistency-submit">
            {t(
              amending
                ? 'results.risk.consistency.resolution.addNote'
                : 'results.risk.consistency.resolution.submit',
            )}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
