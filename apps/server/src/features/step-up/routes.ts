// Step-up (docs/decisions/0045): GET /api/user/2fa/step-up (which factors the dialog may offer),
// POST /api/user/2fa/step-up/passkey-options and POST /api/user/2fa/step-up (a code or a passkey's assertion
// refreshes the session's proof for routes marked stepUp, for ten minutes).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStepUpFactorsResponse, ZStepUpRequest, ZStepUpResponse, ZWebAuthnOptions } from '@bq/contracts/passkeys';
import { requireAuth } from '../../plugins/auth';
import { apiErrors } from '../../plugins/openapi';
import { PASSKEY_ERRORS } from '../passkeys/passkey-list';
import { TWO_FACTOR_ERRORS } from '../two-factor/two-factor-service';
import { stepUp, stepUpFactors, stepUpPasskeyOptions } from './step-up-service';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.session_required'];
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];

export const stepUpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/2fa/step-up',
    {
      config: { audit: false, signedIn: true, sessionOnly: true },
      schema: {
        operationId: 'getStepUpFactors',
        tags: ['two-factor'],
        description: "Which of the signed-in user's factors can confirm a sensitive change. (audit: false: no client data.)",
        response: { 200: ZStepUpFactorsResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stepUpFactors(app.db, requireAuth(request).userId);
    },
  );

  app.post(
    '/api/user/2fa/step-up/passkey-options',
    {
      config: { audit: false, signedIn: true, sessionOnly: true },
      schema: {
        operationId: 'stepUpPasskeyOptions',
        tags: ['two-factor'],
        description:
          "PublicKeyCredentialRequestOptionsJSON for a step-up with one of the signed-in user's passkeys (five minutes, once). " +
          '(audit: false: POST /api/user/2fa/step-up records the outcome.)',
        response: { 200: ZWebAuthnOptions, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN, 409: [PASSKEY_ERRORS.none] }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stepUpPasskeyOptions(app.db, app.config, requireAuth(request).userId);
    },
  );

  app.post(
    '/api/user/2fa/step-up',
    {
      config: { audit: { action: 'auth.step_up', refusedAction: 'auth.step_up_failed', details: (r) => ({ factor: (r.body as { passkey?: unknown } | undefined)?.passkey ? 'passkey' : 'totp' }) }, signedIn: true, sessionOnly: true },
      schema: {
        operationId: 'stepUp',
        tags: ['two-factor'],
        description:
          'Proves the second factor again: a current TOTP code ({ code }) or the answer to POST /api/user/2fa/step-up/passkey-options ' +
          '({ passkey }). Routes marked step-up (they answer 403 error.two_factor.step_up_required) then pass for ten minutes in ' +
          'this session. Wrong proofs are throttled like sign-in codes.',
        body: ZStepUpRequest,
        response: {
          200: ZStepUpResponse,
          ...apiErrors({
            400: [...BAD_BODY, TWO_FACTOR_ERRORS.codeInvalid, PASSKEY_ERRORS.invalid],
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            429: ['error.auth.too_many_sign_in_attempts'],
          }),
        },
      },
    },
    async (request) => stepUp(app.db, app.config, requireAuth(request), request.body, request.ip),
  );
};
