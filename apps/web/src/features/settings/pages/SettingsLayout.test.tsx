import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '@bq/contracts/user';
import { createQueryClient } from '../../../app/query-client';
import { currentUserQueryKey } from '../../../lib/query-keys';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { SettingsLayout } from './SettingsLayout';

const user: TUser = {
  id: 'u1',
  email: 'maria@demo.example',
  firstName: 'Maria',
  lastName: 'Berger',
  initials: 'MB',
  locale: 'EN_US',
  permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }],
  accountId: 'a1',
  accountName: 'Demo Advisory',
  accountType: 'DEMO',
  products: [],
  currentProduct: null,
  creditBalance: 0,
  previousLoginAt: null,
};

beforeAll(() => initTestI18n());

function renderLayout(signedIn: TUser) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, signedIn);
  return renderWithProviders(<SettingsLayout />, { route: '/settings/password', queryClient });
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
