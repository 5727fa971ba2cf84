// POST /api/instance (send an interaction), GET /api/instance/{token}, PATCH /api/instance/{token}/auto_sends,
// DELETE /api/interaction/instance/{token}.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAutoSendsRequest, ZCreateInstanceRequest, ZInstance } from '@bq/contracts/instances';
import { requireAuth } from '../../plugins/auth';
import { apiErrors } from '../../plugins/openapi';
import { createInstance, deleteInstance, getInstance, updateAutoSends } from './instance-service';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden'];
const NOT_FOUND = ['error.not_found'];
const ZTokenParams = z.object({ token: z.string().min(1).max(100) });

export const instanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/instance',
    {
      schema: {
        operationId: 'createInstance',
        tags: ['instances'],
        body: ZCreateInstanceRequest,
        response: { 201: ZInstance, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND, 409: ['error.client.inactive'] }) },
      },
    },
    async (request, reply) => reply.code(201).send(await createInstance(app.db, requireAuth(request), request.body)),
  );

  app.get(
    '/api/instance/:token',
    {
      schema: {
        operationId: 'getInstance',
        tags: ['instances'],
        params: ZTokenParams,
        response: { 200: ZInstance, ...apiErrors({ 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => getInstance(app.db, requireAuth(request), request.params.token),
  );

  app.patch(
    '/api/instance/:token/auto_sends',
    {
      schema: {
        operationId: 'updateAutoSends',
        tags: ['instances'],
        params: ZTokenParams,
        body: ZAutoSendsRequest,
        response: { 200: ZInstance, ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND }) },
      },
    },
    async (request) => updateAutoSends(app.db, requireAuth(request), request.params.token, request.body),
  );

  app.delete(
    '/api/interaction/instance/:token',
    {
      schema: {
        operationId: 'deleteInstance',
        tags: ['instances'],
        params: ZTokenParams,
        response: { 204: z.null(), ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND, 409: ['error.interaction.in_progress'] }) },
      },
    },
    async (request, reply) => {
      await deleteInstance(app.db, requireAuth(request), request.params.token);
      return reply.code(204).send(null);
    },
  );
};
