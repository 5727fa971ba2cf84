// Frame of the public pages (registration, reports, certificates, not found): logo, language, content.
import { AppShell, Container, Group, UnstyledButton } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/ui/AppLink';
import { LanguagePicker } from '../components/ui/LanguagePicker';
import { Logo } from '../components/ui/Logo';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 64 }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton component={AppLink} to="/" aria-label={t('shell.home')}>
            <Logo />
          </UnstyledButton>
          <LanguagePicker compact />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="md" py="md">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
