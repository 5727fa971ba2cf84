// Mail calls: POST /api/instance/{token}/invite/email (the invitation as a real e-mail; a path the spec leaves
// open), GET /api/email/verification/{token} and .../resend (spec), and the developer mailbox GET /api/dev/mailbox
// and /api/dev/mailbox/{id}, which exist only when DEV_MAILBOX is on in the embedded demo, for the demo account's
// admin (docs/decisions/0010-mail.md, 0016-security-hardening.md).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDevMail,
  ZDevMailParams,
  ZDevMailboxList,
  ZEmailVerificationParams,
  ZEmailVerificationResendQuery,
  ZEmailVerificationResendResponse,
  ZEmailVerificationResponse,
  ZInviteEmailResponse,
} from '@bq/contracts/mail';
import type { Config } from '../../config';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import { apiErrors } from '../../plugins/openapi';
import { getDevMail, listDevMails, requireDemoAdmin } from './dev-mailbox';
import {
  EMAIL_VERIFICATION_ERRORS,
  RESEND_BY_ADDRESS_LIMITS,
  resendEmailVerification,
  resendEmailVerificationByAddress,
  verifyEmail,
} from './email-verification';
import { INVITATION_ERRORS, SEND_INVITATION, sendInvitationEmail } from './send-invitation';
import { bounceRoutes } from './bounce-routes';

/**
 * The developer mailbox shows mails with their links (tokens): never where real people's mail is. Asked for
 * (DEV_MAILBOX), embedded demo only, never in production (config.ts refuses that too; this guards hand-made configs).
 */
export function devMailboxEnabled(config: Pick<Config, 'embedded' | 'NODE_ENV' | 'DEV_MAILBOX' | 'demoData'>): boolean {
  return config.DEV_MAILBOX && config.embedded && config.demoData && config.NODE_ENV !== 'production';
}

/** Reading the mailbox: an admin of the demo account (see requireDemoAdmin). */
const DEV_MAILBOX_ACCESS = { permission: { realm: 'BQ_ADMIN', entity: 'ALL', action: 'READ' } } as const;
const DEV_MAILBOX_ERRORS = { 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'] };

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // Its own scope: it reads its body as text, which no other route here does.
  await app.register(bounceRoutes);
  app.post(
    '/api/instance/:token/invite/email',
    {
      config: { audit: { action: 'interaction.invitation_send', subject: { result: 'params.token' } }, productPermission: SEND_INVITATION },
      schema: {
        operationId: 'sendInviteEmail',
        tags: ['instances', 'mail'],
        description:
          "Sends the invitation (the same texts as GET .../invite) to the client's e-mail address in the client's language, through the outbox. " +
          'Needs INTERACTION_INSTANCE/CREATE. Only while the questionnaire is NEW or OPENED and not expired. A second call within 10 seconds answers the first invitation instead of sending again.',
        params: z.object({ token: z.string().min(1).max(100) }),
        response: {
          200: ZInviteEmailResponse,
          ...apiErrors({
            401: ['error.auth.unauthorized'],
            403: ['error.auth.csrf', 'error.auth.forbidden'],
            404: ['error.not_found'],
            409: [INVITATION_ERRORS.notInvitable],
          }),
        },
      },
    },
    async (request) => sendInvitationEmail(app.db, app.queue, app.config, request.auth, request.params.token),
  );

  app.get(
    '/api/email/verification/resend',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'resendEmailVerification',
        tags: ['user', 'mail'],
        description:
          "Without `email`: a new verification link (valid 48 hours) to the signed-in user's own address, at most one a minute (401 without a session). " +
          `With \`email\` (no session needed): the same 200 answer for every address, whether or not it belongs to anyone or needs verifying; a link goes out only to an unverified user's address, at most one a minute; at most ${RESEND_BY_ADDRESS_LIMITS.perAddress} requests per address and ${RESEND_BY_ADDRESS_LIMITS.perIp} per IP in ${RESEND_BY_ADDRESS_LIMITS.windowMinutes} minutes (429 error.auth.too_many_attempts).`,
        security: [{ session: [] }, {}],
        querystring: ZEmailVerificationResendQuery,
        response: {
          200: ZEmailVerificationResendResponse,
          ...apiErrors({
            400: ['error.validation'],
            401: ['error.auth.unauthorized'],
            409: [EMAIL_VERIFICATION_ERRORS.alreadyVerified],
            429: [EMAIL_VERIFICATION_ERRORS.tooSoon, 'error.auth.too_many_attempts'],
          }),
        },
      },
    },
    async (request) => {
      if (request.query.email !== undefined) {
        return resendEmailVerificationByAddress(app.db, app.queue, app.config, request.query.email, request.ip);
      }
      // A public route (the address form needs no session): without `email` it is the signed-in user's own address.
      if (!request.authOrNull) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Sign-in required');
      return resendEmailVerification(app.db, app.queue, app.config, request.authOrNull.userId);
    },
  );

  app.get(
    '/api/email/verification/:token',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'verifyEmail',
        tags: ['user', 'mail'],
        security: [],
        description: 'Verifies the address the link was sent to. Public: the token is the credential; it works once, for 48 hours.',
        params: ZEmailVerificationParams,
        response: {
          200: ZEmailVerificationResponse,
          ...apiErrors({
            400: ['error.validation'],
            404: [EMAIL_VERIFICATION_ERRORS.invalid],
            410: [EMAIL_VERIFICATION_ERRORS.expired, EMAIL_VERIFICATION_ERRORS.used],
          }),
        },
      },
    },
    async (request) => {
      return verifyEmail(app.db, request.params.token);
    },
  );

  if (!devMailboxEnabled(app.config)) return;

  app.get(
    '/api/dev/mailbox',
    {
      config: { ...DEV_MAILBOX_ACCESS, audit: false },
      schema: {
        operationId: 'listDevMailbox',
        tags: ['mail'],
        description:
          'Only with DEV_MAILBOX on in the embedded demo (404 otherwise), for an admin of the demo account: the mails of that account, newest first.',
        response: { 200: ZDevMailboxList, ...apiErrors(DEV_MAILBOX_ERRORS) },
      },
    },
    async (request) => {
      const auth = await requireDemoAdmin(app.db, request.auth);
      return { mails: await listDevMails(app.db, auth.accountId) };
    },
  );

  app.get(
    '/api/dev/mailbox/:id',
    {
      config: { ...DEV_MAILBOX_ACCESS, audit: false },
      schema: {
        operationId: 'getDevMail',
        tags: ['mail'],
        description:
          "Only with DEV_MAILBOX on in the embedded demo (404 otherwise), for an admin of the demo account: one of the account's mails with its plain text, HTML and header fields.",
        params: ZDevMailParams,
        response: { 200: ZDevMail, ...apiErrors({ ...DEV_MAILBOX_ERRORS, 400: ['error.validation'], 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      const auth = await requireDemoAdmin(app.db, request.auth);
      return getDevMail(app.db, app.config, auth.accountId, request.params.id);
    },
  );
};
