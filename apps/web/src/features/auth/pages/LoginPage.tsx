// /login: the sign-in page, with the language picker and, in demo mode, the demo logins.
import { lazy, Suspense } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { LanguagePicker } from '../../../components/ui/LanguagePicker';
import { Logo } from '../../../components/ui/Logo';
import { useSystemConfig } from '../../../lib/api/get-system-config';
import { importWithTimeout } from '../../../lib/lazy-import';
import { LoginForm } from '../components/LoginForm';
import { HostBrand } from '../../branding/components/HostBrand';

// Only where Google sign-in is configured, and then in its own chunk: the login page stays within its budget.
const GoogleSignInButton = lazy(() =>
  importWithTimeout(() => import('../components/GoogleSignInButton')).then((module) => ({ default: module.GoogleSignInButton })),
);

// In its own chunk too (with the passkey sign-in's request code): the browser library itself loads only on click.
const PasskeySignInButton = lazy(() =>
  importWithTimeout(() => import('../components/PasskeySignInButton')).then((module) => ({ default: module.PasskeySignInButton })),
);

export function LoginPage() {
  const { t } = useTranslation();
  const { data: config } = useSystemConfig();
  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={440} gap="md">
          <Group justify="center">
            <HostBrand fallback={<Logo />} />
          </Group>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1} fz="h2">
                  {t('login.title')}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('login.lead')}
                </Text>
              </Stack>
              <LoginForm />
              <Suspense fallback={null}>
                <PasskeySignInButton step="passwordless" label={t('login.passkey')} />
              </Suspense>
              <Group justify="space-between" gap="xs">
                <Anchor component={AppLink} to="/password/recovery" size="sm">
                  {t('login.forgotPassword')}
                </Anchor>
                <Anchor component={AppLink} to="/signup/ext" size="sm" fw={600}>
                  {t('login.createAccount')}
                </Anchor>
              </Group>
              {config?.googleSignIn ? (
                <Suspense fallback={null}>
                  <GoogleSignInButton />
                </Suspense>
              ) : null}
            </Stack>
          </Paper>
          <Group justify="space-between" align="flex-end">
            <LanguagePicker />
            {config ? (
              <Text size="xs" c="dimmed">
                {t('app.version', { version: config.version })}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
