// The account's own sender and host names (docs/decisions/0056). The account admin: GET|PUT|DELETE /api/account/sender.
// The platform operator: PUT /api/ops/accounts/{id}/branding (host names, powered-by line). Caddy's on-demand TLS:
// GET /api/system/tls-allowed?domain= (200 only for an assigned host name).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRANDING_ERRORS, SENDER_ERRORS, ZAccountIdParams, ZBranding, ZOperatorBrandingRequest, ZSenderSettings, ZTlsAllowedQuery, ZUpdateSenderRequest } from '@bq/contracts/branding';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import { apiErrors } from '../../plugins/openapi';
import { accountOfHost } from './brand-lookup';
import { senderSettings, testNewSender, updateOperatorBranding, updateSenderSettings } from './sender-settings';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required', 'error.two_factor.enrolment_required', 'error.two_factor.step_up_required'];
const READ = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' } } as const;
// Where the account's mails leave from, with a password: a fresh second factor, as for single sign-on (ADR 0045).
const UPDATE = { sessionOnly: true, stepUp: true, permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' } } as const;

export const senderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/sender',
    {
      config: { ...READ, audit: false },
      schema: {
        operationId: 'getSenderSettings',
        tags: ['branding'],
        description: "The account's own SMTP server and sender address; the password is never returned.",
        response: { 200: ZSenderSettings, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => senderSettings(app.db, request.auth.accountId),
  );

  app.put(
    '/api/account/sender',
    {
      config: {
        ...UPDATE,
        audit: {
          action: 'account.sender_update',
          details: (request) => {
            const body = request.body as { host?: string; port?: number; fromAddress?: string; password?: unknown };
            return { host: body.host, port: body.port, fromAddress: body.fromAddress, passwordChanged: body.password !== undefined };
          },
        },
      },
      // The server is tested before the handler's unit of work opens (docs/decisions/0088): the test waits on the
      // network, and an open unit would hold PGlite's one connection, stalling every other request meanwhile.
      preHandler: async (request) => testNewSender(app.db, app.config, request.auth, request.body),
      schema: {
        operationId: 'updateSenderSettings',
        tags: ['branding'],
        description:
          "Sends the account's mails through its own SMTP server from its own address. The server must be public (a host that is or " +
          'resolves to a loopback, private, link-local, metadata or other internal address is refused unless the operator allowed it in ' +
          'EGRESS_ALLOW_HOSTS) and must speak TLS (STARTTLS; TLS from the start on port 465) unless `allowPlaintext` waives it. Before ' +
          'the settings take effect the server is tested: connect, TLS, sign-in and a test mail to the admin making the change; if any ' +
          'step fails, nothing is saved and the 400 names the step (the message carries the server\'s reason). The password is stored ' +
          'encrypted; leave it out to keep the stored one. See the README on SPF and DKIM.',
        body: ZUpdateSenderRequest,
        response: {
          200: ZSenderSettings,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json', SENDER_ERRORS.privateAddress, SENDER_ERRORS.unresolvable, SENDER_ERRORS.connectionFailed, SENDER_ERRORS.tlsUnavailable],
            401: UNAUTHORIZED,
            403: FORBIDDEN,
          }),
        },
      },
    },
    async (request) => updateSenderSettings(app.db, app.config, request.auth, request.body),
  );

  app.delete(
    '/api/account/sender',
    {
      config: { ...UPDATE, audit: { action: 'account.sender_remove' } },
      schema: {
        operationId: 'removeSenderSettings',
        tags: ['branding'],
        description: "The account's mails go through the platform's server again.",
        response: { 200: ZSenderSettings, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => updateSenderSettings(app.db, app.config, request.auth, null),
  );

  app.put(
    '/api/ops/accounts/:id/branding',
    {
      config: {
        operator: true,
        audit: { action: 'ops.account_branding', details: (request) => ({ accountId: (request.params as { id: string }).id, ...(request.body as object) }) },
      },
      schema: {
        operationId: 'updateOperatorBranding',
        tags: ['branding'],
        description:
          "A platform operator assigns host names to an account (its sign-in page shows the account's branding there, Caddy may " +
          'fetch a certificate for them) and switches its "powered by" line off or on. A host of another account: 409, nothing saved.',
        params: ZAccountIdParams,
        body: ZOperatorBrandingRequest,
        response: {
          200: ZBranding,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json'],
            401: ['error.auth.unauthorized'],
            403: ['error.auth.csrf', 'error.auth.operator_required'],
            404: [ERROR_KEYS.notFound],
            409: [BRANDING_ERRORS.hostTaken],
          }),
        },
      },
    },
    async (request) => updateOperatorBranding(app.db, request.params.id, request.body),
  );

  app.get(
    '/api/system/tls-allowed',
    {
      config: { public: true, audit: false },
      schema: {
        operationId: 'tlsAllowed',
        tags: ['branding'],
        security: [],
        description: "Caddy's on-demand TLS `ask` endpoint: 200 when an operator assigned the domain to an account, else 404.",
        querystring: ZTlsAllowedQuery,
        response: { 200: z.object({ allowed: z.literal(true) }), ...apiErrors({ 400: ['error.validation'], 404: [ERROR_KEYS.notFound] }) },
      },
    },
    async (request) => {
      if (!(await accountOfHost(app.db, request.query.domain))) throw new AppError(ERROR_KEYS.notFound, 404, 'Not an assigned host');
      return { allowed: true as const };
    },
  );
};
