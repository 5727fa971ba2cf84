// Single sign-on per account (docs/decisions/0046). The account admin's settings: GET|PUT /api/account/sso. The login
// page: GET /api/sso/lookup (provider or password?), POST /api/sso/oidc/start (the provider's authorization URL) and
// POST /api/sso/oidc/callback (the page /login/sso posts the provider's answer). The operator's confirmation of a
// domain claim: POST /api/ops/sso/domains/{domain}/confirm.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZSsoCallbackRequest,
  ZSsoCallbackResponse,
  ZSsoDomainConfirmResponse,
  ZSsoDomainParams,
  ZSsoLookupQuery,
  ZSsoLookupResponse,
  ZSsoSettingsRequest,
  ZSsoSettingsResponse,
  ZSsoStartRequest,
  ZSsoStartResponse,
  type TSsoCallbackRequest,
  type TSsoSettingsRequest,
  type TSsoStartRequest,
} from '@bq/contracts/sso';
import { apiErrors } from '../../plugins/openapi';
import { SSO_ERRORS } from './oidc-code-flow';
import { lookupSignInMethod } from './sso-routing';
import { SSO_SETTINGS_ERRORS, assertIssuerPublic, confirmSsoDomain, ssoSettings, updateSsoSettings } from './sso-settings';
import { SSO_SIGN_IN_ERRORS, finishSsoSignIn, startSsoSignIn, verifySsoCallback } from './sso-sign-in';
import { stepBeforeRequestWork } from '../../db/request-work';
import { SSO_SCOPE_ERRORS } from './sso-evaluator';
import { BAD_BODY, FORBIDDEN, FORBIDDEN_WITHOUT_STEP_UP, READ_SSO, UNAUTHORIZED, UPDATE_SSO } from './route-access';
import { samlRoutes } from './saml-routes';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/rate-limit';

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The provider's discovery and code exchange wait on the network: before the unit of work (db/request-work.ts).
  const ssoStart = stepBeforeRequestWork((request, reply) => startSsoSignIn(app.db, app.config, request, reply, request.body as TSsoStartRequest));
  const ssoCallback = stepBeforeRequestWork((request, reply) => verifySsoCallback(app.db, app.config, request, reply, request.body as TSsoCallbackRequest));
  app.get(
    '/api/account/sso',
    {
      config: { ...READ_SSO, audit: false },
      schema: {
        operationId: 'getSsoSettings',
        tags: ['sso'],
        description: "The account's provider (OpenID Connect, or SAML with what to register at the provider), its e-mail domains (and whether an operator confirmed each), sign-on required and the redirect URI to register. The client secret is never returned.",
        response: { 200: ZSsoSettingsResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return ssoSettings(app.db, app.config, request.auth.accountId);
    },
  );

  app.put(
    '/api/account/sso',
    {
      config: {
        ...UPDATE_SSO,
        // Who may sign in, and how: a second proof of the factor if the last is older than 10 minutes (ADR 0045).
        stepUp: true,
        audit: {
          action: 'account.sso_update',
          details: (request) => {
            const body = request.body as { issuer?: string; domains?: string[]; signOnRequired?: boolean; clientSecret?: unknown };
            return { issuer: body.issuer, domains: body.domains, signOnRequired: body.signOnRequired, clientSecretChanged: Boolean(body.clientSecret) };
          },
        },
      },
      // The issuer's address is looked up (DNS) before the unit of work opens: no transaction waits on the resolver.
      preHandler: async (request) => assertIssuerPublic(app.config, (request.body as TSsoSettingsRequest).issuer.trim()),
      schema: {
        operationId: 'updateSsoSettings',
        tags: ['sso'],
        description:
          'Saves the provider (issuer, client id, client secret: stored encrypted; leave it out to keep the stored one), the ' +
          "account's e-mail domains and sign-on required. A domain another account claimed is refused (409, nothing saved). " +
          'A new domain routes no one until a platform operator confirms it. Sign-on required needs a break-glass admin of the account.',
        body: ZSsoSettingsRequest,
        response: {
          200: ZSsoSettingsResponse,
          ...apiErrors({
            400: [...BAD_BODY, SSO_SETTINGS_ERRORS.clientSecretRequired, SSO_SETTINGS_ERRORS.breakGlassUnknown, SSO_SETTINGS_ERRORS.breakGlassRequired, SSO_ERRORS.privateAddress],
            401: UNAUTHORIZED,
            403: FORBIDDEN_WITHOUT_STEP_UP,
            409: [SSO_SETTINGS_ERRORS.domainTaken],
          }),
        },
      },
    },
    async (request) => updateSsoSettings(app.db, app.config, request.auth.accountId, request.body),
  );

  app.get(
    '/api/sso/lookup',
    {
      // Says per domain, not per user, whether a provider signs its users in: nothing about any person.
      config: { public: true, audit: false },
      schema: {
        operationId: 'lookupSignInMethod',
        tags: ['sso'],
        security: [],
        description: "SSO when the address's domain is claimed by an account, confirmed by an operator and its provider is set up; else PASSWORD.",
        querystring: ZSsoLookupQuery,
        response: { 200: ZSsoLookupResponse, ...apiErrors({ 400: ['error.validation'] }) },
      },
    },
    async (request) => {
      return lookupSignInMethod(app.db, request.query.email);
    },
  );

  app.post(
    '/api/sso/oidc/start',
    {
      config: { public: true, audit: { action: 'auth.sso_start' }, rateLimit: SIGN_IN_RATE_LIMIT },
      preHandler: ssoStart.preHandler,
      schema: {
        operationId: 'startSsoSignIn',
        tags: ['sso'],
        security: [],
        description:
          "Starts the authorization code flow (PKCE S256, state, nonce) at the provider of the address's account: answers the " +
          'authorization URL to navigate to and sets the bq_sso cookie (encrypted, HttpOnly, SameSite=Strict, 10 minutes) that the callback needs.',
        body: ZSsoStartRequest,
        response: {
          200: ZSsoStartResponse,
          ...apiErrors({ 400: BAD_BODY, 403: ['error.auth.csrf'], 404: [SSO_SIGN_IN_ERRORS.notAvailable], 502: [SSO_ERRORS.providerUnavailable, SSO_ERRORS.privateAddress] }),
        },
      },
    },
    async (request) => ssoStart.resultOf(request),
  );

  app.post(
    '/api/sso/oidc/callback',
    {
      config: { public: true, audit: { action: 'auth.sign_in_sso', refusedAction: 'auth.sign_in_failed' }, rateLimit: SIGN_IN_RATE_LIMIT },
      preHandler: ssoCallback.preHandler,
      schema: {
        operationId: 'finishSsoSignIn',
        tags: ['sso'],
        security: [],
        description:
          "The provider's answer (the callback page's query string) with the bq_sso cookie: the state must match, the code is " +
          'exchanged with the PKCE verifier, the ID token is verified (signature, issuer, audience, expiry, nonce, verified e-mail). ' +
          'Signs in the evaluator, creating them in the account at the first sign-in. Each attempt works once. The provider ' +
          "speaks only for addresses of the account's confirmed domains (else 401 error.sso.foreign_domain) and never for " +
          'the break-glass admin (403 error.sso.break_glass_password_only).',
        body: ZSsoCallbackRequest,
        response: {
          200: ZSsoCallbackResponse,
          ...apiErrors({
            400: BAD_BODY,
            401: [
              SSO_SIGN_IN_ERRORS.attemptMissing,
              SSO_SIGN_IN_ERRORS.attemptReplayed,
              SSO_SIGN_IN_ERRORS.otherAccount,
              SSO_ERRORS.cancelled,
              SSO_ERRORS.stateMismatch,
              SSO_ERRORS.nonceMismatch,
              SSO_ERRORS.wrongIssuer,
              SSO_ERRORS.wrongAudience,
              SSO_ERRORS.invalidToken,
              SSO_ERRORS.emailNotVerified,
              SSO_ERRORS.invalidEmail,
              SSO_SCOPE_ERRORS.foreignDomain,
              'error.auth.invalid_credentials',
            ],
            403: ['error.auth.csrf', SSO_SCOPE_ERRORS.breakGlassPasswordOnly],
            404: [SSO_SIGN_IN_ERRORS.notAvailable],
            429: ['error.auth.too_many_attempts'],
            502: [SSO_ERRORS.providerUnavailable, SSO_ERRORS.privateAddress],
          }),
        },
      },
    },
    async (request, reply) => finishSsoSignIn(app.db, app.config, request, reply, ssoCallback.resultOf(request)),
  );

  app.post(
    '/api/ops/sso/domains/:domain/confirm',
    {
      config: { operator: true, audit: { action: 'sso.domain_confirm', details: (request) => ({ domain: (request.params as { domain: string }).domain }) } },
      schema: {
        operationId: 'confirmSsoDomain',
        tags: ['sso'],
        description:
          "A platform operator confirms an account's claim of an e-mail domain (after checking the claim outside the product, " +
          "e.g. a DNS record); from then on the login page sends the domain's users to the account's provider.",
        params: ZSsoDomainParams,
        response: {
          200: ZSsoDomainConfirmResponse,
          ...apiErrors({ 400: ['error.validation'], 401: ['error.auth.unauthorized'], 403: ['error.auth.csrf', 'error.auth.operator_required'], 404: ['error.not_found'] }),
        },
      },
    },
    async (request) => confirmSsoDomain(app.db, request.auth.userId, request.params.domain),
  );

  // SAML 2.0 (docs/decisions/0050), in its own scope: only its ACS reads form-encoded bodies.
  await app.register(samlRoutes);
};
