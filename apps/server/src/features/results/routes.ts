// Result calls: GET /api/dashboard/{token}, POST /api/dashboard/{token}/consistency/resolution,
// GET /api/dashboard/content/{bqa|bqp|sa}/{token}?locale=,
// GET /api/predict/{bqa|bqp}/{token}, GET /api/comp/BQS_COMP and GET /api/interaction/dimensions/{token}.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_KINDS, ZComparison, ZConsistencyResolution, ZConsistencyResolutionRequest, ZComparisonQuery, ZDashboard, ZDashboardContent, ZInteractionDimensions, ZLocaleQuery, ZPrediction } from '@bq/contracts/dashboard';
import { cacheResponse } from '../../plugins/response-cache';
import { apiErrors } from '../../plugins/openapi';
import { compareResults } from './comparison';
import { CONSISTENCY_ERRORS, recordConsistencyResolution } from './consistency-resolution';
import { getDashboard } from './dashboard';
import { getDashboardContent, readerLocale } from './dashboard-content';
import { getPrediction } from './prediction';
import { RESULT_ERRORS, RESULT_READ_ERRORS } from './result-access';
import { requireInstance } from '../instances/instance-service';
import { getInteractionDefinition } from '../interactions/definitions';
import { definitionTexts } from '../questionnaire/questionnaire-service';

const ZToken = z.string().min(1).max(100);

export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/:token',
    {
      config: { audit: { action: 'dashboard.view', subject: { result: 'params.token' } }, productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'READ' }, responseCache: true },
      schema: {
        operationId: 'getDashboard',
        tags: ['results'],
        description: 'The scored result: dimensions with T-score, 95 % band, stanine and percentile; the risk profile; evidence. 402 while LOCKED.',
        params: z.object({ token: ZToken }),
        response: { 200: ZDashboard, ...apiErrors(RESULT_READ_ERRORS) },
      },
    },
    async (request) => {
      const auth = request.auth;
      cacheResponse(request, [auth.accountId]);
      return getDashboard(app.db, auth, request.params.token);
    },
  );

  app.get(
    '/api/dashboard/content/:kind/:token',
    {
      config: { audit: { action: 'dashboard.content_view', subject: { result: 'params.token' } }, productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'READ' }, responseCache: true },
      schema: {
        operationId: 'getDashboardContent',
        tags: ['results'],
        description: "Texts in the locale (default: the user's) and, for bqa, the BQA_RISK section (history windows or projections).",
        params: z.object({ kind: z.enum(DASHBOARD_KINDS), token: ZToken }),
        querystring: ZLocaleQuery,
        response: { 200: ZDashboardContent, ...apiErrors(RESULT_READ_ERRORS) },
      },
    },
    async (request) => {
      const auth = request.auth;
      cacheResponse(request, [auth.accountId]);
      return getDashboardContent(app.db, auth, request.params.kind, request.params.token, request.query.locale);
    },
  );

  app.post(
    '/api/dashboard/:token/consistency/resolution',
    {
      config: { audit: { action: 'result.consistency_resolve', subject: { result: 'params.token' } }, productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'UPDATE' } },
      schema: {
        operationId: 'recordConsistencyResolution',
        tags: ['results'],
        description:
          'Records how the adviser resolved a risk profile\'s consistency flag (DESIGN.md section 4). Append-only: a later note amends an earlier one. Needs INDIVIDUAL_RESULTS/UPDATE; 409 error.consistency.not_flagged when the profile is consistent.',
        params: z.object({ token: ZToken }),
        body: ZConsistencyResolutionRequest,
        response: {
          201: ZConsistencyResolution,
          ...apiErrors({ ...RESULT_READ_ERRORS, 409: [RESULT_ERRORS.notReady, CONSISTENCY_ERRORS.notFlagged] }),
        },
      },
    },
    async (request, reply) => {
      const resolution = await recordConsistencyResolution(app.db, request.auth, request.params.token, request.body);
      reply.code(201);
      return resolution;
    },
  );

  app.get(
    '/api/predict/:path/:token',
    {
      config: { audit: { action: 'prediction.view', subject: { result: 'params.token' } }, productPermission: [{ entity: 'INDIVIDUAL_RESULTS', action: 'READ' }, { entity: 'PREDICTION_INVESTMENT_STYLE', action: 'READ' }] },
      schema: {
        operationId: 'getPrediction',
        tags: ['results'],
        description: 'A rule-based indication (decision 0014), no probability: bqa: investment style within the suitable risk class (needs PREDICTION_INVESTMENT_STYLE); bqp: performance outlook. 409 error.prediction.failed after PREDICTION_ERROR.',
        params: z.object({ path: z.enum(['bqa', 'bqp']), token: ZToken }),
        querystring: ZLocaleQuery,
        response: { 200: ZPrediction, ...apiErrors({ ...RESULT_READ_ERRORS, 409: [RESULT_ERRORS.notReady, RESULT_ERRORS.predictionFailed] }) },
      },
    },
    async (request) => getPrediction(app.db, request.auth, request.params.path, request.params.token, request.query.locale),
  );

  app.get(
    '/api/comp/BQS_COMP',
    {
      config: { audit: { action: 'comparison.view', subject: { result: 'query.instanceToken1' }, details: (r) => ({ resultTokens: Object.values(r.query as object) }) }, productPermission: { entity: 'INDIVIDUAL_COMPARISON', action: 'READ' } },
      schema: {
        operationId: 'compareResults',
        tags: ['results'],
        description: 'Similarity 0-100 (whole number), -1 with a reason when the two results cannot be compared.',
        querystring: ZComparisonQuery,
        response: { 200: ZComparison, ...apiErrors({ 400: ['error.validation'], 401: ['error.auth.unauthorized'] }) },
      },
    },
    async (request) => compareResults(app.db, request.auth, request.query.instanceToken1, request.query.instanceToken2),
  );

  app.get(
    '/api/interaction/dimensions/:token',
    {
      config: { audit: { action: 'result.dimensions_view', subject: { result: 'params.token' } }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'READ' } },
      schema: {
        operationId: 'getInteractionDimensions',
        tags: ['results'],
        description: "The dimensions of an instance's interaction with their texts in the locale (default: the user's).",
        params: z.object({ token: ZToken }),
        querystring: ZLocaleQuery,
        response: { 200: ZInteractionDimensions, ...apiErrors({ 400: ['error.validation'], 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'], 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { instance } = await requireInstance(app.db, auth, request.params.token, 'READ');
      const definition = getInteractionDefinition(instance.interactionId, instance.results?.definitionVersion ?? instance.definitionVersion)!;
      const locale = await readerLocale(app.db, auth, request.query.locale);
      return {
        interactionId: definition.id,
        interactionNameKey: definition.nameKey,
        dimensions: definition.dimensions.map((d) => ({ key: d.key, nameKey: d.nameKey, descriptionKey: d.descriptionKey, lowKey: d.lowKey, highKey: d.highKey })),
        texts: await definitionTexts(app.db, definition, locale, ['INTERACTION_BASE']),
      };
    },
  );
};
