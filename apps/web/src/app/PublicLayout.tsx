// Frame of the public pages (registration, report download, certificates, not found): logo, language, content, and
// the confirm dialogs (modals.openConfirmModal) its pages open. (The public report, the one page with a language switch
// of its own, is a page of the participant entry now: docs/decisions/0054.)
import { AppShell, Container, Group, UnstyledButton } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
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
          <ModalsProvider>
            <Outlet />
          </ModalsProvider>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
