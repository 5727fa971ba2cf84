// GET /api/dashboard/{token}/explanation?locale=: "Why this score" for the evaluator (docs/decisions/0053).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLocaleQuery } from '@bq/contracts/dashboard';
import { ZResultExplanation } from '@bq/contracts/explanation';
import { cacheResponse } from '../../plugins/response-cache';
import { apiErrors } from '../../plugins/openapi';
import { RESULT_READ_ERRORS } from '../results/result-access';
import { getResultExplanation } from './result-explanation';

export const explanationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/:token/explanation',
    {
      config: {
        audit: { action: 'dashboard.explanation_view', subject: { result: 'params.token' } },
        productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'READ' },
        responseCache: true,
      },
      schema: {
        operationId: 'getResultExplanation',
        tags: ['results'],
        description:
          'Why this score: per dimension each answer with its exact share of the raw score and of the T-score (50 + the shares = T), ' +
          'the norm it is read against, and the gap x weight of the dimension in the fit to the client\'s weight profile. 402 while LOCKED.',
        params: z.object({ token: z.string().min(1).max(100) }),
        querystring: ZLocaleQuery,
        response: {
          200: ZResultExplanation,
          ...apiErrors(RESULT_READ_ERRORS),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      cacheResponse(request, [auth.accountId]);
      return getResultExplanation(app.db, auth, request.params.token, request.query.locale);
    },
  );
};
