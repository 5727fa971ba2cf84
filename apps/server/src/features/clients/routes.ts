// Client calls: POST /api/u, PATCH /api/admin/bq_user, POST /api/admin/bq_user/{token}/deactivate|activate,
// GET /api/participants, GET /api/client/{token}/product/{id}/profile, and the BQ_USER_COUNT limit.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClient,
  ZClientListQuery,
  ZClientListResponse,
  ZClientProfile,
  ZCreateClientRequest,
  ZDeactivateClientRequest,
  ZResourceLimit,
  ZUpdateClientRequest,
} from '@bq/contracts/clients';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import { cacheResponse } from '../../plugins/response-cache';
import { apiErrors } from '../../plugins/openapi';
import { clientLimit, clientProfile, createClient, setClientActive, updateClient } from './client-service';
import { listClients } from './list-clients';
import { created, filterOf, rowsOf } from '../audit/declare';
import { noteEdit } from '../audit/audit-note';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized'];
const NOT_FOUND = ['error.not_found'];
const ZToken = z.string().min(1).max(100);

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/u',
    {
      config: { audit: { action: 'client.create', answer: created('client') }, productPermission: { entity: 'BQ_USER', action: 'CREATE', product: { configurationId: 'body.productConfigurationId' } } },
      schema: {
        operationId: 'createClient',
        tags: ['clients'],
        body: ZCreateClientRequest,
        response: {
          201: ZClient,
          ...apiErrors({
            400: BAD_INPUT,
            401: UNAUTHORIZED,
            403: ['error.auth.csrf', 'error.auth.forbidden', 'error.client.limit_reached'],
            404: NOT_FOUND,
            409: ['error.client.duplicate'],
          }),
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createClient(app.db, request.auth, request.product, request.body);
    },
  );

  app.patch(
    '/api/admin/bq_user',
    {
      config: { audit: { action: 'client.update', subject: { client: 'body.token' } }, productPermission: { entity: 'BQ_USER', action: 'UPDATE', product: { configurationId: 'body.productConfigurationId' } } },
      schema: {
        operationId: 'updateClient',
        tags: ['clients'],
        body: ZUpdateClientRequest,
        response: {
          200: ZClient,
          // 403 error.anonymisation.identity_hidden: name, e-mail or phone of a client anonymised for the caller.
          ...apiErrors({
            400: BAD_INPUT,
            401: UNAUTHORIZED,
            403: ['error.auth.csrf', 'error.auth.forbidden', 'error.anonymisation.identity_hidden'],
            404: NOT_FOUND,
            409: ['error.client.duplicate', 'error.data_rights.already_erased'],
          }),
        },
      },
    },
    async (request) => updateClient(app.db, request.auth, request.product, request.body, (changed) => noteEdit(request, changed)),
  );

  for (const action of ['deactivate', 'activate'] as const) {
    app.post(
      `/api/admin/bq_user/:token/${action}`,
      {
        config: { audit: { action: `client.${action}`, subject: { client: 'params.token' } }, productPermission: { entity: 'BQ_USER', action: 'UPDATE', product: { productType: 'body.productType' } } },
        schema: {
          operationId: `${action}Client`,
          tags: ['clients'],
          params: z.object({ token: ZToken }),
          body: ZDeactivateClientRequest,
          response: {
            200: ZClient,
            // 409 error.data_rights.already_erased: activating an erased client (decision 0077).
            ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: ['error.auth.csrf', 'error.auth.forbidden'], 404: NOT_FOUND, 409: ['error.data_rights.already_erased'] }),
          },
        },
      },
      async (request) => setClientActive(app.db, request.auth, request.params.token, request.product, action === 'activate'),
    );
  }

  app.get(
    '/api/participants',
    {
      config: { audit: { action: 'client.list', details: filterOf, answer: rowsOf() }, productPermission: { entity: 'BQ_USER', action: 'READ', product: { configurationId: 'query.productConfigurationId' } }, responseCache: true },
      schema: {
        operationId: 'listClients',
        tags: ['clients'],
        querystring: ZClientListQuery,
        response: { 200: ZClientListResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => {
      const auth = request.auth;
      cacheResponse(request, [auth.accountId]);
      return listClients(app.db, auth, request.product, request.query, { countLimit: app.config.CLIENT_LIST_COUNT_LIMIT, memo: app.accountMemo });
    },
  );

  app.get(
    '/api/client/:token/product/:id/profile',
    {
      config: { audit: { action: 'client.view', subject: { client: 'params.token' } }, productPermission: { entity: 'BQ_USER', action: 'READ', product: { configurationId: 'params.id' } } },
      schema: {
        operationId: 'getClientProfile',
        tags: ['clients'],
        params: z.object({ token: ZToken, id: z.uuid() }),
        response: { 200: ZClientProfile, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => clientProfile(app.db, request.auth, request.params.token, request.product),
  );

  app.get(
    '/api/admin/user/:id/resource_limit/BQ_USER_COUNT/BQ_USER_COUNT/available',
    {
      config: { audit: false, signedIn: true },
      schema: {
        operationId: 'getClientCountLimit',
        tags: ['clients'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ZResourceLimit, ...apiErrors({ 401: UNAUTHORIZED, 404: NOT_FOUND }) },
      },
    },
    async (request) => {
      const auth = request.auth;
      // Only one's own limits; another user's id behaves like a missing one.
      if (request.params.id !== auth.userId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
      return clientLimit(app.db, auth.accountId);
    },
  );
};
