// The compliance address on Settings > Audit trail: who gets the daily signed checkpoint of the account's chain by
// mail. Holders of AUDIT_LOG see it; an account admin changes it (the server asks for the second factor again when
// the last proof is older than 10 minutes, and the app's step-up dialog handles that).
import { useEffect, useState } from 'react';
import { Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZAuditSettings } from '@bq/contracts/audit';
import { hasAdminPermission } from '../../../lib/admin-access';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { apiErrorMessage, showSuccess } from '../../../lib/notify';
import { useAuditSettings, useUpdateAuditSettings } from '../api/audit-settings';

export function ComplianceAddressForm() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const canChange = hasAdminPermission(user, 'UPDATE');
  const settings = useAuditSettings();
  const update = useUpdateAuditSettings();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(settings.data?.complianceEmail ?? ''), [settings.data]);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { complianceEmail: value.trim() === '' ? null : value.trim() };
    if (!ZAuditSettings.safeParse(body).success) {
      setError(t('audit.compliance.invalid'));
      return;
    }
    setError(null);
    update.mutate(body, { onSuccess: () => showSuccess(t('audit.compliance.saved')), onError: (err) => setError(apiErrorMessage(err)) });
  };

  return (
    <Stack gap="xs" data-testid="audit-compliance">
      <Title order={3} fz="h5">
        {t('audit.compliance.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('audit.compliance.lead')}
      </Text>
      {settings.isPending ? (
        <Skeleton height={36} maw={420} />
      ) : (
        <form onSubmit={save} noValidate aria-label={t('audit.compliance.title')}>
          <Group align="flex-end" gap="sm">
            <TextInput
              type="email"
              label={t('audit.compliance.label')}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              readOnly={!canChange}
              w={{ base: '100%', xs: 320 }}
              data-testid="audit-compliance-email"
            />
            {canChange ? (
              <Button type="submit" loading={update.isPending} data-testid="audit-compliance-save">
                {t('audit.compliance.save')}
              </Button>
            ) : null}
          </Group>
        </form>
      )}
    </Stack>
  );
}
