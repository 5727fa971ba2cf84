// Every route of spec section 2, with the spec's paths. Evaluator pages sit in the main container (loads the
// signed-in user) and the evaluator shell; public pages sit in a light public layout. Every page is a lazy chunk
// with a time limit; routes carry their page title and breadcrumb in `handle`.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import {
  Navigate,
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type Params,
  type RouteObject,
} from 'react-router';
import { PRODUCT_TYPE_INFO, isProductType } from '@bq/domain/product-types';
import { setApiNavigator } from '../lib/api-client';
import { documentNavigation } from '../lib/document-navigation';
import { currentUserQueryOptions } from '../lib/api/get-current-user';
import { importWithTimeout } from '../lib/lazy-import';
import { FullPageLoader } from '../components/ui/FullPageLoader';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { CrumbText } from './CrumbText';
import { HomeRedirect } from './HomeRedirect';
import { ProductAccessRoute } from './ProductAccessRoute';
import { ProductIndexRedirect } from './ProductIndexRedirect';
import { ProductRoute } from './ProductRoute';
import { queryClient } from './query-client';
import { importClientListPage, importEvaluatorShell, importMainContainer, preload } from './route-modules';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import type { Crumb, RouteHandle } from './route-handle';

/** A lazy route module exporting the page component under `name`. */
function page<K extends string>(importer: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => {
    const module = await importWithTimeout(importer);
    return { Component: module[name] };
  };
}

// The crumb labels that name a client, an interaction or a result load with their own chunk (they bring the
// queries of those pages), so the login page does not carry them; until then the crumb shows its generic name.
const ClientCrumbLabel = lazy(() =>
  import('../features/clients/components/ClientCrumbLabel').then((m) => ({ default: m.ClientCrumbLabel })),
);
const InteractionCrumbLabel = lazy(() =>
  import('../features/clients/interactions/components/InteractionCrumbLabel').then((m) => ({
    default: m.InteractionCrumbLabel,
  })),
);
const ResultCrumbLabel = lazy(() =>
  import('../features/results/components/ResultCrumbLabel').then((m) => ({ default: m.ResultCrumbLabel })),
);
const lazyLabel = (label: ReactNode, fallbackKey: string) => (
  <Suspense fallback={<CrumbText labelKey={fallbackKey} />}>{label}</Suspense>
);

const productsCrumb: Crumb = { labelKey: 'page.products.title', to: '/product' };

function productCrumb(params: Params): Crumb[] {
  const productName = params.productName ?? '';
  if (!isProductType(productName)) return [];
  return [{ labelKey: PRODUCT_TYPE_INFO[productName].nameKey, to: `/product/${productName}` }];
}

const handle = (value: RouteHandle): RouteHandle => value;

/** The path this document was loaded at (the app's first page). */
const DOCUMENT_PATH = typeof window === 'undefined' ? '' : window.location.pathname.replace(/\/+$/, '');

/**
 * A document load of the sign-in page, which the server sends from its own entry. Should the server have sent this
 * app for /login itself (a build without the sign-in entry), loading it again would loop: the app says so instead.
 */
function loadSignInPage(url: string): null {
  if (DOCUMENT_PATH === '/login') throw new Error('the sign-in page (signin.html) is missing from the web build');
  documentNavigation.assign(url);
  return null;
}
const crumb = (labelKey: string, to?: (params: Params) => string) =>
  handle({ titleKey: labelKey, crumbs: (params) => [{ labelKey, to: to?.(params) }] });

const clientPath = (params: Params) => `/${params.productName}/client/${params.clientToken}`;

/** The client's entry: its name once the client is loaded, "Client" until then. */
function clientCrumbs(params: Params): Crumb[] {
  const labelKey = 'page.client.title';
  const label = (
    <ClientCrumbLabel
      productName={params.productName ?? ''}
      clientToken={params.clientToken ?? ''}
      fallbackKey={labelKey}
    />
  );
  return [{ labelKey, label: lazyLabel(label, labelKey), to: clientPath(params) }];
}

