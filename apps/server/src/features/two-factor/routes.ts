// GET, POST and DELETE /api/user/2fa/totp, POST /api/user/2fa/totp/confirm (the signed-in user's own factor, session
// only) and POST /api/login/2fa (the second step of sign-in). Docs/decisions/0040. Enrolling is reachable by a
// session restricted to it (whileEnrolling, docs/decisions/0042). Starting and confirming are step-up routes that ask
// a user without a factor for a fresh sign-in or the password; confirming never counts as a step-up (0064).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLoginSuccess, ZOkResponse } from '@bq/contracts/auth';
import {
  ZConfirmTotpRequest,
  ZConfirmTotpResponse,
  ZDisableTotpRequest,
  ZLoginSecondFactorRequest,
  ZStartTotpEnrolmentResponse,
  ZTotpStatusResponse,
} from '@bq/contracts/two-factor';
import { apiErrors } from '../../plugins/openapi';
import { STEP_UP_REQUIRED } from '../step-up/step-up-rule';
import { completeSecondFactorSignIn } from './login-second-step';
import { TWO_FACTOR_ERRORS, confirmTotp, disableTotp, startTotpEnrolment, totpStatus, type FactorProof } from './two-factor-service';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/rate-limit';

const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.session_required'];
const BAD_BODY = ['error.validation', 'error.request.malformed_json'];

const STEP_UP_NOTE =
  ' A step-up route (docs/decisions/0064): a user with a second factor (a passkey) must have proved it in this session ' +
  'within ten minutes, a user without one must have signed in or given the password within ten minutes ' +
  '(POST /api/user/2fa/step-up); otherwise 403 error.two_factor.step_up_required.';

const proofOf = (body: { code?: string; recoveryCode?: string }): FactorProof =>
  body.code !== undefined ? { code: body.code } : { recoveryCode: body.recoveryCode ?? '' };

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/2fa/totp',
    {
      config: { audit: false, signedIn: true, sessionOnly: true, whileEnrolling: true },
      schema: {
        operationId: 'getTotpStatus',
        tags: ['two-factor'],
        description: "Whether the signed-in user's TOTP second factor is on, and how many recovery codes are left.",
        response: { 200: ZTotpStatusResponse, ...apiErrors({ 401: UNAUTHORIZED, 403: FORBIDDEN }) },
      },
    },
    async (request) => {
      return totpStatus(app.db, app.config, request.auth);
    },
  );

  app.post(
    '/api/user/2fa/totp',
    {
      config: { audit: { action: 'auth.factor_enrol_start' }, signedIn: true, sessionOnly: true, whileEnrolling: true, stepUp: 'factor-change' },
      schema: {
        operationId: 'startTotpEnrolment',
        tags: ['two-factor'],
        description:
          'Starts (or restarts) the enrolment: a new secret with its otpauth:// URI and QR code (SHA-1, 6 digits, 30 s). ' +
          'Not in force until POST /api/user/2fa/totp/confirm.' +
          STEP_UP_NOTE,
        response: {
          200: ZStartTotpEnrolmentResponse,
          ...apiErrors({ 401: UNAUTHORIZED, 403: [...FORBIDDEN, STEP_UP_REQUIRED], 409: [TWO_FACTOR_ERRORS.alreadyEnabled] }),
        },
      },
    },
    async (request) => {

      return startTotpEnrolment(app.db, app.config, request.auth.userId);
    },
  );

  app.post(
    '/api/user/2fa/totp/confirm',
    {
      config: { audit: { action: 'auth.factor_enable' }, signedIn: true, sessionOnly: true, whileEnrolling: true, stepUp: 'factor-change' },
      schema: {
        operationId: 'confirmTotp',
        tags: ['two-factor'],
        description:
          'Puts the factor in force with a first code; answers ten recovery codes, shown this once (they replace any ' +
          'earlier ones). The user gets a mail about it; the code proves the new factor only, so this is no step-up.' +
          STEP_UP_NOTE,
        body: ZConfirmTotpRequest,
        response: {
          200: ZConfirmTotpResponse,
          ...apiErrors({
            400: [...BAD_BODY, TWO_FACTOR_ERRORS.codeInvalid],
            401: UNAUTHORIZED,
            403: [...FORBIDDEN, STEP_UP_REQUIRED],
            409: [TWO_FACTOR_ERRORS.notStarted, TWO_FACTOR_ERRORS.alreadyEnabled],
          }),
        },
      },
    },
    async (request) => {
      return confirmTotp(app.db, app.queue, app.config, request.auth.userId, request.body.code);
    },
  );

  app.delete(
    '/api/user/2fa/totp',
    {
      config: { audit: { action: 'auth.factor_remove' }, signedIn: true, sessionOnly: true },
      schema: {
        operationId: 'disableTotp',
        tags: ['two-factor'],
        description:
          'Removes the factor and its recovery codes: needs the password and a current code (or a recovery code) in the ' +
          'request itself, a fresher proof than a step-up (docs/decisions/0064). The user gets a mail about it.',
        body: ZDisableTotpRequest,
        response: {
          200: ZOkResponse,
          ...apiErrors({
            400: [...BAD_BODY, 'error.password.current_wrong', TWO_FACTOR_ERRORS.codeInvalid, TWO_FACTOR_ERRORS.recoveryCodeInvalid],
            401: UNAUTHORIZED,
            403: FORBIDDEN,
            409: [TWO_FACTOR_ERRORS.notEnabled],
            423: [TWO_FACTOR_ERRORS.locked],
            429: ['error.auth.too_many_sign_in_attempts'],
          }),
        },
      },
    },
    async (request) => {
      await disableTotp(app.db, app.queue, app.config, request.auth.userId, request.body.password, proofOf(request.body), request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/login/2fa',
    {
      config: { audit: { action: 'auth.sign_in', refusedAction: 'auth.sign_in_failed' }, public: true, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        operationId: 'loginSecondFactor',
        tags: ['auth'],
        security: [],
        description:
          'Completes a sign-in that answered { secondFactorRequired: true }: with the bq_2fa cookie it set (five minutes), ' +
          'a current code or an unused recovery code. Sets the same cookies as POST /api/login. A code works once; wrong ' +
          'codes slow down further attempts per user (429 with Retry-After), and ten in a row lock codes (423) until a recovery ' +
          'code or an administrator\'s reset; the user is mailed.',
        body: ZLoginSecondFactorRequest,
        response: {
          200: ZLoginSuccess.meta({ id: 'LoginSecondFactorResponse' }),
          ...apiErrors({
            400: BAD_BODY,
            401: [TWO_FACTOR_ERRORS.signInExpired, TWO_FACTOR_ERRORS.codeInvalid, TWO_FACTOR_ERRORS.recoveryCodeInvalid],
            403: ['error.auth.csrf', 'error.sso.sign_on_required', 'error.sso.break_glass_password_only'],
            423: [TWO_FACTOR_ERRORS.locked],
            429: ['error.auth.too_many_sign_in_attempts'],
          }),
        },
      },
    },
    async (request, reply) => completeSecondFactorSignIn(app.db, app.queue, app.config, request, reply, proofOf(request.body)),
  );
};
