// GET and POST /api/management/credentials, DELETE /api/management/credentials/{id} (permission API_MANAGEMENT).
// Session only: an API credential cannot list, mint or revoke credentials (docs/decisions/0025).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiCredentialList, ZCreateApiCredentialRequest, ZCreateApiCredentialResponse } from '@bq/contracts/api-credentials';
import { ZOkResponse } from '@bq/contracts/auth';
import { apiErrors } from '../../plugins/openapi';
import { STEP_UP_REQUIRED } from '../step-up/step-up-rule';
import { createApiCredential, listApiCredentials, revokeApiCredential } from './api-credential-service';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required'];

export const apiCredentialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/management/credentials',
    {
      config: { audit: { action: 'api_credential.list' }, sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'READ' } },
      schema: {
        operationId: 'listApiCredentials',
        tags: ['api-credentials'],
        response: { 200: ZApiCredentialList, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return { credentials: await listApiCredentials(app.db, request.auth) };
    },
  );

  app.post(
    '/api/management/credentials',
    {
      config: { audit: { action: 'api_credential.create', answer: (b) => ({ details: { credentialId: (b as { id?: string }).id } }) }, sessionOnly: true, stepUp: true, permission: { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'CREATE' } },
      schema: {
        operationId: 'createApiCredential',
        tags: ['api-credentials'],
        description:
          'A step-up route: a user with a second factor must have proved it in this session within ten minutes ' +
          '(403 error.two_factor.step_up_required; POST /api/user/2fa/step-up). The credential expires after expiresInDays ' +
          '(default 90, at most 365); from then on it is refused with 401 error.auth.api_credential_invalid, as an unknown one.',
        body: ZCreateApiCredentialRequest,
        response: {
          201: ZCreateApiCredentialResponse,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json'],
            401: UNAUTHORIZED,
            403: [...FORBIDDEN, STEP_UP_REQUIRED],
            409: ['error.api_credential.limit_reached'],
          }),
        },
      },
    },
    async (request, reply) => {
      // The secret is in this one response only: no cache may keep it (no-store, as every /api answer: plugins/cache-control.ts).
      reply.code(201);
      return createApiCredential(app.db, request.auth, request.body.description, request.body.expiresInDays);
    },
  );

  app.delete(
    '/api/management/credentials/:id',
    {
      config: { audit: { action: 'api_credential.revoke', details: (r) => ({ credentialId: (r.params as { id?: string }).id }) }, sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'DELETE' } },
      schema: {
        operationId: 'revokeApiCredential',
        tags: ['api-credentials'],
        params: z.object({ id: z.uuid() }),
        response: {
          200: ZOkResponse,
          ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }),
        },
      },
    },
    async (request) => {
      await revokeApiCredential(app.db, request.auth, request.params.id);
      return { ok: true as const };
    },
  );
};
