// Client comparison calls (spec section 2 "Client comparison"; paths decided in docs/decisions/0019):
// GET /api/comparison?productType=&clientToken=..&clientToken=..&locale= and
// GET /api/comparison/client/{clientToken}?productType= (may this client be added?).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPARISON_ERRORS, ZClientComparison, ZComparisonCandidate, ZComparisonCandidateQuery, ZComparisonRequestQuery } from '@bq/contracts/comparison';
import { apiErrors } from '../../plugins/openapi';
import { compareClients, comparisonCandidate } from './comparison-service';

const ERRORS = {
  401: ['error.auth.unauthorized'],
  403: ['error.auth.forbidden'],
  404: ['error.not_found'],
  // error.data_rights.already_erased: an erased client is compared no more (decision 0077).
  409: [COMPARISON_ERRORS.noCompletedInstance, 'error.data_rights.already_erased'],
};

export const comparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  // INDIVIDUAL_COMPARISON/READ in the product's realm.
  app.get(
    '/api/comparison',
    {
      config: { audit: { action: 'comparison.view', subject: (r) => ({ clientToken: (r.query as { clientToken?: string[] }).clientToken?.[0] ?? null }), details: (r) => ({ clientTokens: (r.query as { clientToken?: string[] }).clientToken }) }, productPermission: { entity: 'INDIVIDUAL_COMPARISON', action: 'READ', product: { productType: 'query.productType' } } },
      schema: {
        operationId: 'compareClients',
        tags: ['comparison'],
        description:
          'Two to 10 clients side by side, the first as reference: per client its last completed result (dashboardResults, instanceDimensions, dimensionGraph as T-scores), its similarity to the first (whole number; shape = profile correlation and level = closeness of height, half each; none for the first, -1 when not comparable) and per dimension what drives it. 409 error.comparison.no_completed_instance names a client without a completed result.',
        querystring: ZComparisonRequestQuery,
        response: { 200: ZClientComparison, ...apiErrors({ ...ERRORS, 400: ['error.validation', COMPARISON_ERRORS.tooFew, COMPARISON_ERRORS.tooMany] }) },
      },
    },
    async (request) => compareClients(app.db, request.auth, request.product, request.query),
  );

  // INDIVIDUAL_COMPARISON/READ in the product's realm.
  app.get(
    '/api/comparison/client/:clientToken',
    {
      config: { audit: { action: 'comparison.candidates_list', subject: { client: 'params.clientToken' } }, productPermission: { entity: 'INDIVIDUAL_COMPARISON', action: 'READ', product: { productType: 'query.productType' } } },
      schema: {
        operationId: 'getComparisonCandidate',
        tags: ['comparison'],
        description: "Whether a client can be added to a comparison: its name and last completed result, or 409 error.comparison.no_completed_instance ('No Completed Instance').",
        params: z.object({ clientToken: z.string().min(1).max(100) }),
        querystring: ZComparisonCandidateQuery,
        response: { 200: ZComparisonCandidate, ...apiErrors({ ...ERRORS, 400: ['error.validation'] }) },
      },
    },
    async (request) => comparisonCandidate(app.db, request.auth, request.product, request.params.clientToken),
  );
};
