// The clients whose last sync to this CRM failed: the reason in the user's words (and the CRM's own answer), how often
// it was tried, and a retry that syncs the client at once.
import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CrmProvider } from '@bq/contracts/crm';
import { ErrorState } from '../../../components/ui/ErrorState';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useRetryCrmClient } from '../api/crm-mutations';
import { useCrmFailures } from '../api/crm-queries';
import { crmErrorText } from './crm-error-text';

export function CrmFailureList({ provider }: { provider: CrmProvider }) {
  const { t } = useTranslation();
  const failures = useCrmFailures(provider, true);
  const retry = useRetryCrmClient();
  if (failures.isPending) return <Skeleton height={48} aria-busy />;
  if (failures.isError) return <ErrorState title={t('crm.failures.errorTitle')} message={t('crm.failures.errorText')} onRetry={() => void failures.refetch()} />;
  if (failures.data.states.length === 0) return <Text size="sm" c="dimmed" data-testid="crm-no-failures">{t('crm.failures.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table data-testid="crm-failures">
        <Table.Tbody>
          {failures.data.states.map((s) => (
            <Table.Tr key={s.clientToken}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>{s.clientName}</Text>
                  <Text size="xs">{crmErrorText(t, s.lastErrorKey)}</Text>
                  {s.lastError ? <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{s.lastError}</Text> : null}
                  <Text size="xs" c="dimmed">{t('crm.failures.attempts', { count: s.attempts })}</Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    loading={retry.isPending && retry.variables?.clientToken === s.clientToken}
                    onClick={() =>
                      retry.mutate(
                        { provider, clientToken: s.clientToken },
                        // A retry that fails again shows its new reason in this list (refreshed); only a success is announced.
                        { onSuccess: (state) => (state.status === 'SYNCED' ? showSuccess(t('crm.failures.retried')) : undefined), onError: (e) => showApiError(e) },
                      )
                    }
                  >
                    {t('crm.failures.retry')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
