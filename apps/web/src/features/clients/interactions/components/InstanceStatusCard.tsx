// Where an interaction stands: status (announced politely when it changes, since it refreshes by itself),
// results lock, expiry, and the dates it was sent, opened and filled in. Once results are available, the way
// to the result dashboard.
import type { ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInstance } from '@bq/contracts/instances';
import { isMoving } from '@bq/domain/interaction-lifecycle';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../../components/ui/AppLink';
import { useFormat } from '../../../../lib/formats';
import { ExpirationBadge } from '../../components/ExpirationBadge';
import { InteractionStatusBadge } from '../../components/InteractionStatusBadge';
import { LockStatusBadge } from '../../components/LockStatusBadge';

function DateDetail({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

export function InstanceStatusCard({
  instance,
  productType,
}: {
  instance: TInstance;
  productType: ProductType;
}) {
  const { t } = useTranslation();
  const { formatDateTime, formatDate } = useFormat();
  const headingId = `interaction-status-${instance.token}`;
  const notYet = t('interactions.dates.notYet');
  const dashboardPath = `/${productType}/client/${instance.clientToken}/dashboard/${instance.token}`;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap" mb="md">
        <Stack gap="xs">
          <Title order={2} fz="h4" id={headingId}>
            {t('interactions.status.title')}
          </Title>
          <Group gap="xs" wrap="wrap" aria-live="polite" aria-atomic="true">
            <InteractionStatusBadge status={instance.status} />
            <LockStatusBadge status={instance.lockStatus} interactionStatus={instance.status} to={dashboardPath} />
            <ExpirationBadge status={instance.expirationStatus} />
          </Group>
          {isMoving(instance.status) ? (
            <Group gap={6} c="dimmed">
              <IconRefresh size={14} aria-hidden />
              <Text size="xs" c="dimmed" data-testid="interaction-live-hint">
                {t('interactions.status.live')}
              </Text>
            </Group>
          ) : null}
        </Stack>
        {instance.status === 'RESULTS_AVAILABLE' ? (
          <Button
            component={AppLink}
            to={dashboardPath}
            leftSection={<IconChartBar size={18} aria-hidden />}
            data-testid="interaction-dashboard-link"
          >
            {t('interactions.dashboard.link')}
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
        <DateDetail label={t('interactions.dates.sent')} testId="interaction-sent">
          {formatDateTime(instance.createdAt)}
        </DateDetail>
        <DateDetail label={t('interactions.dates.opened')} testId="interaction-opened">
          {instance.openedAt ? formatDateTime(instance.openedAt) : notYet}
        </DateDetail>
        <DateDetail label={t('interactions.dates.filled')} testId="interaction-filled">
          {instance.filledAt ? formatDateTime(instance.filledAt) : notYet}
        </DateDetail>
        <DateDetail label={t('interactions.dates.expires')} testId="interaction-expires">
          {instance.expiresAt ? formatDate(instance.expiresAt) : t('clients.interactions.noExpiry')}
        </DateDetail>
      </SimpleGrid>
    </Paper>
  );
}
