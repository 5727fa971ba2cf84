// /settings: the settings sections (password, security, single sign-on and provisioning for account admins, language,
// anonymisation, privacy policy, API, webhooks for API admins, audit trail; retention and market history for administrators) beside their content.
import { Grid, NavLink, Paper } from '@mantine/core';
import {
  IconAddressBook,
  IconApi,
  IconArchive,
  IconBuildingSkyscraper,
  IconChartLine,
  IconHistory,
  IconKey,
  IconLanguage,
  IconMask,
  IconPalette,
  IconShieldLock,
  IconShieldCheck,
  IconWebhook,
  IconPlugConnected,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';
import type { TUser } from '@bq/contracts/user';
import { hasPermission } from '@bq/domain/permissions';
import { canReadAuditLog } from '../../audit/audit-access';
import { hasAdminPermission } from '../../../lib/admin-access';
import { useSignedInUser } from '../../../lib/api/get-current-user';

/** Webhooks hand the account's events to another system: offered to whoever manages its API (the server's rule). */
const canManageApi = (permissions: TUser['permissions']) => hasPermission(permissions, { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'READ' });

interface Section {
  path: string;
  labelKey: string;
  icon: Icon;
  /** Only for administrators (READ on BQ_ADMIN/ALL). */
  admin?: boolean;
  /** Only for whoever manages the account's users (READ on BQ_ADMIN/BQ_USER). */
  accountAdmin?: boolean;
  /** Only for whoever may open it: a section the server would refuse is not offered (issue 37 point 11). */
  visibleTo?: (permissions: TUser['permissions']) => boolean;
}

const SECTIONS: Section[] = [
  { path: '/settings/password', labelKey: 'page.settingsPassword.title', icon: IconKey },
  { path: '/settings/security', labelKey: 'page.settingsSecurity.title', icon: IconShieldCheck },
  { path: '/settings/sso', labelKey: 'page.settingsSso.title', icon: IconBuildingSkyscraper, accountAdmin: true },
  { path: '/settings/branding', labelKey: 'page.settingsBranding.title', icon: IconPalette, accountAdmin: true },
  { path: '/settings/start-links', labelKey: 'page.settingsPublicLinks.title', icon: IconWorldWww, accountAdmin: true },
  { path: '/settings/provisioning', labelKey: 'page.settingsProvisioning.title', icon: IconAddressBook, accountAdmin: true },
  { path: '/settings/language', labelKey: 'page.settingsLanguage.title', icon: IconLanguage },
  { path: '/settings/anonymisation', labelKey: 'page.settingsAnonymisation.title', icon: IconMask },
  { path: '/settings/privacy', labelKey: 'page.settingsPrivacy.title', icon: IconShieldLock },
  { path: '/settings/api', labelKey: 'page.settingsApi.title', icon: IconApi },
  { path: '/settings/webhooks', labelKey: 'page.settingsWebhooks.title', icon: IconWebhook, visibleTo: canManageApi },
  { path: '/settings/crm', labelKey: 'page.settingsCrm.title', icon: IconPlugConnected, visibleTo: canManageApi },
  { path: '/settings/audit', labelKey: 'page.settingsAudit.title', icon: IconHistory, visibleTo: canReadAuditLog },
  { path: '/settings/retention', labelKey: 'page.settingsRetention.title', icon: IconArchive, admin: true },
  {
    path: '/settings/market-history',
    labelKey: 'page.settingsMarketHistory.title',
    icon: IconChartLine,
    admin: true,
  },
];

export function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSignedInUser();
  const accountAdmin = hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' });
  const sections = SECTIONS.filter(
    (section) =>
      (!section.admin || hasAdminPermission(user, 'READ')) &&
      (!section.accountAdmin || accountAdmin) &&
      (!section.visibleTo || section.visibleTo(user.permissions)),
  );
  return (
    <>
      <PageHeader title={t('page.settings.title')} description={t('settings.lead')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p={6} component="nav" aria-label={t('settings.nav.label')}>
            {sections.map((section) => {
              const active = pathname === section.path;
              const SectionIcon = section.icon;
              return (
                <NavLink
                  key={section.path}
                  component={AppLink}
                  to={section.path}
                  label={t(section.labelKey)}
                  leftSection={<SectionIcon size={18} stroke={1.7} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  variant="light"
                />
              );
            })}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </>
  );
}
