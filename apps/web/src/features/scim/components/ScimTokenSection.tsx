// The account's SCIM token: the base URL to enter in the directory, whether a token exists (issued, last used), and
// issue / replace / revoke. A replacement and a revocation stop the directory's old token at once, so both ask first.
import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useFormat } from '../../../lib/formats';
import { showSuccess } from '../../../lib/notify';
import { useScimTokenStatus } from '../api/get-scim-token';
import { useIssueScimToken } from '../api/issue-scim-token';
import { useRevokeScimToken } from '../api/revoke-scim-token';
import { CopyField } from './CopyField';
import { NewScimTokenPanel } from './NewScimTokenPanel';

export function ScimTokenSection() {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const status = useScimTokenStatus();
  const issue = useIssueScimToken();
  const revoke = useRevokeScimToken();
  const [token, setToken] = useState<string | null>(null);

  if (status.isPending) {
    return (
      <Stack gap="xs" aria-busy>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (status.isError) {
    return <ErrorState title={t('scim.errorTitle')} message={t('scim.errorText')} onRetry={() => void status.refetch()} />;
  }
  const { exists, createdAt, lastUsedAt, baseUrl } = status.data;
  const issueNow = () => issue.mutate(undefined, { onSuccess: (answer) => setToken(answer.token) });
  const confirmReplace = () =>
    modals.openConfirmModal({
      title: t('scim.replace.confirmTitle'),
      children: <Text size="sm">{t('scim.replace.confirmText')}</Text>,
      labels: { confirm: t('scim.replace.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'scim-replace-confirm' },
      onConfirm: issueNow,
    });
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: t('scim.revoke.confirmTitle'),
      children: <Text size="sm">{t('scim.revoke.confirmText')}</Text>,
      labels: { confirm: t('scim.revoke.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'scim-revoke-confirm' },
      onConfirm: () => revoke.mutate(undefined, { onSuccess: () => showSuccess(t('scim.revoke.success')) }),
    });

  return (
    <Stack gap="lg">
      <CopyField label={t('scim.baseUrl')} value={baseUrl} testId="scim-base-url" />
      {token ? <NewScimTokenPanel token={token} onDone={() => setToken(null)} /> : null}
      <Text data-testid="scim-token-status">
        {exists
          ? t('scim.status.active', {
              createdAt: formatDateTime(createdAt!),
              lastUsed: lastUsedAt ? formatDateTime(lastUsedAt) : t('scim.status.neverUsed'),
            })
          : t('scim.status.none')}
      </Text>
      <Group gap="sm">
        {exists ? (
          <>
            <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} loading={issue.isPending} onClick={confirmReplace}>
              {t('scim.replace.button')}
            </Button>
            <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} loading={revoke.isPending} onClick={confirmRevoke} data-testid="scim-revoke">
              {t('scim.revoke.button')}
            </Button>
          </>
        ) : (
          <Button leftSection={<IconKey size={18} aria-hidden />} loading={issue.isPending} onClick={issueNow} data-testid="scim-issue">
            {t('scim.issue.button')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
