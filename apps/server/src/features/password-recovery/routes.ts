// Password recovery (spec section 7): POST /api/user/password/reset, GET /api/user/password/reset/verify?token=,
// POST /api/user/password. All public: the address (request) or the mailed token (verify, set) is what counts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@bq/contracts/auth';
import {
  ZPasswordResetRequest,
  ZPasswordResetRequestResponse,
  ZPasswordResetVerifyQuery,
  ZPasswordResetVerifyResponse,
  ZSetPasswordRequest,
} from '@bq/contracts/password-recovery';
import { apiErrors } from '../../plugins/openapi';
import { NEW_PASSWORD_ERRORS } from '../password-rules/password-rules';
import { AUTH_REQUEST_LIMIT_ERRORS, AUTH_REQUEST_LIMITS } from '../signup/auth-request-limit';
import {
  PASSWORD_RESET_ERRORS,
  RESET_VALID_MINUTES,
  countPasswordResetRequest,
  mailResetLinkIfKnown,
  setPasswordWithToken,
  verifyPasswordResetToken,
} from './password-recovery-service';
import { noteAuditUser } from '../audit/audit-note';

const limits = AUTH_REQUEST_LIMITS.PASSWORD_RESET;

export const passwordRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/password/reset',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['auth'],
        security: [],
        description:
          `Mails a password reset link (single use, ${RESET_VALID_MINUTES} minutes) if the address has an account. The same 202 answer for every address. ` +
          `At most ${limits.perAddress} requests per address and ${limits.perIp} per IP in ${limits.windowMinutes} minutes (429).`,
        body: ZPasswordResetRequest,
        response: {
          202: ZPasswordResetRequestResponse,
          ...apiErrors({ 400: ['error.validation', 'error.request.malformed_json'], 403: ['error.auth.csrf'], 429: [AUTH_REQUEST_LIMIT_ERRORS.PASSWORD_RESET] }),
        },
      },
    },
    async (request, reply) => {
      const answer = await countPasswordResetRequest(app.db, request.body.email, request.ip);
      // The answer leaves before any work that depends on the address, so known and unknown addresses take the same
      // time (decision 0032). A failure after it is logged; the person can ask again.
      await reply.code(202).send(answer);
      await mailResetLinkIfKnown(app.db, app.queue, app.config, answer.sentTo).catch((err: unknown) => {
        request.log.error({ err }, 'password reset: the link could not be prepared');
      });
      return reply;
    },
  );

  app.get(
    '/api/user/password/reset/verify',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'verifyPasswordResetToken',
        tags: ['auth'],
        security: [],
        description: 'Whether a reset link can still be used (does not spend it).',
        querystring: ZPasswordResetVerifyQuery,
        response: {
          200: ZPasswordResetVerifyResponse,
          ...apiErrors({ 400: ['error.validation'], 404: [PASSWORD_RESET_ERRORS.invalid], 410: [PASSWORD_RESET_ERRORS.linkExpired, PASSWORD_RESET_ERRORS.linkUsed] }),
        },
      },
    },
    async (request) => {
      return verifyPasswordResetToken(app.db, request.query.token);
    },
  );

  app.post(
    '/api/user/password',
    {
      config: { audit: { action: 'auth.password_reset' }, public: true },
      schema: {
        operationId: 'setPasswordWithResetToken',
        tags: ['auth'],
        security: [],
        description: 'Sets a new password (password rules apply) with a reset link. The link is spent, and every session of the user ends.',
        body: ZSetPasswordRequest,
        response: {
          200: ZOkResponse,
          ...apiErrors({
            400: ['error.validation', 'error.request.malformed_json', ...NEW_PASSWORD_ERRORS],
            403: ['error.auth.csrf'],
            404: [PASSWORD_RESET_ERRORS.invalid],
            410: [PASSWORD_RESET_ERRORS.linkExpired, PASSWORD_RESET_ERRORS.linkUsed],
          }),
        },
      },
    },
    async (request) => {
      await setPasswordWithToken(app.db, request.body.token, request.body.password, (accountId, userId) => noteAuditUser(request, accountId, userId));
      return { ok: true as const };
    },
  );
};
