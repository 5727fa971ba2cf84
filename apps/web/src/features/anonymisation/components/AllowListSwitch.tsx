// The allow-list switch: on, clients not on the list are anonymised in every list this user sees.
import { Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useUpdateAnonymisationSettings } from '../api/update-anonymisation-settings';

export function AllowListSwitch({ enabled, disabled }: { enabled: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAnonymisationSettings();
  return (
    <div>
      <Switch
        checked={enabled}
        disabled={disabled || update.isPending}
        label={t('anonymisation.enabled.label')}
        data-testid="anonymisation-switch"
        onChange={(event) =>
          update.mutate(
            { anonymizationAllowListEnabled: event.currentTarget.checked },
            {
              onSuccess: (_r, v) => showSuccess(t(v.anonymizationAllowListEnabled ? 'anonymisation.enabled.on' : 'anonymisation.enabled.off')),
              onError: (error) => showApiError(error),
            },
          )
        }
      />
      <Text size="sm" c="dimmed" mt={4}>
        {t('anonymisation.enabled.hint')}
      </Text>
    </div>
  );
}
