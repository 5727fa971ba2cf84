// Weight profile calls (spec section 7 "Teams and weights"): GET /api/product/{type}/weights,
// GET /api/product/{type}/weightProfiles, POST /api/weight/profile, PUT and DELETE /api/weight/profile/{id},
// POST /api/user/weightProfile (assign; body userToken, productType, profileId) and GET /api/user/weightProfile.
// The realm is the product's, so each service checks WEIGHT_MANAGEMENT itself (the comment on each route).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WEIGHT_ERRORS,
  ZAssignWeightProfileRequest,
  ZAssignedWeightProfile,
  ZAssignedWeightProfileQuery,
  ZCreateWeightProfileRequest,
  ZProductTypeParam,
  ZProductWeights,
  ZUpdateWeightProfileRequest,
  ZWeightProfile,
  ZWeightProfileIdParam,
  ZWeightProfileList,
  ZWeightsLocaleQuery,
} from '@bq/contracts/weights';
import { apiErrors } from '../../plugins/openapi';
import {
  assignWeightProfile,
  createWeightProfile,
  deleteWeightProfile,
  getAssignedWeightProfile,
  getProductWeights,
  listWeightProfiles,
  updateWeightProfile,
} from './weights-service';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const READ_ERRORS = { 400: ['error.validation'], 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'], 404: ['error.not_found'] };
const WRITE_ERRORS = {
  400: [...BAD_INPUT, WEIGHT_ERRORS.unknownDimension, WEIGHT_ERRORS.duplicateDimension],
  401: ['error.auth.unauthorized'],
  403: ['error.auth.csrf', 'error.auth.forbidden'],
  404: ['error.not_found'],
};

export const weightRoutes: FastifyPluginAsyncZod = async (app) => {
  // WEIGHT_MANAGEMENT/READ in the product's realm.
  app.get(
    '/api/product/:type/weights',
    {
      config: { audit: false, productPermission: { entity: 'WEIGHT_MANAGEMENT', action: 'READ', product: { productType: 'params.type' } } },
      schema: {
        operationId: 'getProductWeights',
        tags: ['weights'],
        description: "What a weight profile of this product can weight: the interaction's dimensions (names in the locale), the scale 1, 2, 4, 8, 16 and the target range (T-scores).",
        params: ZProductTypeParam,
        querystring: ZWeightsLocaleQuery,
        response: { 200: ZProductWeights, ...apiErrors(READ_ERRORS) },
      },
    },
    async (request) => getProductWeights(app.db, request.auth, request.params.type, request.query.locale),
  );

  // WEIGHT_MANAGEMENT/READ in the product's realm.
  app.get(
    '/api/product/:type/weightProfiles',
    {
      config: { audit: false, productPermission: { entity: 'WEIGHT_MANAGEMENT', action: 'READ', product: { productType: 'params.type' } } },
      schema: {
        operationId: 'listWeightProfiles',
        tags: ['weights'],
        description: "The account's weight profiles of this product type, by name, with how many clients each is assigned to.",
        params: ZProductTypeParam,
        response: { 200: ZWeightProfileList, ...apiErrors(READ_ERRORS) },
      },
    },
    async (request) => ({ profiles: await listWeightProfiles(app.db, request.auth, request.params.type) }),
  );

  // WEIGHT_MANAGEMENT/CREATE in the realm of body.productType.
  app.post(
    '/api/weight/profile',
    {
      config: { audit: { action: 'weights.profile_create' }, productPermission: { entity: 'WEIGHT_MANAGEMENT', action: 'CREATE', product: { productType: 'body.productType' } } },
      schema: {
        operationId: 'createWeightProfile',
        tags: ['weights'],
        description: 'Creates a profile: per dimension a weight (1, 2, 4, 8, 16) and a target T-score (20-80). Names are unique per product type.',
        body: ZCreateWeightProfileRequest,
        response: { 201: ZWeightProfile, ...apiErrors({ ...WRITE_ERRORS, 409: [WEIGHT_ERRORS.duplicateName] }) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createWeightProfile(app.db, request.auth, request.body);
    },
  );

  // WEIGHT_MANAGEMENT/UPDATE in the realm of the profile's product type.
  app.put(
    '/api/weight/profile/:id',
    {
      config: { audit: { action: 'weights.profile_update' }, productPermission: { entity: 'WEIGHT_MANAGEMENT', action: 'UPDATE' } },
      schema: {
        operationId: 'updateWeightProfile',
        tags: ['weights'],
        description: "Replaces a profile's name and weights; the fit of its clients' results follows at once.",
        params: ZWeightProfileIdParam,
        body: ZUpdateWeightProfileRequest,
        response: { 200: ZWeightProfile, ...apiErrors({ ...WRITE_ERRORS, 409: [WEIGHT_ERRORS.duplicateName] }) },
      },
    },
    async (request) => updateWeightProfile(app.db, request.auth, request.params.id, request.body),
  );

  // WEIGHT_MANAGEMENT/DELETE in the realm of the profile's product type.
  app.delete(
    '/api/weight/profile/:id',
    {
      config: { audit: { action: 'weights.profile_delete' }, productPermission: { entity: 'WEIGHT_MANAGEMENT', action: 'DELETE' } },
      schema: {
        operationId: 'deleteWeightProfile',
        tags: ['weights'],
        description: 'Deletes a profile and its assignments to clients.',
        params: ZWeightProfileIdParam,
        response: { 204: z.null(), ...apiErrors(WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      await deleteWeightProfile(app.db, request.auth, request.params.id);
      reply.code(204);
      return null;
    },
  );

  // WEIGHT_MANAGEMENT/UPDATE in the realm of body.productType.
  app.post(
    '/api/user/weightProfile',
    {
      config: { audit: { action: 'weights.profile_assign' }, productPermission: { entity: 'WEIGHT_MANAGEMENT', action: 'UPDATE', product: { productType: 'body.productType' } } },
      schema: {
        operationId: 'assignWeightProfile',
        tags: ['weights'],
        description: "Assigns a profile (profileId) to a client (userToken) for a product type; profileId null removes it. Every result of the client in that product then shows its fit.",
        body: ZAssignWeightProfileRequest,
        response: { 200: ZAssignedWeightProfile, ...apiErrors(WRITE_ERRORS) },
      },
    },
    async (request) => assignWeightProfile(app.db, request.auth, request.body),
  );

  // WEIGHT_MANAGEMENT/READ in the realm of the product type.
  app.get(
    '/api/user/weightProfile',
    {
      config: { audit: false, productPermission: { entity: 'WEIGHT_MANAGEMENT', action: 'READ', product: { productType: 'query.productType' } } },
      schema: {
        operationId: 'getAssignedWeightProfile',
        tags: ['weights'],
        description: "The profile assigned to a client for a product type (profileId null: none).",
        querystring: ZAssignedWeightProfileQuery,
        response: { 200: ZAssignedWeightProfile, ...apiErrors(READ_ERRORS) },
      },
    },
    async (request) => getAssignedWeightProfile(app.db, request.auth, request.query.userToken, request.query.productType),
  );
};
