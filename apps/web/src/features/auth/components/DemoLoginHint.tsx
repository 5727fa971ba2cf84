// Discreet box listing the demo logins; "Use" fills the form with one of them.
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEMO_LOGINS, type DemoLogin } from '../demo-logins';

export function DemoLoginHint({ onUse }: { onUse: (login: DemoLogin) => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle aria-hidden />}
      title={t('login.demo.title')}
      data-testid="demo-hint"
    >
      <Stack gap="xs">
        <Text size="sm">{t('login.demo.text')}</Text>
        {DEMO_LOGINS.map((login) => (
          <Stack key={login.email} gap={2}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" fw={600}>
                {t(login.roleKey)}
              </Text>
              <Button
                size="compact-xs"
                variant="default"
                // The role's name wraps; the button keeps its whole label (German "Übernehmen" was cut off).
                style={{ flexShrink: 0 }}
                onClick={() => onUse(login)}
                aria-label={t('login.demo.useAria', { role: t(login.roleKey) })}
              >
                {t('login.demo.use')}
              </Button>
            </Group>
            <Group gap={6}>
              <Code>{login.email}</Code>
              <Code>{login.password}</Code>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
