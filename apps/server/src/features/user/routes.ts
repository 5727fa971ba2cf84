// GET /api/user and POST /api/admin/user/settings (the signed-in user's language; the anonymisation switch and k).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@bq/contracts/auth';
import { ZUpdateUserSettingsRequest, ZUser } from '@bq/contracts/user';
import { cacheResponse } from '../../plugins/response-cache';
import { apiErrors } from '../../plugins/openapi';
import { updateAnonymisationSettings } from '../anonymisation/allow-list-service';
import { getCurrentUser, updateUserSettings } from './user-service';
import { fieldsOf } from '../audit/declare';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user',
    { config: { audit: false, signedIn: true, responseCache: true, whileEnrolling: true }, schema: { operationId: 'getCurrentUser', tags: ['user'], response: { 200: ZUser, ...apiErrors({ 401: ['error.auth.unauthorized'] }) } } },
    async (request) => {
      const auth = request.auth;
      cacheResponse(request, [auth.accountId]);
      return getCurrentUser(app.db, auth.userId);
    },
  );

  app.post(
    '/api/admin/user/settings',
    {
      config: { audit: { action: 'user.settings_update', details: fieldsOf }, signedIn: true },
      schema: {
        operationId: 'updateUserSettings',
        tags: ['user'],
        body: ZUpdateUserSettingsRequest,
        response: { 200: ZOkResponse, ...apiErrors({
          400: ['error.validation', 'error.request.malformed_json'],
          401: ['error.auth.unauthorized'],
          403: ['error.auth.csrf', 'error.auth.forbidden'],
        }) },
      },
    },
    async (request) => {
      const auth = request.auth;
      // Anonymisation first: it checks BQ_ADMIN/ANONYMIZATION_ALLOW_LIST/UPDATE before anything is written.
      await updateAnonymisationSettings(app.db, auth, request.body);
      const { locale } = request.body;
      if (locale) await updateUserSettings(app.db, auth, { locale });
      return { ok: true as const };
    },
  );
};
