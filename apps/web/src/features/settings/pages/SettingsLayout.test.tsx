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

  it('hides the market history from other users', () => {
    renderLayout(user);
    expect(screen.getByRole('link', { name: enUsTexts['page.settingsLanguage.title'] })).toBeInTheDocument();
    expect(marketHistoryLink()).not.toBeInTheDocument();
  });
});
