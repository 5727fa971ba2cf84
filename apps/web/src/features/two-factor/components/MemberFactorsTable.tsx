// The account's members, whether each has a second factor, and their API credentials (docs/decisions/0072); the admin
// resets a member's factor (a lost phone) after a confirmation, which also signs that member out everywhere (0042).
import { Badge, Button, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { TAccountMemberFactor } from '@bq/contracts/account-security';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useFormat } from '../../../lib/formats';
import { showSuccess } from '../../../lib/notify';
import { useAccountMembers, useResetMemberFactors } from '../api/account-security';
import { MemberCredentialList } from './MemberCredentialList';

export function MemberFactorsTable() {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const members = useAccountMembers();
  const reset = useResetMemberFactors();

  if (members.isPending) return <Skeleton height={120} />;
  if (members.isError) {
    return <ErrorState title={t('accountSecurity.errorTitle')} message={t('twoFactor.errorText')} onRetry={() => void members.refetch()} />;
  }
  const confirm = (member: TAccountMemberFactor) =>
    modals.openConfirmModal({
      title: t('accountSecurity.reset.confirmTitle'),
      children: <Text size="sm">{t('accountSecurity.reset.confirmText', { name: member.name, email: member.email })}</Text>,
      labels: { confirm: t('accountSecurity.reset.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'member-factor-reset-confirm' },
      onConfirm: () => reset.mutate(member.userId, { onSuccess: () => showSuccess(t('accountSecurity.reset.success', { name: member.name })) }),
    });

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" data-testid="member-factor-table">
        <Table.Caption>{t('accountSecurity.members.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('accountSecurity.members.member')}</Table.Th>
            <Table.Th scope="col">{t('accountSecurity.members.factor')}</Table.Th>
            <Table.Th scope="col">{t('accountSecurity.members.deadline')}</Table.Th>
            <Table.Th scope="col">{t('accountSecurity.members.credentials')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('accountSecurity.members.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.data.members.map((member) => (
            <Table.Tr key={member.userId} data-testid="member-factor-row">
              <Table.Th scope="row" fw={600}>
                {member.name}
                <Text size="xs" c="dimmed" fw={400}>
                  {member.email}
                </Text>
              </Table.Th>
              <Table.Td>
                <Group gap={4}>
                  {member.totp ? (
                    <Badge color="green" variant="light">
                      {t('accountSecurity.members.totpOn')}
                    </Badge>
                  ) : null}
                  {member.passkeys > 0 ? (
                    <Badge color="green" variant="light">
                      {t('accountSecurity.members.passkeys', { count: member.passkeys })}
                    </Badge>
                  ) : null}
                  {!member.totp && member.passkeys === 0 ? (
                    <Badge color="gray" variant="light">
                      {t('accountSecurity.members.none')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{member.enrolmentDeadline ? formatDate(member.enrolmentDeadline) : '–'}</Table.Td>
              <Table.Td>
                <MemberCredentialList credentials={member.apiCredentials} />
              </Table.Td>
              <Table.Td>
                {member.totp || member.passkeys > 0 ? (
                  <Button size="xs" variant="light" color="red" onClick={() => confirm(member)} aria-label={t('accountSecurity.reset.label', { name: member.name })}>
                    {t('accountSecurity.reset.button')}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
