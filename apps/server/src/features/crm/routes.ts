// CRM sync (issue 38 point 4, docs/decisions/0094): GET /api/account/crm; per provider (salesforce, hubspot) POST
// .../connect, GET .../callback, PUT .../mapping, DELETE (disconnect), POST .../sync, GET .../failures, POST
// .../clients/{clientToken}/retry, POST .../import; GET /api/account/crm/clients/{clientToken}. Permission
// BQ_ADMIN/API_MANAGEMENT like the webhooks, in a session only (a leaked API credential must not point the account's
// client data at another CRM); connecting and disconnecting need a fresh second factor (step-up).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@bq/contracts/auth';
import {
  CRM_ERRORS,
  crmProviderOf,
  ZCrmCallbackQuery,
  ZCrmClientParams,
  ZCrmClientTokenParams,
  ZCrmConnectionList,
  ZCrmConnectStart,
  ZCrmFieldMapping,
  ZCrmImportRequest,
  ZCrmImportResult,
  ZCrmProviderParams,
  ZCrmSyncQueued,
  ZCrmSyncState,
  ZCrmSyncStateList,
} from '@bq/contracts/crm';
import { AppError } from '../../app-error';
import { apiErrors } from '../../plugins/openapi';
import { noteAnswer } from '../audit/write-transaction';
import { STEP_UP_REQUIRED } from '../step-up/step-up-rule';
import { completeConnect, disconnect, findConnection, listConnections, setMapping, startConnect } from './connection-service';
import { importContacts } from './import-contacts';
import { clientStates, failures, retryClient } from './sync-states';
import { queueAllClients } from './sync-queue';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required'];
const NOT_CONNECTED = [CRM_ERRORS.notConnected];
const permission = (action: 'READ' | 'CREATE' | 'UPDATE' | 'DELETE') => ({ realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action });
const providerOf = (r: { params: unknown }) => ({ provider: (r.params as { provider?: string }).provider });

