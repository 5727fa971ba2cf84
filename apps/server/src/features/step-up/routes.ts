// Step-up (docs/decisions/0045): GET /api/user/2fa/step-up (which factors the dialog may offer),
// POST /api/user/2fa/step-up/passkey-options and POST /api/user/2fa/step-up (a code or a passkey's assertion
// refreshes the session's proof for routes marked stepUp, for ten minutes; the password of a user without a factor
// refreshes the proof the routes adding a first factor ask for, decision 0064). The question and the answer are
// reachable by a session restricted to enrolling (0042): it may have to give the password before enrolling.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStepUpFactorsResponse, ZStepUpRequest, ZStepUpResponse, ZWebAuthnOptions } from '@bq/contracts/passkeys';
import { apiErrors } from '../../plugins/openapi';
import { PASSKEY_ERRORS } from '../passkeys/passkey-list';
import { TWO_FACTOR_ERRORS } from '../two-factor/two-factor-service';
import { STEP_UP_PASSWORD_NOT_ACCEPTED, stepUp, stepUpFactors, stepUpPasskeyOptions } from './step-up-service';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.session_required'];
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];

/** What the audit event names as the proof (never the proof itself). */
function proofKind(body: unknown): 'passkey' | 'password' | 'totp' {
  const proof = (body ?? {}) as { passkey?: unknown; password?: unknown };
  if (proof.passkey) return 'passkey';
  return proof.password !== undefined ? 'password' : 'totp';
}

export const stepUpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/2fa/step-up',
    {
      config: { audit: false, signedIn: true, sessionOnly: true, whileEnrolling: true },
      schema: {
        operationId: 'getStepUpFactors',
        tags: ['two-factor'],
        description:
          "Which of the signed-in user's factors can confirm a sensitive change; with none of them the dialog asks for the " +
          'password (POST /api/user/2fa/step-up { password }). (audit: false: no client data.)',
        response: { 200: ZStepUpFactorsResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return stepUpFactors(app.db, request.auth.userId);
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
    async (request) => {
      return stepUpPasskeyOptions(app.db, app.config, request.auth.userId);
    },
  );

  app.post(
    '/api/user/2fa/step-up',
    {
      config: { audit: { action: 'auth.step_up', refusedAction: 'auth.step_up_failed', details: (r) => ({ factor: proofKind(r.body) }) }, signedIn: true, sessionOnly: true, whileEnrolling: true },
      schema: {
        operationId: 'stepUp',
        tags: ['two-factor'],
        description:
          'Proves the second factor again: a current TOTP code ({ code }) or the answer to POST /api/user/2fa/step-up/passkey-options ' +
          '({ passkey }). Routes marked step-up (they answer 403 error.two_factor.step_up_required) then pass for ten minutes in ' +
          'this session. Wrong proofs are throttled like sign-in codes. A user without a second factor gives the password ' +
          '({ password }) instead: the routes that add a first factor then pass for ten minutes (a user with a factor is ' +
          'refused a password, 400 error.two_factor.step_up_password_not_accepted; a user whose domain must sign on through ' +
          'the provider, 403 error.sso.sign_on_required, signs in again instead).',
        body: ZStepUpRequest,
        response: {
          200: ZStepUpResponse,
          ...apiErrors({
            400: [...BAD_BODY, TWO_FACTOR_ERRORS.codeInvalid, PASSKEY_ERRORS.invalid, 'error.password.current_wrong', STEP_UP_PASSWORD_NOT_ACCEPTED],
            401: UNAUTHORIZED,
            403: [...FORBIDDEN, 'error.sso.sign_on_required'],
            423: [TWO_FACTOR_ERRORS.locked],
            429: ['error.auth.too_many_sign_in_attempts'],
          }),
        },
      },
    },
    async (request) => stepUp(app.db, app.queue, app.config, request.auth, request.body, request.ip),
  );
};
