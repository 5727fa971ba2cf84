// POST /api/oauth/google?productType=: sign in (or up) with a Google ID token; the response names where to go.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGoogleSignInQuery, ZGoogleSignInRequest, ZGoogleSignInResponse } from '@bq/contracts/google-sign-in';
import { apiErrors } from '../../plugins/openapi';
import { AUTH_REQUEST_LIMITS } from '../signup/auth-request-limit';
import { signInWithGoogle } from './google-sign-in-service';

export const googleSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/oauth/google',
    {
      // Public: the ID token is the credential. Like the password login it needs X-Source: web (login CSRF).
      config: { audit: { action: 'auth.sign_in_google', refusedAction: 'auth.sign_in_failed' }, public: true },
      schema: {
        operationId: 'signInWithGoogle',
        tags: ['auth'],
        security: [],
        description: `At most ${AUTH_REQUEST_LIMITS.GOOGLE_SIGN_IN.perIp} attempts per IP in ${AUTH_REQUEST_LIMITS.GOOGLE_SIGN_IN.windowMinutes} minutes, valid or not (429 with Retry-After).`,
        querystring: ZGoogleSignInQuery,
        body: ZGoogleSignInRequest,
        response: {
          200: ZGoogleSignInResponse,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json'],
            401: [
              'error.google.invalid_token',
              'error.google.wrong_audience',
              'error.google.token_expired',
              'error.google.nonce_mismatch',
              'error.google.email_not_verified',
              'error.google.token_replayed',
              'error.google.token_issued_in_future',
              'error.google.invalid_email',
              'error.auth.invalid_credentials',
            ],
            403: ['error.auth.csrf'],
            404: ['error.google.not_configured'],
            429: ['error.auth.too_many_attempts'],
            502: ['error.google.issuer_unavailable'],
          }),
        },
      },
    },
    async (request, reply) => signInWithGoogle(app.db, app.config, request, reply, request.body, request.query.productType),
  );
};
