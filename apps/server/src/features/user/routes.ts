// GET /api/user and POST /api/admin/user/settings (the signed-in user's language).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@bq/contracts/auth';
import { ZUpdateUserSettingsRequest, ZUser } from '@bq/contracts/user';
import { requireAuth } from '../../plugins/auth';
import { apiErrors } from '../../plugins/openapi';
import { getCurrentUser, updateUserSettings } from './user-service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user',
    { config: { signedIn: true }, schema: { operationId: 'getCurrentUser', tags: ['user'], response: { 200: ZUser, ...apiErrors({ 401: ['error.auth.unauthorized'] }) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCurrentUser(app.db, requireAuth(request).userId);
    },
  );

  app.post(
    '/api/admin/user/settings',
    {
      config: { signedIn: true },
      schema: {
        operationId: 'updateUserSettings',
        tags: ['user'],
        body: ZUpdateUserSettingsRequest,
        response: { 200: ZOkResponse, ...apiErrors({
          400: ['error.validation', 'error.request.malformed_json'],
          401: ['error.auth.unauthorized'],
          403: ['error.auth.csrf'],
        }) },
      },
    },
    async (request) => {
      await updateUserSettings(app.db, requireAuth(request), request.body);
      return { ok: true as const };
    },
  );
};
