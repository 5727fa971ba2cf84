// Anonymisation allow-list calls (spec section 7) and the candidates an admin may add. The permission depends on the
// product (its realm), so the services check it; each route names it in a comment for the route matrix.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAllowListCandidatesQuery, ZAllowListCandidatesResponse, ZAllowListRequest, ZAllowListResponse } from '@bq/contracts/anonymisation';
import { apiErrors } from '../../plugins/openapi';
import { addToAllowList, allowListCandidates, removeFromAllowList } from './allow-list-service';
import { filterOf, rowsOf } from '../audit/declare';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized'];
const NOT_FOUND = ['error.not_found'];
const ZConfigParams = z.object({ id: z.uuid() });

export const anonymisationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Permission: {product realm}/ANONYMIZATION_ALLOW_LIST/CREATE (checked in the service).
  app.post(
    '/api/productconfig/:id/user/anonymization_allow_list',
    {
      config: { audit: { action: 'anonymisation.allow_list_add', subject: { client: 'body.userToken' } }, productPermission: { entity: 'ANONYMIZATION_ALLOW_LIST', action: 'CREATE', product: { configurationId: 'params.id' } } },
      schema: {
        operationId: 'addToAnonymizationAllowList',
        tags: ['anonymisation'],
        params: ZConfigParams,
        body: ZAllowListRequest,
        response: {
          200: ZAllowListResponse,
          ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: ['error.auth.csrf', 'error.auth.forbidden'], 404: NOT_FOUND }),
        },
      },
    },
    async (request) => addToAllowList(app.db, request.auth, request.product, request.body.userToken),
  );

  // Permission: {product realm}/ANONYMIZATION_ALLOW_LIST/DELETE (checked in the service).
  app.delete(
    '/api/productconfig/:id/anonymization_initiator/participant/:token',
    {
      config: { audit: { action: 'anonymisation.allow_list_remove', subject: { client: 'params.token' } }, productPermission: { entity: 'ANONYMIZATION_ALLOW_LIST', action: 'DELETE', product: { configurationId: 'params.id' } } },
      schema: {
        operationId: 'removeFromAnonymizationAllowList',
        tags: ['anonymisation'],
        params: ZConfigParams.extend({ token: z.string().min(1).max(100) }),
        response: {
          200: ZAllowListResponse,
          ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.csrf', 'error.auth.forbidden'], 404: NOT_FOUND }),
        },
      },
    },
    async (request) => removeFromAllowList(app.db, request.auth, request.product, request.params.token),
  );

  // Permission: {product realm}/ANONYMIZATION_ALLOW_LIST/CREATE (checked in the service). Not in the spec: the
  // settings page's search for clients to add, by their real names (docs/decisions/0021).
  app.get(
    '/api/productconfig/:id/anonymization_allow_list/candidates',
    {
      config: { audit: { action: 'anonymisation.candidates_list', details: filterOf, answer: rowsOf() }, productPermission: { entity: 'ANONYMIZATION_ALLOW_LIST', action: 'CREATE', product: { configurationId: 'params.id' } } },
      schema: {
        operationId: 'listAnonymizationAllowListCandidates',
        tags: ['anonymisation'],
        params: ZConfigParams,
        querystring: ZAllowListCandidatesQuery,
        response: { 200: ZAllowListCandidatesResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => allowListCandidates(app.db, request.auth, request.product, request.query.q),
  );
};