export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['crm'];
  const p = (params: { provider: 'salesforce' | 'hubspot' }) => crmProviderOf(params.provider);

  app.get(
    '/api/account/crm',
    {
      config: { audit: { action: 'crm.list' }, sessionOnly: true, permission: permission('READ') },
      schema: { operationId: 'listCrmConnections', tags, description: 'Both CRMs, whether the operator configured them, and the account\'s connection to each.', response: { 200: ZCrmConnectionList, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) } },
    },
    async (request) => ({ connections: await listConnections(app.db, app.config, request.auth.accountId) }),
  );

  app.post(
    '/api/account/crm/:provider/connect',
    {
      config: { audit: { action: 'crm.connect_start', details: providerOf }, sessionOnly: true, stepUp: true, permission: permission('CREATE') },
      schema: {
        operationId: 'startCrmConnect',
        tags,
        description: "The CRM's authorize URL (code flow with PKCE S256 and a state valid ten minutes, once) for the browser to open. A step-up route.",
        params: ZCrmProviderParams,
        response: { 200: ZCrmConnectStart, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 409: [CRM_ERRORS.notConfigured] }) },
      },
    },
    async (request) => startConnect(app.db, app.config, request.auth, p(request.params)),
  );

  app.get(
    '/api/account/crm/:provider/callback',
    {
      config: { audit: { action: 'crm.connect', details: providerOf }, sessionOnly: true, permission: permission('CREATE') },
      schema: {
        operationId: 'completeCrmConnect',
        tags,
        description:
          'Browser navigation: where the CRM sends the admin back. The state must be the one this admin started (unknown, expired or ' +
          'used: error.crm.state_invalid); the code is exchanged with the PKCE verifier and the tokens stored encrypted. Redirects (303) ' +
          'to /settings/crm with ?connected={provider} or ?error={errorKey}.',
        params: ZCrmProviderParams,
        querystring: ZCrmCallbackQuery,
        response: { 303: z.null().describe('Redirect (Location) to the CRM settings page'), ...apiErrors({ 400: ['error.validation', CRM_ERRORS.stateInvalid, CRM_ERRORS.authorizationFailed], 401: UNAUTHORIZED, 403: FORBIDDEN, 409: [CRM_ERRORS.notConfigured] }) },
      },
    },
    async (request, reply) => {
      const back = `${app.config.publicUrl}/settings/crm`;
      try {
        await completeConnect(app.db, app.config, request.auth, p(request.params), request.query);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        // The browser lands on the page that explains the refusal; the trail records it beside the provider.
        noteAnswer(request, { details: { refused: err.errorKey } });
        return reply.header('x-error-key', err.errorKey).redirect(`${back}?error=${encodeURIComponent(err.errorKey)}`, 303);
      }
      return reply.redirect(`${back}?connected=${request.params.provider}`, 303);
    },
  );

  app.put(
    '/api/account/crm/:provider/mapping',
    {
      config: { audit: { action: 'crm.mapping_update', details: providerOf }, sessionOnly: true, permission: permission('UPDATE') },
      schema: {
        operationId: 'setCrmFieldMapping',
        tags,
        description: 'Which CRM property (its API name) takes the risk class, the result date, its status and the link to the client page, which property holds the external id, and whether a note is added.',
        params: ZCrmProviderParams,
        body: ZCrmFieldMapping,
        response: { 200: ZOkResponse, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_CONNECTED }) },
      },
    },
    async (request) => {
      await setMapping(app.db, request.auth.accountId, p(request.params), request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/account/crm/:provider',
    {
      config: { audit: { action: 'crm.disconnect', details: providerOf }, sessionOnly: true, stepUp: true, permission: permission('DELETE') },
      schema: {
        operationId: 'disconnectCrm',
        tags,
        description: 'Forgets the tokens, the mapping and the clients\' sync states; what was written into the CRM stays there. A step-up route.',
        params: ZCrmProviderParams,
        response: { 200: ZOkResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 404: NOT_CONNECTED }) },
      },
    },
    async (request) => {
      await disconnect(app.db, request.auth.accountId, p(request.params));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/crm/:provider/sync',
    {
      config: { audit: { action: 'crm.sync', details: providerOf }, sessionOnly: true, permission: permission('UPDATE') },
      schema: {
        operationId: 'syncCrmNow',
        tags,
        description: 'Queues every client with a result for this CRM now (as the nightly run does); the worker writes them within seconds.',
        params: ZCrmProviderParams,
        response: { 202: ZCrmSyncQueued, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_CONNECTED }) },
      },
    },
    async (request, reply) => {
      const connection = await findConnection(app.db, request.auth.accountId, p(request.params));
      reply.code(202);
      return { queued: await queueAllClients(app.db, connection.id) };
    },
  );

  app.get(
    '/api/account/crm/:provider/failures',
    {
      config: { audit: { action: 'crm.failures_list', details: providerOf }, sessionOnly: true, permission: permission('READ') },
      schema: {
        operationId: 'listCrmFailures',
        tags,
        description: 'Clients whose last sync to this CRM failed, with the reason, attempts and when the next attempt is due (null: given up).',
        params: ZCrmProviderParams,
        response: { 200: ZCrmSyncStateList, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_CONNECTED }) },
      },
    },
    async (request) => ({ states: await failures(app.db, request.auth.accountId, p(request.params)) }),
  );

  app.post(
    '/api/account/crm/:provider/clients/:clientToken/retry',
    {
      config: { audit: { action: 'crm.retry', details: providerOf, subject: { client: 'params.clientToken' } }, sessionOnly: true, permission: permission('UPDATE') },
      schema: {
        operationId: 'retryCrmSync',
        tags,
        description: "Syncs this client now and answers its sync state (SYNCED, or FAILED with the CRM's reason).",
        params: ZCrmClientParams,
        response: { 200: ZCrmSyncState, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found', ...NOT_CONNECTED] }) },
      },
    },
    async (request) => retryClient(app.db, app.config, request.auth.accountId, p(request.params), request.params.clientToken),
  );

  app.post(
    '/api/account/crm/:provider/import',
    {
      config: { audit: { action: 'crm.import', details: providerOf, answer: (b) => ({ details: b as Record<string, unknown> }) }, sessionOnly: true, permission: permission('CREATE') },
      schema: {
        operationId: 'importCrmContacts',
        tags,
        description: "The CRM's newest 200 contacts with an e-mail address that match no client (external id, then e-mail) become clients of the product configuration.",
        params: ZCrmProviderParams,
        body: ZCrmImportRequest,
        response: {
          200: ZCrmImportResult,
          ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: [...FORBIDDEN, 'error.client.limit_reached'], 404: ['error.not_found', ...NOT_CONNECTED], 409: [CRM_ERRORS.reconnectNeeded, CRM_ERRORS.notConfigured] }),
        },
      },
    },
    async (request) => importContacts(app.db, app.config, request.auth, p(request.params), request.body.productConfigurationId),
  );

  app.get(
    '/api/account/crm/clients/:clientToken',
    {
      config: { audit: { action: 'crm.client_view', subject: { client: 'params.clientToken' } }, sessionOnly: true, permission: permission('READ') },
      schema: {
        operationId: 'getClientCrmSync',
        tags,
        description: "The client's sync state per connected CRM (last synced, last error) for the client's page.",
        params: ZCrmClientTokenParams,
        response: { 200: ZCrmSyncStateList, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) },
      },
    },
    async (request) => ({ states: await clientStates(app.db, request.auth.accountId, request.params.clientToken) }),
  );
};