/** The interaction's entry: "Questionnaire of <date>" once the instance is loaded, "Interaction" until then. */
function interactionCrumbs(params: Params): Crumb[] {
  const labelKey = 'page.interaction.title';
  const label = (
    <InteractionCrumbLabel token={params.interactionInstanceToken ?? ''} fallbackKey={labelKey} />
  );
  return [{ labelKey, label: lazyLabel(label, labelKey) }];
}

/** The result's entry: "Result of <completed date>" once the dashboard is loaded, "Result" until then. */
function resultCrumbs(params: Params): Crumb[] {
  const labelKey = 'page.result.title';
  const label = <ResultCrumbLabel token={params.interactionInstanceToken ?? ''} fallbackKey={labelKey} />;
  return [{ labelKey, label: lazyLabel(label, labelKey) }];
}

/** /product/... : the product list, the product view (client list) and the data export. */
const productRoutes: RouteObject = {
  path: 'product',
  handle: handle({ crumbs: () => [productsCrumb] }),
  children: [
    {
      index: true,
      handle: handle({ titleKey: 'page.products.title' }),
      lazy: page(() => import('../features/products/pages/ProductListPage'), 'ProductListPage'),
    },
    {
      path: ':productName',
      Component: ProductRoute,
      handle: handle({ crumbs: productCrumb }),
      children: [
        {
          Component: ProductAccessRoute,
          children: [
            {
              index: true,
              handle: crumb('page.clients.title'),
              lazy: page(importClientListPage, 'ClientListPage'),
            },
            {
              path: 'export',
              handle: crumb('page.export.title'),
              lazy: page(() => import('../features/export/pages/DataExportPage'), 'DataExportPage'),
            },
          ],
        },
      ],
    },
  ],
};

