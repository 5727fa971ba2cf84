// POST /api/oauth/google/start: Google's authorization URL (code flow with PKCE); POST /api/oauth/google: the answer
// Google sent to /login/google signs in (or up); the response names where to go.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZGoogleSignInRequest,
  ZGoogleSignInResponse,
  ZGoogleSignInStartRequest,
  ZGoogleSignInStartResponse,
  type TGoogleSignInRequest,
  type TGoogleSignInStartRequest,
} from '@bq/contracts/google-sign-in';
import { stepBeforeRequestWork } from '../../db/request-work';
import { apiErrors } from '../../plugins/openapi';
import { AUTH_REQUEST_LIMITS } from '../signup/auth-request-limit';
import { GOOGLE_ERRORS } from './google-errors';
import { signInWithGoogle, startGoogleSignIn, verifyGoogleAnswer } from './google-sign-in-service';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/rate-limit';

export const googleSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  // Google's discovery and code exchange wait on the network: before the unit of work (db/request-work.ts).
  const start = stepBeforeRequestWork((request, reply) => startGoogleSignIn(app.config, request, reply, request.body as TGoogleSignInStartRequest));
  const answer = stepBeforeRequestWork((request, reply) => verifyGoogleAnswer(app.db, app.config, request, reply, request.body as TGoogleSignInRequest));
  app.post(
    '/api/oauth/google/start',
    {
      config: { audit: { action: 'auth.google_start' }, public: true, rateLimit: SIGN_IN_RATE_LIMIT },
      preHandler: start.preHandler,
      schema: {
        operationId: 'startGoogleSignIn',
        tags: ['auth'],
        security: [],
        description:
          "Starts the authorization code flow (PKCE S256, state, nonce) at Google: answers the URL to navigate to and sets the bq_google cookie (encrypted, HttpOnly, SameSite=Strict, 10 minutes) that POST /api/oauth/google needs.",
        body: ZGoogleSignInStartRequest,
        response: {
          200: ZGoogleSignInStartResponse,
          ...apiErrors({ 400: ['error.validation', 'error.request.malformed_json'], 403: ['error.auth.csrf'], 404: [GOOGLE_ERRORS.notConfigured], 502: [GOOGLE_ERRORS.issuerUnavailable] }),
        },
      },
    },
    async (request) => start.resultOf(request),
  );

  app.post(
    '/api/oauth/google',
    {
      // Public: Google's signed answer and the attempt's cookie are the credential. Like the password login it needs
      // X-Source: web (login CSRF).
      config: { audit: { action: 'auth.sign_in_google', refusedAction: 'auth.sign_in_failed' }, public: true, rateLimit: SIGN_IN_RATE_LIMIT },
      preHandler: answer.preHandler,
      schema: {
        operationId: 'signInWithGoogle',
        tags: ['auth'],
        security: [],
        description:
          "Google's answer (the query string of /login/google) with the bq_google cookie: the state must match, the code is exchanged with the PKCE verifier, the ID token verified (signature, issuer, audience, expiry, nonce, verified e-mail). " +
          `At most ${AUTH_REQUEST_LIMITS.GOOGLE_SIGN_IN.perIp} attempts per IP in ${AUTH_REQUEST_LIMITS.GOOGLE_SIGN_IN.windowMinutes} minutes, valid or not (429 with Retry-After).`,
        body: ZGoogleSignInRequest,
        response: {
          200: ZGoogleSignInResponse,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json'],
            401: [
              GOOGLE_ERRORS.attemptMissing,
              GOOGLE_ERRORS.tokenReplayed,
              GOOGLE_ERRORS.stateMismatch,
              GOOGLE_ERRORS.cancelled,
              GOOGLE_ERRORS.invalidToken,
              GOOGLE_ERRORS.wrongAudience,
              GOOGLE_ERRORS.nonceMismatch,
              GOOGLE_ERRORS.emailNotVerified,
              GOOGLE_ERRORS.invalidEmail,
              'error.auth.invalid_credentials',
            ],
            403: ['error.auth.csrf', 'error.sso.sign_on_required'],
            404: [GOOGLE_ERRORS.notConfigured],
            429: ['error.auth.too_many_attempts'],
            502: [GOOGLE_ERRORS.issuerUnavailable],
          }),
        },
      },
    },
    async (request, reply) => signInWithGoogle(app.db, app.config, request, reply, answer.resultOf(request)),
  );
};
