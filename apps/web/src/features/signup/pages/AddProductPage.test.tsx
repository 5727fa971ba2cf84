import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@bq/contracts/user';
import { initTestI18n } from '../../../test/i18n';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AddProductPage } from './AddProductPage';
import { ProductSignUpSuccessPage } from './ProductSignUpSuccessPage';

beforeAll(() => initTestI18n());
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404)));
});

const owner = (overrides: Partial<TUser>) =>
  userOf({ permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }], ...overrides });

function render(page: 'add' | 'sign-up-success', user: TUser) {
  return renderWithProviders(page === 'add' ? <AddProductPage /> : <ProductSignUpSuccessPage />, {
    route: `/BQ_SELECTION/${page}`,
    path: `/:productName/${page}`,
    queryClient: queryClientWithUser(user),
  });
}

describe('adding a product, reached by URL', () => {
  it('offers the button to a self-service account', async () => {
    render('add', owner({ accountType: 'SELF_SERVICE' }));
    expect(await screen.findByTestId('add-product-submit')).toBeInTheDocument();
  });

  it('says an enterprise account gets products by contract, with no button that would fail', async () => {
    render('add', owner({ accountType: 'ENTERPRISE' }));
    expect(await screen.findByTestId('add-product-not-applicable')).toHaveAttribute('data-reason', 'by-contract');
    expect(screen.queryByTestId('add-product-submit')).not.toBeInTheDocument();
  });

  it('says the user has no access to the product instead of adding what they could not open', async () => {
    render('add', userOf({ accountType: 'DEMO', permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }] }));
    expect(await screen.findByTestId('add-product-not-applicable')).toHaveAttribute('data-reason', 'no-permission');
  });

  it('sign-up-success for a product not in an enterprise account says so, without "Add"', async () => {
    render('sign-up-success', owner({ accountType: 'ENTERPRISE' }));
    expect(await screen.findByTestId('product-signup-not-applicable')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument();
  });
});
