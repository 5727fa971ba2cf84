// Buying credits (spec section 7 "Payment and other", DESIGN.md section 5, docs/decisions/0024-payments.md):
// GET /api/payment/configurations, GET /api/payment/pay/{id} (browser navigation), GET /api/payment/checkout/{userReference},
// the sandbox provider's page calls and the providers' webhooks.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_ERRORS,
  ZCheckoutParams,
  ZCheckoutStatus,
  ZPayParams,
  ZPayQuery,
  ZPaymentConfigurationsQuery,
  ZPaymentConfigurationsResponse,
  ZSandboxConfirmResponse,
  ZSandboxSession,
  ZSandboxSessionParams,
  ZWebhookParams,
  ZWebhookResponse,
} from '@bq/contracts/billing';
import { apiErrors } from '../../plugins/openapi';
import { getCheckoutStatus } from './checkout-status';
import { BUY_CREDITS, SEE_PRICES, listPaymentConfigurations } from './payment-configurations';
import { confirmSandboxSession, getSandboxSession } from './sandbox';
import { startCheckout } from './start-checkout';
import { SIGNATURE_HEADER, applyPaymentEvent, verifyWebhook } from './webhook';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Realm = the product's; entity/action INDIVIDUAL_RESULTS/READ, checked in the service.
  app.get(
    '/api/payment/configurations',
    {
      config: { audit: false, productPermission: { ...SEE_PRICES, product: { productType: 'query.productType' } } },
      schema: {
        operationId: 'getPaymentConfigurations',
        tags: ['payment'],
        description: "The packages on sale for a product type (pay-as-you-go, enterprise, trial), priced in the buyer's currency.",
        querystring: ZPaymentConfigurationsQuery,
        response: {
          200: ZPaymentConfigurationsResponse,
          ...apiErrors({ 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'], 404: ['error.not_found'] }),
        },
      },
    },
    async (request) => listPaymentConfigurations(app.db, app.config, request.auth, request.product),
  );

  // Realm = the configuration's product; BUY_CREDITS (INDIVIDUAL_RESULTS/CREATE), checked in the service. A GET only
  // because the spec makes it a browser navigation: it writes (a checkout), so the access matrix treats it as a write.
  app.get(
    '/api/payment/pay/:id',
    {
      config: { audit: { action: 'billing.checkout_start', details: (r) => ({ paymentConfigurationId: (r.params as { id?: string }).id }) }, productPermission: BUY_CREDITS, writes: true },
      schema: {
        operationId: 'startPayment',
        tags: ['payment'],
        description:
          "Browser navigation: starts a checkout of a pay-as-you-go package and redirects (303) to the provider's hosted page " +
          '(Stripe Checkout, or the sandbox page). returnTo: a page of this app to offer after paying. Needs INDIVIDUAL_RESULTS/CREATE.',
        params: ZPayParams,
        querystring: ZPayQuery,
        response: {
          303: z.null().describe('Redirect (Location) to the hosted checkout page'),
          ...apiErrors({
            401: ['error.auth.unauthorized'],
            403: ['error.auth.forbidden'],
            404: ['error.not_found'],
            409: [BILLING_ERRORS.notPayable],
            502: [BILLING_ERRORS.providerFailed],
            503: [BILLING_ERRORS.unavailable],
          }),
        },
      },
    },
    async (request, reply) => {
      const url = await startCheckout(app.db, app.config, request.auth, request.params.id, request.query.returnTo, request.log);
      return reply.redirect(url, 303);
    },
  );

  // Any signed-in user; scoped by account (another account's reference is 404).
  app.get(
    '/api/payment/checkout/:userReference',
    {
      config: { audit: false, signedIn: true },
      schema: {
        operationId: 'getCheckoutStatus',
        tags: ['payment'],
        description: 'A checkout of the caller\'s account: PENDING until the provider\'s webhook arrived, then PAID, with the balance.',
        params: ZCheckoutParams,
        response: { 200: ZCheckoutStatus, ...apiErrors({ 401: ['error.auth.unauthorized'], 404: ['error.not_found'] }) },
      },
    },
    async (request) => getCheckoutStatus(app.db, request.auth, request.params.userReference),
  );

  app.get(
    '/api/payment/sandbox/:sessionId',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'getSandboxSession',
        tags: ['payment'],
        description: 'The sandbox provider\'s hosted page (no real payment). 404 unless PAYMENT_PROVIDER is sandbox.',
        params: ZSandboxSessionParams,
        response: { 200: ZSandboxSession, ...apiErrors({ 404: ['error.not_found'] }) },
      },
    },
    async (request) => getSandboxSession(app.db, app.config, request.params.sessionId),
  );

  app.post(
    '/api/payment/sandbox/:sessionId/confirm',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'confirmSandboxSession',
        tags: ['payment'],
        description: 'The buyer confirms on the sandbox page: the sandbox sends its signed webhook, then the browser goes to checkout_success.',
        params: ZSandboxSessionParams,
        response: { 200: ZSandboxConfirmResponse, ...apiErrors({ 403: ['error.auth.csrf'], 404: ['error.not_found'] }) },
      },
    },
    async (request) =>
      confirmSandboxSession(app.db, app.config, request.params.sessionId, async (payload, signature) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/payment/webhook/sandbox',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER.sandbox]: signature },
          payload,
        });
        return res.statusCode;
      }),
  );

  // The webhooks read the body as it arrived: the signature covers its exact bytes.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/payment/webhook/:provider',
      {
        // The provider's servers deliver bursts from few addresses; the signature check is the gate, this only a ceiling.
      config: { audit: false, public: true, webhook: true, rateLimit: { perMinute: 600 } },
        schema: {
          operationId: 'paymentWebhook',
          tags: ['payment'],
          description:
            "A payment provider's signed event (Stripe: header Stripe-Signature; sandbox: X-Sandbox-Signature). " +
            'checkout.session.completed of a paid checkout credits the account once per event id and once per checkout.',
          params: ZWebhookParams,
          response: {
            200: ZWebhookResponse,
            ...apiErrors({ 400: [BILLING_ERRORS.signatureInvalid, 'error.validation'], 404: ['error.not_found'], 415: ['error.request.unsupported_media_type'] }),
          },
        },
      },
      async (request) => {
        const provider = request.params.provider;
        const signature = request.headers[SIGNATURE_HEADER[provider]];
        const event = verifyWebhook(provider, app.config, typeof request.body === 'string' ? request.body : '', typeof signature === 'string' ? signature : undefined);
        return applyPaymentEvent(app.db, provider, event, request.log);
      },
    );
  });
};
