// The evaluator container (spec section 2): header with logo, product switcher, credits, reminders and the
// user menu; side navigation; the global breadcrumb above the page.
import { useEffect } from 'react';
import { AppShell, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/ui/AppLink';
import { Logo } from '../../components/ui/Logo';
import { useSignedInUser } from '../../lib/api/get-current-user';
import { ReminderMenu } from '../../features/reminders/components/ReminderMenu';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { VerificationRequiredNotice } from '../../features/signup/components/VerificationRequiredNotice';
import { SecondFactorNotice } from '../../features/two-factor/components/SecondFactorNotice';
import { CreditBalance } from './CreditBalance';
import { ProductSwitcher } from './ProductSwitcher';
import { ShellNavbar } from './ShellNavbar';
import { SkipLink } from './SkipLink';
import { UserMenu } from './UserMenu';
import { useShellProduct } from './use-shell-product';

export function EvaluatorShell() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const product = useShellProduct(user);
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // On small screens the navigation is an overlay; close it once a page was chosen.
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(navOpened ? 'shell.nav.close' : 'shell.nav.open')}
            />
            <UnstyledButton component={AppLink} to="/" aria-label={t('shell.home')}>
              <Logo compact />
            </UnstyledButton>
            <ProductSwitcher user={user} current={product} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CreditBalance balance={user.creditBalance} product={product} />
            <ReminderMenu />
            <UserMenu user={user} product={product} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('shell.nav.label')}>
        <ShellNavbar product={product} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        <AppBreadcrumbs />
        <VerificationRequiredNotice />
        <SecondFactorNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
