// Frame of the public pages (registration, reports, certificates, not found): logo, language (unless the page has its
// own switch), content, and the confirm dialogs (modals.openConfirmModal) its pages open.
import { AppShell, Container, Group, UnstyledButton } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/ui/AppLink';
import { LanguagePicker } from '../components/ui/LanguagePicker';
import { Logo } from '../components/ui/Logo';
import { routeHandleOf } from './route-handle';

export function PublicLayout() {
  const { t } = useTranslation();
  const ownLanguageSwitch = useMatches().some((match) => routeHandleOf(match.handle).ownLanguageSwitch);
  return (
    <AppShell header={{ height: 64 }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton component={AppLink} to="/" aria-label={t('shell.home')}>
            <Logo />
          </UnstyledButton>
          {ownLanguageSwitch ? null : <LanguagePicker compact />}
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
