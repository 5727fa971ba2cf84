// Side navigation: the sections of the current product that apply to it and to the user (lib/product-sections),
// then the account-wide pages.
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAddressBook,
  IconArrowsLeftRight,
  IconChartBar,
  IconDownload,
  IconLayoutGrid,
  IconScale,
  IconScaleOutline,
  IconSettings,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../components/ui/AppLink';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { productSections, type ProductSection } from '../../lib/product-sections';

interface NavEntry {
  section?: ProductSection;
  to: string;
  labelKey: string;
  icon: Icon;
  /** Also active on these path prefixes. */
  activePrefixes: string[];
}

function productEntries(product: ProductType): NavEntry[] {
  return [
    {
      section: 'clients',
      to: `/product/${product}`,
      labelKey: 'page.clients.title',
      icon: IconAddressBook,
      activePrefixes: [`/${product}/client`],
    },
    {
      section: 'teams',
      to: `/${product}/teams`,
      labelKey: 'page.teams.title',
      icon: IconUsersGroup,
      activePrefixes: [`/${product}/teams`],
    },
    {
      section: 'comparison',
      to: `/${product}/comparison`,
      labelKey: 'page.comparison.title',
      icon: IconArrowsLeftRight,
      activePrefixes: [],
    },
    { section: 'weights', to: `/${product}/weights`, labelKey: 'page.weights.title', icon: IconScale, activePrefixes: [] },
    { section: 'fairness', to: `/${product}/fairness`, labelKey: 'fairness.menu', icon: IconScaleOutline, activePrefixes: [] },
    { section: 'bi', to: `/${product}/bi`, labelKey: 'page.bi.title', icon: IconChartBar, activePrefixes: [] },
    {
      section: 'export',
      to: `/product/${product}/export`,
      labelKey: 'page.export.title',
      icon: IconDownload,
      activePrefixes: [],
    },
  ];
}

const accountEntries: NavEntry[] = [
  { to: '/product', labelKey: 'page.products.title', icon: IconLayoutGrid, activePrefixes: [] },
  {
    to: '/settings/password',
    labelKey: 'page.settings.title',
    icon: IconSettings,
    activePrefixes: ['/settings'],
  },
];

function isActive(entry: NavEntry, pathname: string): boolean {
  if (pathname === entry.to) return true;
  return entry.activePrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function ShellNavbar({ product }: { product: ProductType | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const sections = product && user ? productSections(user, product) : [];

  const renderEntry = (entry: NavEntry) => {
    const active = isActive(entry, pathname);
    const EntryIcon = entry.icon;
    return (
      <NavLink
        key={entry.to}
        component={AppLink}
        to={entry.to}
        label={t(entry.labelKey)}
        leftSection={<EntryIcon size={18} stroke={1.7} aria-hidden />}
        active={active}
        aria-current={active ? 'page' : undefined}
        variant="light"
      />
    );
  };

  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap={4}>
        {product ? (
          <>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4}>
              {t(PRODUCT_TYPE_INFO[product].nameKey)}
            </Text>
            {productEntries(product)
              .filter((entry) => entry.section !== undefined && sections.includes(entry.section))
              .map(renderEntry)}
          </>
        ) : null}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
          {t('shell.nav.account')}
        </Text>
        {accountEntries.map(renderEntry)}
      </Stack>
    </ScrollArea>
  );
}
