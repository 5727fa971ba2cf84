// POST /api/mail/bounces: the operator's mail system hands in a late bounce (a delivery status notification, RFC
// 3464) of a mail this platform sent (features/mail/bounces.ts, docs/decisions/0083 addendum). Authorised by the
// bearer MAIL_BOUNCE_TOKEN alone (no session, no account): 404 while it is unset. The report is read as text, at
// most BOUNCE_REPORT_MAX_BYTES.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { ZBounceResponse, BOUNCE_ERRORS } from '@bq/contracts/mail';
import { AppError } from '../../app-error';
import { bearerMatches } from '../../plugins/bearer-secret';
import { apiErrors } from '../../plugins/openapi';
import { BOUNCE_REPORT_MAX_BYTES, applyDeliveryReport, readDeliveryReport } from './bounces';

const REPORT_TYPES = ['message/rfc822', 'multipart/report', 'text/plain'];

export const bounceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the report types: JSON (or anything else) is 415, not a body the schema then refuses.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: BOUNCE_REPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.post(
    '/api/mail/bounces',
    {
      // The bearer MAIL_BOUNCE_TOKEN is the credential; no person acts, and the mail's new state is what it leaves.
      config: { audit: false, public: true, ownAuthorization: true, rateLimit: { perMinute: 600 } },
      schema: {
        operationId: 'reportMailBounce',
        tags: ['mail'],
        description:
          'For the operator\'s mail system: a delivery status notification (RFC 3464) that came back for a mail this platform sent, as its raw ' +
          `text (Content-Type ${REPORT_TYPES.join(', ')}; at most ${BOUNCE_REPORT_MAX_BYTES / 1024} KB). The mail is found by the original's ` +
          'Message-ID in the report. "Action: failed" turns a SENT mail FAILED with the status and the remote server\'s diagnostic, which the ' +
          'adviser then reads on the questionnaire, the client page and the client list; other actions change nothing. Authorization: Bearer ' +
          'MAIL_BOUNCE_TOKEN; 404 while MAIL_BOUNCE_TOKEN is unset. Not in the spec: docs/decisions/0083.',
        body: z.string().describe('The delivery status notification as received (RFC 3464).'),
        response: {
          200: ZBounceResponse,
          ...apiErrors({
            400: [BOUNCE_ERRORS.notAReport],
            401: [ERROR_KEYS.unauthorized],
            404: [ERROR_KEYS.notFound],
            413: [ERROR_KEYS.payloadTooLarge],
            415: ['error.request.unsupported_media_type'],
          }),
        },
      },
    },
    async (request) => {
      const wanted = app.config.MAIL_BOUNCE_TOKEN;
      if (!wanted) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
      if (!bearerMatches(request.headers.authorization, wanted)) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Bounce token required');
      const report = readDeliveryReport(request.body);
      if (!report) throw new AppError(BOUNCE_ERRORS.notAReport, 400, 'Not a delivery status notification (no Action field)');
      return { action: report.action, ...(await applyDeliveryReport(app.db, report)) };
    },
  );
};
