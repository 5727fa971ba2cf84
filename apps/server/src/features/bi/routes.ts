// BI calls (spec section 7). The permission depends on the product (its realm): the service checks
// {product realm}/INDIVIDUAL_RESULTS/READ, named on each route for the route matrix.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBiCategoriesQuery,
  ZBiCategoriesResponse,
  ZBiCategoryParams,
  ZBiCategoryQuery,
  ZBiCategoryResponse,
  ZBiClientsQuery,
  ZBiClientsResponse,
  ZBiProductParams,
} from '@bq/contracts/bi';
import { apiErrors } from '../../plugins/openapi';
import { categoryClients, categoryDistribution, listCategories } from './bi-service';
import { filterOf, rowsOf } from '../audit/declare';

const ERRORS = apiErrors({ 400: ['error.validation'], 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'], 404: ['error.not_found'] });

// The counts and lists read the replica when DATABASE_REPLICA_URL is set (app.readDb, docs/decisions/0059): they may
// lag the primary by the replica's replay delay, which is why none of them is kept in the response cache; access and
// the anonymisation settings are read from the primary.
export const biRoutes: FastifyPluginAsyncZod = async (app) => {
  // Permission: {product realm}/INDIVIDUAL_RESULTS/READ (checked in the service).
  app.get(
    '/api/bi/:product/categories',
    { config: { audit: false, productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'READ', product: { productType: 'params.product' } } }, schema: { operationId: 'listBiCategories', tags: ['bi'], params: ZBiProductParams, querystring: ZBiCategoriesQuery, response: { 200: ZBiCategoriesResponse, ...ERRORS } } },
    async (request) => listCategories(app.db, request.auth, request.product, request.query.locale),
  );

  // Permission: {product realm}/INDIVIDUAL_RESULTS/READ (checked in the service).
  app.get(
    '/api/bi/:product/category/:key',
    { config: { audit: false, productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'READ', product: { productType: 'params.product' } } }, schema: { operationId: 'getBiCategory', tags: ['bi'], params: ZBiCategoryParams, querystring: ZBiCategoryQuery, response: { 200: ZBiCategoryResponse, ...ERRORS } } },
    async (request) =>
      categoryDistribution(app.db, request.auth, request.product, request.params.key, request.query.locale, request.query.group, app.readDb),
  );

  // Permission: {product realm}/INDIVIDUAL_RESULTS/READ (checked in the service).
  app.get(
    '/api/bi/:product/category/:key/clients',
    { config: { audit: { action: 'bi.client_list', details: filterOf, answer: rowsOf() }, productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'READ', product: { productType: 'params.product' } } }, schema: { operationId: 'listBiCategoryClients', tags: ['bi'], params: ZBiCategoryParams, querystring: ZBiClientsQuery, response: { 200: ZBiClientsResponse, ...ERRORS } } },
    async (request) => categoryClients(app.db, request.auth, request.product, request.params.key, request.query, app.readDb),
  );
};
