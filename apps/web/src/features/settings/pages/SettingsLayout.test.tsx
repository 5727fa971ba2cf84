import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '@bq/contracts/user';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { SettingsLayout } from './SettingsLayout';

const user = userOf({
  permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }],
  products: [],
  currentProduct: null,
  creditBalance: 0,
});

beforeAll(() => initTestI18n());

function renderLayout(signedIn: TUser) {
  return renderWithProviders(<SettingsLayout />, {
    route: '/settings/password',
    queryClient: queryClientWithUser(signedIn),
  });
}

const marketHistoryLink = () =>
  screen.queryByRole('link', { name: enUsTexts['page.settingsMarketHistory.title'] });

describe('settings navigation', () => {
  it('lists the market history only for administrators', () => {
    renderLayout({ ...user, permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }] });
    expect(marketHistoryLink()).toHaveAttribute('href', '/settings/market-history');
  });

  it('offers the audit trail only to holders of BQ_ADMIN/AUDIT_LOG/READ (or a wildcard over it)', () => {
    const auditLink = () => screen.queryByRole('link', { name: enUsTexts['page.settingsAudit.title'] });
    const { unmount } = renderLayout(user);
    expect(auditLink()).not.toBeInTheDocument();
    unmount();
    renderLayout({ ...user, permissions: [{ realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }] });
    expect(auditLink()).toHaveAttribute('href', '/settings/audit');
  });

  it('hides the market history from other users', () => {
    renderLayout(user);
    expect(screen.getByRole('link', { name: enUsTexts['page.settingsLanguage.title'] })).toBeInTheDocument();
    expect(marketHistoryLink()).not.toBeInTheDocument();
  });
});
