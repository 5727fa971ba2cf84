// Webhook endpoints of an account (issue 38 point 3, docs/decisions/0090): GET and POST /api/account/webhooks; GET, PUT
// and DELETE /api/account/webhooks/{id}; POST .../{id}/secret (rotate); POST .../{id}/test; GET .../{id}/deliveries;
// POST .../{id}/deliveries/{deliveryId}/retry. Permission BQ_ADMIN/API_MANAGEMENT, in a session only (an API
// credential that leaked must not be able to point the account's events elsewhere); making or changing an endpoint and
// rotating its key need a fresh second factor (step-up): they decide where clients' data goes and hand out a key.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@bq/contracts/auth';
import {
  WEBHOOK_ERRORS,
  WEBHOOK_EVENTS,
  ZCreateWebhookRequest,
  ZUpdateWebhookRequest,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookList,
  ZWebhookWithSecret,
} from '@bq/contracts/webhooks';
import { apiErrors } from '../../plugins/openapi';
import { STEP_UP_REQUIRED } from '../step-up/step-up-rule';
import { createWebhook, deleteWebhook, findWebhook, listWebhooks, rotateWebhookSecret, toWebhook, updateWebhook } from './endpoint-service';
import { listDeliveries, queueTestDelivery, retryDelivery } from './delivery-service';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required'];
const URL_REFUSED = [WEBHOOK_ERRORS.httpsRequired, WEBHOOK_ERRORS.privateAddress, WEBHOOK_ERRORS.unresolvable];
const ZId = z.object({ id: z.uuid() });
const permission = (action: 'READ' | 'CREATE' | 'UPDATE' | 'DELETE') => ({ realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action });
const webhookOf = (r: { params: unknown }) => ({ webhookId: (r.params as { id?: string }).id });

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['webhooks'];

  app.get(
    '/api/account/webhooks',
    {
      config: { audit: { action: 'webhook.list' }, sessionOnly: true, permission: permission('READ') },
      schema: { operationId: 'listWebhooks', tags, response: { 200: ZWebhookList, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) } },
    },
    async (request) => ({ webhooks: await listWebhooks(app.db, request.auth.accountId), events: [...WEBHOOK_EVENTS] }),
  );

  app.post(
    '/api/account/webhooks',
    {
      config: { audit: { action: 'webhook.create', answer: (b) => ({ details: { webhookId: (b as { id?: string }).id } }) }, sessionOnly: true, stepUp: true, permission: permission('CREATE') },
      schema: {
        operationId: 'createWebhook',
        tags,
        description:
          'Answers the endpoint with its signing key (whsec_...), shown this once. The URL must be https and reach a public ' +
          'address (a host in EGRESS_ALLOW_HOSTS is exempt); it is checked again at every delivery. A step-up route.',
        body: ZCreateWebhookRequest,
        response: {
          201: ZWebhookWithSecret,
          ...apiErrors({ 400: [...BAD_INPUT, ...URL_REFUSED], 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 409: [WEBHOOK_ERRORS.limitReached] }),
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createWebhook(app.db, app.config, request.auth, request.body);
    },
  );

  app.get(
    '/api/account/webhooks/:id',
    {
      config: { audit: { action: 'webhook.view', details: webhookOf }, sessionOnly: true, permission: permission('READ') },
      schema: { operationId: 'getWebhook', tags, params: ZId, response: { 200: ZWebhook, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) } },
    },
    async (request) => toWebhook(await findWebhook(app.db, request.auth.accountId, request.params.id)),
  );

  app.put(
    '/api/account/webhooks/:id',
    {
      config: { audit: { action: 'webhook.update', details: webhookOf }, sessionOnly: true, stepUp: true, permission: permission('UPDATE') },
      schema: {
        operationId: 'updateWebhook',
        tags,
        description: 'Changes what is sent where; `active: true` resumes a paused endpoint, `active: false` pauses it. A step-up route: it decides where clients\' data goes.',
        params: ZId,
        body: ZUpdateWebhookRequest,
        response: { 200: ZWebhook, ...apiErrors({ 400: [...BAD_INPUT, ...URL_REFUSED], 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 404: ['error.not_found'] }) },
      },
    },
    async (request) => updateWebhook(app.db, app.config, request.auth.accountId, request.params.id, request.body),
  );

  app.delete(
    '/api/account/webhooks/:id',
    {
      config: { audit: { action: 'webhook.delete', details: webhookOf }, sessionOnly: true, permission: permission('DELETE') },
      schema: { operationId: 'deleteWebhook', tags, params: ZId, response: { 200: ZOkResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) } },
    },
    async (request) => {
      await deleteWebhook(app.db, request.auth.accountId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/webhooks/:id/secret',
    {
      config: { audit: { action: 'webhook.secret_rotate', details: webhookOf }, sessionOnly: true, stepUp: true, permission: permission('UPDATE') },
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        description: 'A new signing key, shown once. For 24 hours deliveries carry two signatures (new and old key), so the receiver can switch over. A step-up route.',
        params: ZId,
        response: { 200: ZWebhookWithSecret, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 404: ['error.not_found'] }) },
      },
    },
    async (request) => rotateWebhookSecret(app.db, app.config, request.auth.accountId, request.params.id),
  );

  app.post(
    '/api/account/webhooks/:id/test',
    {
      config: { audit: { action: 'webhook.test', details: webhookOf }, sessionOnly: true, permission: permission('UPDATE') },
      schema: {
        operationId: 'testWebhook',
        tags,
        description: 'Queues a `webhook.test` event to this endpoint (also while it is paused); its delivery shows on the deliveries list within seconds.',
        params: ZId,
        response: { 202: ZWebhookDelivery, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return queueTestDelivery(app.db, request.auth.accountId, request.params.id);
    },
  );

  app.get(
    '/api/account/webhooks/:id/deliveries',
    {
      config: { audit: { action: 'webhook.deliveries_list', details: webhookOf }, sessionOnly: true, permission: permission('READ') },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        description: 'The latest 100 deliveries, newest first: status, attempts, the last response code or error, and when the next attempt is due.',
        params: ZId,
        response: { 200: ZWebhookDeliveryList, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) },
      },
    },
    async (request) => ({ deliveries: await listDeliveries(app.db, request.auth.accountId, request.params.id) }),
  );

  app.post(
    '/api/account/webhooks/:id/deliveries/:deliveryId/retry',
    {
      config: { audit: { action: 'webhook.delivery_retry', details: (r) => ({ ...webhookOf(r), deliveryId: (r.params as { deliveryId?: string }).deliveryId }) }, sessionOnly: true, permission: permission('UPDATE') },
      schema: {
        operationId: 'retryWebhookDelivery',
        tags,
        description: 'Sends a failed delivery again (same webhook-id and body), with another three days of retries.',
        params: z.object({ id: z.uuid(), deliveryId: z.uuid() }),
        response: { 200: ZWebhookDelivery, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'], 409: [WEBHOOK_ERRORS.notRetryable] }) },
      },
    },
    async (request) => retryDelivery(app.db, request.auth.accountId, request.params.id, request.params.deliveryId),
  );
};
