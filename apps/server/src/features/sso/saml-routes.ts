// SAML 2.0 single sign-on per account (docs/decisions/0050). The account admin's settings: PUT /api/account/sso/saml
// (GET /api/account/sso shows them). The provider's side: GET /api/sso/saml/{accountId}/metadata (the SP metadata) and
// POST /api/sso/saml/{accountId}/acs (the provider's page posts the SAMLResponse). The login page: POST
// /api/sso/saml/start (the AuthnRequest's URL at the provider).
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSamlAccountParams, ZSamlAcsRequest, ZSamlSettingsRequest, ZSamlStartRequest, ZSamlStartResponse } from '@bq/contracts/saml';
import { ZSsoSettingsResponse } from '@bq/contracts/sso';
import { AppError } from '../../app-error';
import { accounts } from '../../db/schema';
import { apiErrors } from '../../plugins/openapi';
import { SAML_ERRORS } from './saml-assertion';
import { SAML_SETTINGS_ERRORS } from './saml-connection';
import { serviceProviderMetadata } from './saml-service-provider';
import { SAML_REFUSED_PATH, finishSamlSignIn, startSamlSignIn } from './saml-sign-in';
import { updateSamlSettings } from './saml-settings';
import { BAD_BODY, FORBIDDEN_WITHOUT_STEP_UP, UNAUTHORIZED, UPDATE_SSO } from './route-access';
import { SSO_SETTINGS_ERRORS } from './sso-settings';
import { SSO_SIGN_IN_ERRORS } from './sso-sign-in';
import { SSO_SCOPE_ERRORS } from './sso-evaluator';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/rate-limit';

/** Refusals of the ACS: the browser is redirected to /login/sso?samlError=<one of these>. */
const ACS_REFUSALS = [
  SAML_ERRORS.invalidSignature,
  SAML_ERRORS.wrongRecipient,
  SAML_ERRORS.expired,
  SAML_ERRORS.unknownRequest,
  SAML_ERRORS.browserMismatch,
  SAML_ERRORS.replayed,
  SAML_ERRORS.weakAlgorithm,
  SAML_ERRORS.foreignDomain,
  SSO_SCOPE_ERRORS.breakGlassPasswordOnly,
  'error.sso.wrong_audience',
  'error.sso.wrong_issuer',
  'error.sso.invalid_token',
  'error.sso.invalid_email',
  'error.sso.cancelled',
  SSO_SIGN_IN_ERRORS.notAvailable,
  SSO_SIGN_IN_ERRORS.otherAccount,
  'error.auth.invalid_credentials',
  'error.auth.too_many_attempts',
];

