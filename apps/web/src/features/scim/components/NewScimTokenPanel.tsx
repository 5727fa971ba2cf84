// The SCIM token just issued: shown this once, with Copy and where to enter it. Closing it forgets it.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyField } from './CopyField';

export function NewScimTokenPanel({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" variant="light" icon={<IconKey aria-hidden />} title={t('scim.newToken.title')} data-testid="scim-token-panel">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('scim.newToken.once')}
        </Text>
        <CopyField label={t('scim.newToken.label')} value={token} testId="scim-token" />
        <Text size="sm">{t('scim.newToken.where')}</Text>
        <Group>
          <Button variant="default" onClick={onDone} data-testid="scim-token-done">
            {t('scim.newToken.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
