// The user menu behind the initials avatar: who is signed in, the previous sign-in, and the account entries
// of spec section 2 (data export, user settings, language, anonymisation, log out).
import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconDownload,
  IconLanguage,
  IconLogout,
  IconMask,
  IconSettings,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@bq/contracts/user';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../components/ui/AppLink';
import { useFormat } from '../../lib/formats';
import { useLogout } from '../../features/auth/api/logout';

interface UserMenuProps {
  user: TUser;
  product: ProductType | null;
}

export function UserMenu({ user, product }: UserMenuProps) {
  const { t } = useTranslation();
  const { formatDateTime, formatNumber } = useFormat();
  const logout = useLogout();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const lastSignIn = user.previousLoginAt
    ? t('shell.userMenu.lastSignIn', { date: formatDateTime(user.previousLoginAt) })
    : t('shell.userMenu.firstSignIn');

  return (
    <Menu position="bottom-end" width={290} shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={t('shell.userMenu.button', { name: fullName })}
          data-testid="user-menu-button"
        >
          <Avatar color="brand" radius="xl" size={36} variant="filled">
            {user.initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs" data-testid="user-menu-identity">
          <Text fw={600} size="sm">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {user.accountName}
          </Text>
          <Text size="xs" c="dimmed" mt={6} data-testid="last-sign-in">
            {lastSignIn}
          </Text>
          <Text size="xs" fw={600} mt={4} hiddenFrom="sm" data-testid="user-menu-credits">
            {t('shell.credits', {
              count: user.creditBalance,
              formatted: formatNumber(user.creditBalance, 0),
            })}
          </Text>
        </Box>
        <Menu.Divider />
        {product ? (
          <Menu.Item
            component={AppLink}
            to={`/product/${product}/export`}
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {t('shell.menu.dataExport')}
          </Menu.Item>
        ) : null}
        {product ? (
          <Menu.Item
            component={AppLink}
            to={`/${product}/credits`}
            leftSection={<IconShoppingCart size={18} aria-hidden />}
            data-testid="user-menu-buy-credits"
          >
            {t('shell.menu.buyCredits')}
          </Menu.Item>
        ) : null}
        <Menu.Item
          component={AppLink}
          to="/settings/password"
          leftSection={<IconSettings size={18} aria-hidden />}
        >
          {t('shell.menu.userSettings')}
        </Menu.Item>
        <Menu.Item
          component={AppLink}
          to="/settings/language"
          leftSection={<IconLanguage size={18} aria-hidden />}
        >
          {t('shell.menu.language')}
        </Menu.Item>
        <Menu.Item
          component={AppLink}
          to="/settings/anonymisation"
          leftSection={<IconMask size={18} aria-hidden />}
        >
          {t('shell.menu.anonymisation')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          data-testid="logout"
        >
          {t('shell.menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