export const samlRoutes: FastifyPluginAsyncZod = async (app) => {
  // The provider's page posts an HTML form (HTTP-POST binding); only these routes read form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_000_000 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.put(
    '/api/account/sso/saml',
    {
      config: {
        ...UPDATE_SSO,
        stepUp: true,
        audit: {
          action: 'account.sso_update',
          details: (request) => {
            const body = request.body as { idpEntityId?: string; ssoUrl?: string; domains?: string[]; signOnRequired?: boolean };
            return { protocol: 'SAML', idpEntityId: body.idpEntityId, ssoUrl: body.ssoUrl, domains: body.domains, signOnRequired: body.signOnRequired };
          },
        },
      },
      schema: {
        operationId: 'updateSamlSettings',
        tags: ['sso'],
        description:
          "Saves the account's SAML identity provider (entity id, SSO URL, signing certificate as PEM or base64) with the " +
          "account's e-mail domains, sign-on required and the break-glass admin, and makes SAML the account's sign-in " +
          'protocol. A domain another account claimed is refused (409, nothing saved); a new domain routes no one until a platform operator confirms it.',
        body: ZSamlSettingsRequest,
        response: {
          200: ZSsoSettingsResponse,
          ...apiErrors({
            400: [...BAD_BODY, SAML_SETTINGS_ERRORS.invalidCertificate, SSO_SETTINGS_ERRORS.breakGlassUnknown, SSO_SETTINGS_ERRORS.breakGlassRequired],
            401: UNAUTHORIZED,
            403: FORBIDDEN_WITHOUT_STEP_UP,
            409: [SSO_SETTINGS_ERRORS.domainTaken],
          }),
        },
      },
    },
    async (request) => updateSamlSettings(app.db, app.config, request.auth.accountId, request.body),
  );

  app.get(
    '/api/sso/saml/:accountId/metadata',
    {
      // What any identity provider may read about this app: entity id, ACS URL, that assertions must be signed.
      config: { public: true, audit: false },
      schema: {
        operationId: 'getSamlMetadata',
        tags: ['sso'],
        security: [],
        description:
          "The account's SAML service provider metadata (application/samlmetadata+xml): entity id (this address), the ACS URL " +
          '(HTTP-POST binding), NameID format e-mail address, WantAssertionsSigned. Upload it to the identity provider.',
        params: ZSamlAccountParams,
        response: { 200: z.string().describe('SAML 2.0 EntityDescriptor (XML)'), ...apiErrors({ 400: ['error.validation'], 404: ['error.not_found'] }) },
      },
    },
    async (request, reply) => {
      const [account] = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, request.params.accountId)).limit(1);
      if (!account) throw new AppError('error.not_found', 404, 'No such account');
      reply.type('application/samlmetadata+xml; charset=utf-8');
      return serviceProviderMetadata(app.config, account.id);
    },
  );

  app.post(
    '/api/sso/saml/start',
    {
      config: { public: true, audit: { action: 'auth.sso_start' }, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        operationId: 'startSamlSignIn',
        tags: ['sso'],
        security: [],
        description:
          "Starts an SP-initiated sign-in at the SAML provider of the address's account: answers the provider's SSO URL with " +
          'the AuthnRequest (HTTP-Redirect binding). The request id is kept server side for ten minutes; the answer must name it, once. ' +
          'Sets the __Secure-bq_saml cookie (bq_saml on plain http; HttpOnly, path /api/sso/saml, ten minutes; SameSite=None; Secure on https, Lax on http): the ' +
          'answer is accepted only when posted by the browser holding it (decision 0073).',
        body: ZSamlStartRequest,
        response: { 200: ZSamlStartResponse, ...apiErrors({ 400: BAD_BODY, 403: ['error.auth.csrf'], 404: [SSO_SIGN_IN_ERRORS.notAvailable] }) },
      },
    },
    async (request, reply) => startSamlSignIn(app.db, app.config, request, reply, request.body),
  );

  app.post(
    '/api/sso/saml/:accountId/acs',
    {
      // The provider's page posts here cross-site: no X-Source can come, the signed assertion is the credential.
      config: { public: true, webhook: true, audit: { action: 'auth.sign_in_sso', refusedAction: 'auth.sign_in_failed' }, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        operationId: 'finishSamlSignIn',
        tags: ['sso'],
        security: [],
        description:
          'The Assertion Consumer Service (HTTP-POST binding, form-encoded SAMLResponse). The assertion must be signed by the ' +
          "account's provider certificate and name this app as audience, this ACS URL as recipient (and Destination), an " +
          'open AuthnRequest of this app as InResponseTo (spent now), started by the browser posting it (its bq_saml cookie; an ' +
          'IdP-initiated answer is refused), and be within NotBefore/NotOnOrAfter; an assertion id is ' +
          "accepted once. The address must be of the account's confirmed domains. Signs in (creating the evaluator at the first " +
          `sign-in) and redirects (303) into the app; a refusal redirects to ${SAML_REFUSED_PATH}?samlError=<errorKey>, ` +
          `one of: ${ACS_REFUSALS.join(', ')}.`,
        params: ZSamlAccountParams,
        body: ZSamlAcsRequest,
        consumes: ['application/x-www-form-urlencoded'],
        response: {
          303: z.null().describe('Redirect (Location): into the app, to /login/sso?secondFactor=1, or to /login/sso?samlError=<errorKey>'),
          ...apiErrors({ 400: ['error.validation'] }),
        },
      },
    },
    async (request, reply) => {
      const location = await finishSamlSignIn(app.db, app.config, request, reply, request.params.accountId, request.body.SAMLResponse);
      // Answered once the sign-in's unit of work committed (a redirect sent from here would leave before the session).
      reply.code(303).header('location', location);
      return null;
    },
  );
};
