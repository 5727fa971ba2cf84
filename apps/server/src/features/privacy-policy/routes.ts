// GET /api/account/{id}/privacy_policy (public: a privacy policy is a published text, shown to participants before
// they answer) and POST /api/account/privacy_policy (the caller's account; PRIVACY_POLICY_DATA UPDATE).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPrivacyPolicy, ZPrivacyPolicyQuery, ZUpdatePrivacyPolicyRequest } from '@bq/contracts/privacy-policy';
import { apiErrors } from '../../plugins/openapi';
import { getPrivacyPolicy, updatePrivacyPolicy } from './privacy-policy-service';

export const privacyPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/:id/privacy_policy',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'getPrivacyPolicy',
        tags: ['privacy-policy'],
        security: [],
        params: z.object({ id: z.uuid() }),
        querystring: ZPrivacyPolicyQuery,
        response: { 200: ZPrivacyPolicy, ...apiErrors({ 400: ['error.validation'], 404: ['error.not_found'] }) },
      },
    },
    async (request) => getPrivacyPolicy(app.db, request.params.id, request.query.locale),
  );

  app.post(
    '/api/account/privacy_policy',
    {
      config: { audit: { action: 'privacy_policy.update' }, permission: { realm: 'BQ_ADMIN', entity: 'PRIVACY_POLICY_DATA', action: 'UPDATE' } },
      schema: {
        operationId: 'updatePrivacyPolicy',
        tags: ['privacy-policy'],
        body: ZUpdatePrivacyPolicyRequest,
        response: {
          200: ZPrivacyPolicy,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json'],
            401: ['error.auth.unauthorized', 'error.auth.api_credential_invalid'],
            403: ['error.auth.csrf', 'error.auth.forbidden'],
          }),
        },
      },
    },
    async (request) => updatePrivacyPolicy(app.db, request.auth, request.body),
  );
};
