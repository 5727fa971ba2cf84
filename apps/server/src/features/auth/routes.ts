// POST /api/login, POST /api/logout, PATCH /api/user/{id}/password.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZChangePasswordRequest, ZLoginRequest, ZLoginResponse, ZOkResponse } from '@bq/contracts/auth';
import { NEW_PASSWORD_ERRORS } from '../password-rules/password-rules';
import { apiErrors } from '../../plugins/openapi';
import { changePassword, login, logout } from './auth-service';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/rate-limit';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/login',
    {
      config: {
        audit: {
          action: 'auth.sign_in',
          refusedAction: 'auth.sign_in_failed',
          // With a second factor the password step opens no session yet: the event says so (decision 0040).
          answer: (body) => ((body as { secondFactorRequired?: boolean } | null)?.secondFactorRequired ? { details: { step: 'password', secondFactorRequired: true } } : {}),
        },
        public: true,
        rateLimit: SIGN_IN_RATE_LIMIT,
      },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        security: [],
        description:
          'Signs in with e-mail and password and sets the session cookie (and the bq_device cookie of a known device). ' +
          'After failed sign-ins each attempt waits a doubling delay per address and IP, per IP and per address (decision 0032): ' +
          '429 with Retry-After in seconds while it runs.',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...apiErrors({
          400: ['error.validation', 'error.request.malformed_json'],
          401: ['error.auth.invalid_credentials'],
          403: ['error.auth.csrf', 'error.sso.sign_on_required'],
          429: ['error.auth.too_many_sign_in_attempts'],
        }) },
      },
    },
    async (request, reply) => login(app.db, app.config, request, reply, request.body),
  );

  app.post(
    '/api/logout',
    {
      config: { audit: { action: 'auth.sign_out' }, public: true, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: { operationId: 'logout', tags: ['auth'], response: { 200: ZOkResponse, ...apiErrors({ 403: ['error.auth.csrf'] }) } },
    },
    async (request, reply) => {
      await logout(app.db, request, reply);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/user/:id/password',
    {
      config: { audit: { action: 'auth.password_change' }, signedIn: true, sessionOnly: true },
      schema: {
        operationId: 'changePassword',
        tags: ['auth'],
        params: z.object({ id: z.string().max(100) }),
        body: ZChangePasswordRequest,
        response: { 200: ZOkResponse, ...apiErrors({
          400: ['error.validation', 'error.request.malformed_json', 'error.password.current_wrong', ...NEW_PASSWORD_ERRORS, 'error.password.same_as_current'],
          401: ['error.auth.unauthorized'],
          403: ['error.auth.csrf'],
          404: ['error.not_found'],
          429: ['error.auth.too_many_sign_in_attempts'],
        }) },
      },
    },
    async (request) => {
      await changePassword(app.db, request.auth, request.params.id, request.body, request.ip, app.config);
      return { ok: true as const };
    },
  );
};
