// Mail calls: POST /api/instance/{token}/invite/email (the invitation as a real e-mail; a path the spec leaves
// open), GET /api/email/verification/{token} and .../resend (spec), and the developer mailbox GET /api/dev/mailbox
// and /api/dev/mailbox/{id}, which exist only in the embedded mode outside production (docs/decisions/0010-mail.md).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDevMail,
  ZDevMailParams,
  ZDevMailboxList,
  ZEmailVerificationParams,
  ZEmailVerificationResendResponse,
  ZEmailVerificationResponse,
  ZInviteEmailResponse,
} from '@bq/contracts/mail';
import type { Config } from '../../config';
import { requireAuth } from '../../plugins/auth';
import { apiErrors } from '../../plugins/openapi';
import { getDevMail, listDevMails } from './dev-mailbox';
import { EMAIL_VERIFICATION_ERRORS, resendEmailVerification, verifyEmail } from './email-verification';
import { INVITATION_ERRORS, sendInvitationEmail } from './send-invitation';

/** The developer mailbox shows every mail with its links (tokens): never where real people's mail is. */
export function devMailboxEnabled(config: Pick<Config, 'embedded' | 'NODE_ENV'>): boolean {
  return config.embedded && config.NODE_ENV !== 'production';
}

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/instance/:token/invite/email',
    {
      schema: {
        operationId: 'sendInviteEmail',
        tags: ['instances', 'mail'],
        description:
          "Sends the invitation (the same texts as GET .../invite) to the client's e-mail address in the client's language, through the outbox. " +
          'Only while the questionnaire is NEW or OPENED and not expired. A second call within 10 seconds answers the first invitation instead of sending again.',
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
    async (request) => sendInvitationEmail(app.db, app.queue, app.config, requireAuth(request), request.params.token),
  );

  app.get(
    '/api/email/verification/resend',
    {
      schema: {
        operationId: 'resendEmailVerification',
        tags: ['user', 'mail'],
        description: "Sends a new verification link (valid 48 hours) to the signed-in user's address; at most one a minute.",
        response: {
          200: ZEmailVerificationResendResponse,
          ...apiErrors({
            401: ['error.auth.unauthorized'],
            409: [EMAIL_VERIFICATION_ERRORS.alreadyVerified],
            429: [EMAIL_VERIFICATION_ERRORS.tooSoon],
          }),
        },
      },
    },
    async (request) => resendEmailVerification(app.db, app.queue, app.config, requireAuth(request).userId),
  );

  app.get(
    '/api/email/verification/:token',
    {
      config: { public: true },
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
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyEmail(app.db, request.params.token);
    },
  );

  if (!devMailboxEnabled(app.config)) return;

  app.get(
    '/api/dev/mailbox',
    {
      config: { public: true },
      schema: {
        operationId: 'listDevMailbox',
        tags: ['mail'],
        security: [],
        description: 'Embedded mode only (404 otherwise): every mail of the outbox, newest first, for developers and testers.',
        response: { 200: ZDevMailboxList },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { mails: await listDevMails(app.db) };
    },
  );

  app.get(
    '/api/dev/mailbox/:id',
    {
      config: { public: true },
      schema: {
        operationId: 'getDevMail',
        tags: ['mail'],
        security: [],
        description: 'Embedded mode only (404 otherwise): one mail with its plain text, HTML and header fields.',
        params: ZDevMailParams,
        response: { 200: ZDevMail, ...apiErrors({ 400: ['error.validation'], 404: ['error.not_found'] }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getDevMail(app.db, app.config, request.params.id);
    },
  );
};