/** /{productName}/... : everything else that belongs to one product. */
const productScopedRoutes: RouteObject = {
  path: ':productName',
  Component: ProductRoute,
  handle: handle({ crumbs: (params) => [productsCrumb, ...productCrumb(params)] }),
  children: [
    { index: true, Component: ProductIndexRedirect },
    // Adding a product and the sign-up / checkout confirmations concern products the user may not have yet.
    {
      path: 'add',
      handle: crumb('page.addProduct.title'),
      lazy: page(() => import('../features/signup/pages/AddProductPage'), 'AddProductPage'),
    },
    {
      path: 'sign-up-success',
      handle: crumb('page.productSignUpSuccess.title'),
      lazy: page(
        () => import('../features/signup/pages/ProductSignUpSuccessPage'),
        'ProductSignUpSuccessPage',
      ),
    },
    {
      path: 'checkout_success/:userReference',
      handle: crumb('page.checkoutSuccess.title'),
      lazy: page(() => import('../features/billing/pages/CheckoutSuccessPage'), 'CheckoutSuccessPage'),
    },
    {
      Component: ProductAccessRoute,
      children: [
        {
          path: 'teams',
          handle: handle({
            crumbs: (params) => [{ labelKey: 'page.teams.title', to: `/${params.productName}/teams` }],
          }),
          children: [
            {
              index: true,
              handle: handle({ titleKey: 'page.teams.title' }),
              lazy: page(() => import('../features/teams/pages/TeamsPage'), 'TeamsPage'),
            },
            {
              path: 'comparison',
              handle: crumb('page.teamComparison.title'),
              lazy: page(() => import('../features/teams/pages/TeamComparisonPage'), 'TeamComparisonPage'),
            },
            {
              path: ':teamId/dashboard',
              handle: crumb('page.teamDashboard.title'),
              lazy: page(() => import('../features/teams/pages/TeamDashboardPage'), 'TeamDashboardPage'),
            },
            {
              path: 'campaign/:campaignId',
              handle: crumb('page.repeatedMeasurement.title'),
              lazy: page(
                () => import('../features/repeated-measurements/pages/CampaignPage'),
                'CampaignPage',
              ),
            },
          ],
        },
        {
          path: 'comparison',
          handle: crumb('page.comparison.title'),
          lazy: page(() => import('../features/comparison/pages/ComparisonPage'), 'ComparisonPage'),
        },
        {
          path: 'weights',
          handle: crumb('page.weights.title'),
          lazy: page(() => import('../features/weights/pages/WeightsPage'), 'WeightsPage'),
        },
        {
          path: 'fairness',
          handle: crumb('fairness.menu'),
          lazy: page(() => import('../features/fairness/pages/FairnessPage'), 'FairnessPage'),
        },
        {
          path: 'bi',
          handle: crumb('page.bi.title'),
          lazy: page(() => import('../features/bi/pages/BiPage'), 'BiPage'),
        },
        {
          // The purchase choice (docs/decisions/0024-payments.md): the spec names no route for it.
          path: 'credits',
          handle: crumb('page.buyCredits.title'),
          lazy: page(() => import('../features/billing/pages/BuyCreditsPage'), 'BuyCreditsPage'),
        },
        {
          path: 'client',
          children: [
            {
              index: true,
              handle: crumb('page.clientCreate.title'),
              lazy: page(() => import('../features/clients/pages/CreateClientPage'), 'CreateClientPage'),
            },
            {
              path: 'import',
              handle: crumb('page.clientImport.title'),
              lazy: page(() => import('../features/clients/pages/ClientImportPage'), 'ClientImportPage'),
            },
            {
              path: ':clientToken',
              handle: handle({ crumbs: clientCrumbs }),
              children: [
                {
                  index: true,
                  handle: handle({ titleKey: 'page.client.title' }),
                  lazy: page(() => import('../features/clients/pages/ClientViewPage'), 'ClientViewPage'),
                },
                {
                  path: 'interaction/:interactionInstanceToken',
                  handle: handle({ titleKey: 'page.interaction.title', crumbs: interactionCrumbs }),
                  lazy: page(
                    () => import('../features/clients/interactions/pages/InteractionActionsPage'),
                    'InteractionActionsPage',
                  ),
                },
                {
                  path: 'dashboard/:interactionInstanceToken',
                  handle: handle({ titleKey: 'page.result.title', crumbs: resultCrumbs }),
                  lazy: page(
                    () => import('../features/results/pages/ResultDashboardPage'),
                    'ResultDashboardPage',
                  ),
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const settingsRoutes: RouteObject = {
  path: 'settings',
  handle: handle({ crumbs: () => [{ labelKey: 'page.settings.title', to: '/settings/password' }] }),
  lazy: page(() => import('../features/settings/pages/SettingsLayout'), 'SettingsLayout'),
  children: [
    { index: true, element: <Navigate to="password" replace /> },
    {
      path: 'password',
      handle: crumb('page.settingsPassword.title'),
      lazy: page(() => import('../features/settings/pages/ChangePasswordPage'), 'ChangePasswordPage'),
    },
    {
      path: 'security',
      handle: crumb('page.settingsSecurity.title'),
      lazy: page(() => import('../features/two-factor/pages/SecuritySettingsPage'), 'SecuritySettingsPage'),
    },
    {
      path: 'sso',
      handle: crumb('page.settingsSso.title'),
      lazy: page(() => import('../features/sso/pages/SsoSettingsPage'), 'SsoSettingsPage'),
    },
    {
      path: 'branding',
      handle: crumb('page.settingsBranding.title'),
      lazy: page(() => import('../features/branding/pages/BrandingSettingsPage'), 'BrandingSettingsPage'),
    },
    {
      path: 'start-links',
      handle: crumb('page.settingsPublicLinks.title'),
      lazy: page(() => import('../features/public-links/pages/PublicLinksSettingsPage'), 'PublicLinksSettingsPage'),
    },
    {
      path: 'language',
      handle: crumb('page.settingsLanguage.title'),
      lazy: page(() => import('../features/settings/pages/LanguageSettingsPage'), 'LanguageSettingsPage'),
    },
    {
      path: 'anonymisation',
      handle: crumb('page.settingsAnonymisation.title'),
      lazy: page(
        () => import('../features/anonymisation/pages/AnonymisationSettingsPage'),
        'AnonymisationSettingsPage',
      ),
    },
    {
      path: 'privacy',
      handle: crumb('page.settingsPrivacy.title'),
      lazy: page(() => import('../features/privacy-policy/pages/PrivacyPolicyPage'), 'PrivacyPolicyPage'),
    },
    {
      path: 'api',
      handle: crumb('page.settingsApi.title'),
      lazy: page(() => import('../features/api-credentials/pages/ApiCredentialsPage'), 'ApiCredentialsPage'),
    },
    {
      path: 'webhooks',
      handle: crumb('page.settingsWebhooks.title'),
      lazy: page(() => import('../features/webhooks/pages/WebhooksPage'), 'WebhooksPage'),
    },
    {
      path: 'crm',
      handle: crumb('page.settingsCrm.title'),
      lazy: page(() => import('../features/crm/pages/CrmPage'), 'CrmPage'),
    },
    {
      path: 'provisioning',
      handle: crumb('page.settingsProvisioning.title'),
      lazy: page(() => import('../features/scim/pages/ProvisioningSettingsPage'), 'ProvisioningSettingsPage'),
    },
    {
      path: 'audit',
      handle: crumb('page.settingsAudit.title'),
      lazy: page(() => import('../features/audit/pages/AuditTrailPage'), 'AuditTrailPage'),
    },
    {
      path: 'retention',
      handle: crumb('page.settingsRetention.title'),
      lazy: page(() => import('../features/retention/pages/RetentionSettingsPage'), 'RetentionSettingsPage'),
    },
    {
      path: 'market-history',
      handle: crumb('page.settingsMarketHistory.title'),
      lazy: page(
        () => import('../features/market-history/pages/MarketHistorySettingsPage'),
        'MarketHistorySettingsPage',
      ),
    },
  ],
};

/**
 * Runs when the signed-in part of the app is entered (at start or after sign-in), in parallel with the main
 * container's chunk: starts loading the user and the shell instead of after one another; on "/", also the client
 * list the home page usually leads to. A URL naming no known product is "not found" for everyone: nothing to load.
 */
function startSignedInLoads({ params, request }: LoaderFunctionArgs): null {
  if (params.productName !== undefined && !isProductType(params.productName)) return null;
  void queryClient.prefetchQuery(currentUserQueryOptions());
  preload(importEvaluatorShell);
  if (new URL(request.url).pathname === '/') preload(importClientListPage);
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        path: '/',
        loader: startSignedInLoads,
        shouldRevalidate: () => false,
        lazy: page(importMainContainer, 'MainContainer'),
        children: [
          { index: true, Component: HomeRedirect },
          {
            lazy: page(importEvaluatorShell, 'EvaluatorShell'),
            children: [
              {
                // Errors below the shell render inside it, so the header and menu stay usable.
                ErrorBoundary: RouteErrorBoundary,
                children: [
                  productRoutes,
                  productScopedRoutes,
                  settingsRoutes,
                  {
                    path: 'icons',
                    handle: crumb('page.icons.title'),
                    lazy: page(() => import('../features/internal/pages/IconsPage'), 'IconsPage'),
                  },
                  {
                    path: 'translations',
                    handle: crumb('page.translations.title'),
                    lazy: page(
                      () => import('../features/internal/pages/TranslationsPage'),
                      'TranslationsPage',
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // The sign-in page is an entry of its own (signin.html, docs/decisions/0085): reaching it from inside the app
        // (sign-out, an ended session, a link) loads that page.
        path: 'login',
        handle: handle({ titleKey: 'page.login.title' }),
        loader: ({ request }) => loadSignInPage(request.url),
        Component: FullPageLoader,
      },
      {
        // Sign in with Google: the issuer sends the browser back here with the ID token in the fragment.
        path: 'login/google',
        handle: handle({ titleKey: 'googleCallback.title' }),
        lazy: page(() => import('../features/auth/pages/GoogleCallbackPage'), 'GoogleCallbackPage'),
      },
      {
        // Single sign-on: the account's identity provider sends the browser back here (the redirect URI).
        path: 'login/sso',
        handle: handle({ titleKey: 'sso.callback.title' }),
        lazy: page(() => import('../features/sso/pages/SsoCallbackPage'), 'SsoCallbackPage'),
      },
      {
        // A firm's public start link (docs/decisions/0092): no frame around it, since its website may embed it.
        path: 'start/verify/:token',
        handle: handle({ titleKey: 'page.publicStartVerify.title' }),
        lazy: page(() => import('../features/public-links/pages/PublicStartVerifyPage'), 'PublicStartVerifyPage'),
      },
      {
        path: 'start/:publicId',
        handle: handle({ titleKey: 'page.publicStart.title' }),
        lazy: page(() => import('../features/public-links/pages/PublicStartPage'), 'PublicStartPage'),
      },
      // Registration lives at /signup/ext; /to_signup keeps old links and the query (e.g. a product) working.
      { path: 'to_signup', loader: ({ request }) => redirect(`/signup/ext${new URL(request.url).search}`) },
      {
        lazy: page(() => import('./PublicLayout'), 'PublicLayout'),
        children: [
          {
            path: 'signup/ext',
            handle: handle({ titleKey: 'page.signup.title' }),
            lazy: page(() => import('../features/signup/pages/SignupPage'), 'SignupPage'),
          },
          {
            // The texts sign-up asks to accept (issue 22): the platform's terms and its default privacy notice.
            path: 'terms',
            handle: handle({ titleKey: 'legal.terms.title' }),
            lazy: page(() => import('../features/legal/pages/LegalPage'), 'TermsPage'),
          },
          {
            path: 'privacy',
            handle: handle({ titleKey: 'legal.privacy.title' }),
            lazy: page(() => import('../features/legal/pages/LegalPage'), 'PlatformPrivacyPage'),
          },
          {
            path: 'signup/benchmark/ext',
            handle: handle({ titleKey: 'page.signupBenchmark.title' }),
            lazy: page(() => import('../features/signup/pages/BenchmarkSignupPage'), 'BenchmarkSignupPage'),
          },
          {
            path: 'signup/success',
            handle: handle({ titleKey: 'page.signupSuccess.title' }),
            lazy: page(() => import('../features/signup/pages/SignupSuccessPage'), 'SignupSuccessPage'),
          },
          {
            path: 'verify/:emailVerificationToken',
            handle: handle({ titleKey: 'page.verifyEmail.title' }),
            lazy: page(
              () => import('../features/email-verification/pages/EmailVerificationPage'),
              'EmailVerificationPage',
            ),
          },
          {
            // The developer mailbox of the embedded mode (docs/decisions/0010-mail.md); elsewhere its API is 404.
            path: 'dev/mailbox',
            handle: handle({ titleKey: 'page.devMailbox.title' }),
            lazy: page(() => import('../features/dev-mailbox/pages/DevMailboxPage'), 'DevMailboxPage'),
          },
          {
            path: 'password/recovery',
            handle: handle({ titleKey: 'page.passwordRecovery.title' }),
            lazy: page(
              () => import('../features/password-recovery/pages/PasswordRecoveryPage'),
              'PasswordRecoveryPage',
            ),
          },
          {
            path: 'password/reset/complete',
            handle: handle({ titleKey: 'page.passwordResetComplete.title' }),
            lazy: page(
              () => import('../features/password-recovery/pages/PasswordResetCompletePage'),
              'PasswordResetCompletePage',
            ),
          },
          {
            // The built-in sandbox payment provider's hosted page (docs/decisions/0024-payments.md).
            path: 'sandbox-checkout/:sessionId',
            handle: handle({ titleKey: 'page.sandboxCheckout.title' }),
            lazy: page(() => import('../features/billing/pages/SandboxCheckoutPage'), 'SandboxCheckoutPage'),
          },
          // Not lazy on purpose: the guards and error boundaries render it too, and it must show even when
          // chunks cannot be fetched.
          { path: '*', handle: handle({ titleKey: 'page.notFound.title' }), Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setApiNavigator((to) => {
    const { pathname, search } = router.state.location;
    if (pathname + search !== to) void router.navigate(to);
  });
  return router;
}
