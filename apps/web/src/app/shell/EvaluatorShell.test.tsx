import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiNavigator } from '../../lib/api-client';
import { RISK_CONFIGURATION_ID, riskProduct, userOf } from '../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../test/i18n';
import { jsonResponse } from '../../test/render';
import { createQueryClient } from '../query-client';
import { routes } from '../router';
import { theme } from '../theme';

const user = userOf({
  permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }],
  products: [
    riskProduct,
    { id: 'cfg-selection', productType: 'BQ_SELECTION', planType: 'TRIAL', invitationValidDays: 30, reviewEveryMonths: 12, reviewNoticeDays: 14 },
  ],
  creditBalance: 1250,
  previousLoginAt: '2026-03-14T09:05:00Z',
});

const fetchMock = vi.fn<typeof fetch>();
let signedIn = true;

beforeAll(() => initTestI18n());

beforeEach(() => {
  signedIn = true;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/user') {
      return signedIn
        ? jsonResponse(user)
        : jsonResponse({ errorKey: 'error.auth.unauthorized', message: 'x' }, 401);
    }
    if (url === '/api/reminders/counts') return jsonResponse({ now: 3, thisMonth: 2, nextMonth: 1 });
    if (url.startsWith('/api/participants?'))
      return jsonResponse({ items: [], total: 0, page: 1, pageSize: 20 });
    if (url === `/api/client/c1/product/${RISK_CONFIGURATION_ID}/profile`) {
      return jsonResponse({
        token: 'c1',
        firstName: 'Anna',
        lastName: 'Müller',
        initials: 'AM',
        email: 'anna@example.com',
        phone: null,
        group: 'PROSPECT',
        locale: 'DE_DE',
        createdAt: '2026-03-14T09:05:00Z',
        active: true,
        productConfigurationId: RISK_CONFIGURATION_ID,
        productType: 'BQ_RISK',
        instances: [],
      });
    }
    if (url === '/api/logout') return jsonResponse({ ok: true });
    if (url === '/api/system/config') {
      return jsonResponse({
        version: '1.0.0',
        demoMode: false,
        locales: ['EN_US', 'EN_UK', 'DE_DE'],
        defaultLocale: 'EN_US',
        passwordPolicy: { minLength: 12, maxLength: 128, minStrength: 3 },
        chunkLoadTimeoutMs: 120000,
        sessionReplay: null,
      });
    }
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The client reads the current URL from window.location, as with the browser router.
  window.history.replaceState(null, '', path);
  setApiNavigator((to) => {
    window.history.replaceState(null, '', to);
    void router.navigate(to);
  });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const text = (key: string) => enUsTexts[key]!;

describe('evaluator shell', () => {
  it('shows the product view with breadcrumb, credits, reminders and a page title', async () => {
    renderApp('/product/BQ_RISK?group=PROSPECT');
    expect(await screen.findByRole('heading', { level: 1, name: 'Risk profiling' })).toBeInTheDocument();

    const breadcrumb = screen.getByTestId('breadcrumb');
    expect(breadcrumb).toHaveTextContent(['Products', 'Risk profiling', 'Clients'].join(''));
    expect(within(breadcrumb).getByRole('link', { name: 'Risk profiling' })).toHaveAttribute(
      'href',
      '/product/BQ_RISK?group=PROSPECT',
    );
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('1,250 credits');
    expect(await screen.findByTestId('reminder-count')).toHaveTextContent('3');
    // The group filter from the URL applies to the client list.
    expect(await screen.findByText(text('clients.noMatch.title'))).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Clients · Risk profiling · BQ Advisory Platform'));
  });

  it("names the client in the breadcrumb once it is loaded, keeping the list's query on the way back", async () => {
    renderApp('/BQ_RISK/client/c1?group=PROSPECT');
    expect(await screen.findByRole('heading', { level: 1, name: 'Müller, Anna' })).toBeInTheDocument();
    const breadcrumb = screen.getByTestId('breadcrumb');
    // The label that names the client loads with its own chunk.
    await waitFor(() =>
      expect(breadcrumb).toHaveTextContent(['Products', 'Risk profiling', 'Müller, Anna'].join('')),
    );
    expect(within(breadcrumb).getByRole('link', { name: 'Risk profiling' })).toHaveAttribute(
      'href',
      '/product/BQ_RISK?group=PROSPECT',
    );
  });

  it('lists only the products the user may open in the switcher', async () => {
    renderApp('/product/BQ_RISK');
    fireEvent.click(await screen.findByTestId('product-switcher'));
    expect(await screen.findByTestId('product-switcher-item-BQ_RISK')).toBeInTheDocument();
    expect(screen.queryByTestId('product-switcher-item-BQ_SELECTION')).not.toBeInTheDocument();
  });

  it('shows a notice instead of a product the user has no permission for', async () => {
    renderApp('/product/BQ_SELECTION');
    expect(await screen.findByTestId('product-access-notice')).toHaveTextContent(
      text('productAccess.noPermission.title'),
    );
  });

  it('treats an unknown product name as page not found', async () => {
    renderApp('/NOT_A_PRODUCT/teams');
    expect(await screen.findByRole('heading', { name: text('notFound.title') })).toBeInTheDocument();
  });

  it('shows who is signed in with the previous login, and logs out to the login page', async () => {
    const router = renderApp('/product/BQ_RISK');
    fireEvent.click(await screen.findByTestId('user-menu-button'));
    expect(await screen.findByTestId('last-sign-in')).toHaveTextContent('Last sign-in: 03/14/2026 9:05 AM');
    expect(screen.getByTestId('user-menu-identity')).toHaveTextContent('Demo Advisory');
    fireEvent.click(screen.getByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/logout' && init?.method === 'POST')).toBe(
      true,
    );
  });

  it('sends a visitor without a session to login, remembering where they wanted to go', async () => {
    signedIn = false;
    const router = renderApp('/BQ_RISK/teams?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectUrl')).toBe('/BQ_RISK/teams?x=1');
  });

  it('redirects / to the current product and /settings to the password page', async () => {
    const router = renderApp('/');
    // The redirects wait for lazily loaded routes: on a busy machine that takes longer than waitFor's default second.
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/BQ_RISK'), { timeout: 5000 });
    await router.navigate('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/password'), { timeout: 5000 });
    expect(await screen.findByLabelText(text('settings.password.current'))).toBeInTheDocument();
  });
});
