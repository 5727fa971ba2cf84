// POST /api/credit/unlock; GET /api/trial/bq_advisory_wealth and POST .../dismiss.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTrialStatus, ZUnlockRequest, ZUnlockResponse } from '@bq/contracts/credits';
import { apiErrors } from '../../plugins/openapi';
import { CREDIT_ERRORS, UNLOCK_RESULT, unlockResult } from './unlock-result';
import { queueAutoReport } from '../reports/report-mail';
import { dismissWealthTrial, getWealthTrialStatus } from './wealth-trial';

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/credit/unlock',
    {
      config: {
        // `creditSpent` from the answer, read before the unit of work commits; an unlock that spends nothing has none.
        audit: { action: 'result.unlock', subject: { result: 'body.interactionToken' }, answer: (body) => ((body as { creditSpent?: boolean }).creditSpent ? { details: { creditSpent: true } } : {}) },
        productPermission: UNLOCK_RESULT,
      },
      schema: {
        operationId: 'unlockResult',
        tags: ['credits'],
        description: 'Unlocks a LOCKED result by spending one credit; an UNLOCKED or TRIAL result answers 200 without spending. Needs INDIVIDUAL_RESULTS/UPDATE.',
        body: ZUnlockRequest,
        response: {
          200: ZUnlockResponse,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json'],
            401: ['error.auth.unauthorized'],
            402: [CREDIT_ERRORS.paymentRequired],
            403: ['error.auth.csrf', 'error.auth.forbidden'],
            404: ['error.not_found'],
            409: [CREDIT_ERRORS.resultNotReady],
          }),
        },
      },
    },
    async (request) =>
      // The spent credit and its audit event commit together (the request's unit of work).
      unlockResult(app.db, request.auth, request.body.interactionToken, (tx, instanceId) => queueAutoReport(tx, app.queue, app.config, instanceId)),
  );

  app.get(
    '/api/trial/bq_advisory_wealth',
    {
      config: { audit: false, signedIn: true },
      schema: {
        operationId: 'getWealthTrial',
        tags: ['credits'],
        response: { 200: ZTrialStatus, ...apiErrors({ 401: ['error.auth.unauthorized'] }) },
      },
    },
    async (request) => getWealthTrialStatus(app.db, request.auth),
  );

  app.post(
    '/api/trial/bq_advisory_wealth/dismiss',
    {
      config: { audit: false, signedIn: true },
      schema: {
        operationId: 'dismissWealthTrial',
        tags: ['credits'],
        response: { 200: ZTrialStatus, ...apiErrors({ 401: ['error.auth.unauthorized'], 403: ['error.auth.csrf'] }) },
      },
    },
    async (request) => dismissWealthTrial(app.db, request.auth),
  );
};
