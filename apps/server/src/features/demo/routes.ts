// POST /api/demo/password/{instanceToken}: a demo participant sets a password (decision 0023).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDemoPasswordParams, ZDemoPasswordRequest, ZDemoPasswordResponse } from '@bq/contracts/signup';
import { apiErrors } from '../../plugins/openapi';
import { NEW_PASSWORD_ERRORS } from '../password-rules/password-rules';
import { DEMO_PASSWORD_ERRORS, setDemoPassword } from './demo-password';

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/demo/password/:instanceToken',
    {
      // The demo instance token is the credential.
      config: { audit: false, public: true },
      schema: {
        operationId: 'setDemoPassword',
        tags: ['signup'],
        security: [],
        description:
          'The participant of a finished demo questionnaire sets a password: a new SELF_SERVICE account with their own result (unlocked) is made and they are signed in. ' +
          'Only tokens of the demo account (others: 404). The address of the participant must not have an account yet (409).',
        params: ZDemoPasswordParams,
        body: ZDemoPasswordRequest,
        response: {
          200: ZDemoPasswordResponse,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json', ...NEW_PASSWORD_ERRORS],
            403: ['error.auth.csrf'],
            404: ['error.not_found'],
            409: [DEMO_PASSWORD_ERRORS.noResult, DEMO_PASSWORD_ERRORS.emailExists],
          }),
        },
      },
    },
    async (request, reply) =>
      setDemoPassword(app.db, app.queue, app.config, request, reply, request.params.instanceToken, request.body.password),
  );
};
