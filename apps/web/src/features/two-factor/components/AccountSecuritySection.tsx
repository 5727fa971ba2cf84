// Settings > Security, for the account admin (docs/decisions/0042): require a second factor of all evaluators with
// grace days, and the members' factors with a reset behind a confirmation.
import { useEffect, useState } from 'react';
import { Button, Group, NumberInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SECOND_FACTOR_GRACE_DAYS_MAX } from '@bq/contracts/account-security';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useFormat } from '../../../lib/formats';
import { showSuccess } from '../../../lib/notify';
import { useAccountSecurity, useUpdateAccountSecurity } from '../api/account-security';
import { MemberFactorsTable } from './MemberFactorsTable';

export function AccountSecuritySection() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="account-security">
      <RequirementForm />
      <Title order={3} fz="h4">
        {t('accountSecurity.members.title')}
      </Title>
      <MemberFactorsTable />
    </Stack>
  );
}

function RequirementForm() {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  const settings = useAccountSecurity();
  const update = useUpdateAccountSecurity();
  const [required, setRequired] = useState(false);
  const [graceDays, setGraceDays] = useState<number>(14);
  // The form starts from what is saved, and again after each save.
  useEffect(() => {
    if (!settings.data) return;
    setRequired(settings.data.secondFactorRequired);
    setGraceDays(settings.data.secondFactorRequired ? settings.data.graceDays : settings.data.graceDays || 14);
  }, [settings.data]);

  if (settings.isPending) return <Skeleton height={80} />;
  if (settings.isError) {
    return <ErrorState title={t('accountSecurity.errorTitle')} message={t('twoFactor.errorText')} onRetry={() => void settings.refetch()} />;
  }
  const save = () =>
    update.mutate(
      { secondFactorRequired: required, graceDays },
      { onSuccess: () => showSuccess(t('accountSecurity.saved')) },
    );
  return (
    <Stack gap="sm">
      <Text size="sm">{t('accountSecurity.lead')}</Text>
      <Switch
        checked={required}
        onChange={(event) => setRequired(event.currentTarget.checked)}
        label={t('accountSecurity.required')}
        description={
          settings.data.requiredSince ? t('accountSecurity.requiredSince', { date: formatDateTime(settings.data.requiredSince) }) : undefined
        }
        data-testid="account-security-required"
      />
      <NumberInput
        label={t('accountSecurity.graceDays')}
        description={t('accountSecurity.graceDaysHint', { max: SECOND_FACTOR_GRACE_DAYS_MAX })}
        min={0}
        max={SECOND_FACTOR_GRACE_DAYS_MAX}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        value={graceDays}
        onChange={(value) => setGraceDays(typeof value === 'number' ? value : 0)}
        disabled={!required}
        maw={240}
        data-testid="account-security-grace-days"
      />
      <Group>
        <Button onClick={save} loading={update.isPending} data-testid="account-security-save">
          {t('accountSecurity.save')}
        </Button>
      </Group>
    </Stack>
  );
}
