// Report and certificate calls (spec section 7). Reports are public by instance token (spec section 2: the
// public report routes); a signed-in session adds nothing but the default language and, on certificates,
// the right to revoke. PDFs are rendered on request from the same content the report view shows.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCertificateContent,
  ZCertificateVerification,
  ZCertificateVerificationLink,
  ZFileNoteQuery,
  ZReportPageContent,
  ZReportContentQuery,
  ZReportDownloadInfo,
  ZReportDownloadQuery,
  ZReportEmailResponse,
  ZSampleReportRequest,
} from '@bq/contracts/reports';
import { ZLocaleQuery } from '@bq/contracts/dashboard';
import { cacheResponse } from '../../plugins/response-cache';
import { clientViewFor, reportHiddenFor } from '../anonymisation/client-view';
import { apiErrors } from '../../plugins/openapi';
import { RESULT_ERRORS, RESULT_READ_ERRORS, requireOpenResult } from '../results/result-access';
import { SEND_REPORT_MAIL, sendReportMail } from './report-mail';
import { assertClientNotErased } from '../data-rights/not-erased';
import {
  CERTIFICATE_ERRORS,
  certificateContent,
  certificateLink,
  revokeCertificate,
  verifyCertificate,
} from './certificates';
import { DOWNLOAD_ERRORS } from './download-tokens';
import { buildReportContent } from './report-content';
import { renderFileNote } from './file-note';
import { REPORT_LINK_ERRORS, assertPublicReportLinkOpen, loadReportSubject, publicReportLinkExpiresAt } from './report-subject';
import {
  contentDisposition,
  downloadInfo,
  renderRequestedPdf,
  subjectLocale,
} from './report-pdf';
import { sampleReportPdf } from './sample-report';
import { AUTH_REQUEST_LIMIT_ERRORS, AUTH_REQUEST_LIMITS, countAuthRequest } from '../signup/auth-request-limit';

const ZToken = z.string().min(1).max(200);
const PUBLIC = { public: true } as const;
// A public report view writes an event into the account's trail (docs/decisions/0072): so many a minute per link and
// address, plenty for a person paging and reloading, a ceiling for a script holding one link.
const LINK_VIEW_LIMIT = { perMinute: 60, perToken: 'params.token' } as const;
const PDF_LIMIT = { perMinute: 20, perToken: 'params.id' } as const;
const REPORT_ERRORS = {
  400: ['error.validation'],
  402: [RESULT_ERRORS.locked],
  404: ['error.not_found'],
  409: [RESULT_ERRORS.notReady],
  410: [REPORT_LINK_ERRORS.expired],
};
const PUBLIC_LINK_NOTE =
  ' Without a session the link works for the product configuration\'s reportLinkDays (else REPORT_LINK_DAYS) after the result opened, then 410 error.report.link_expired; evaluators of the issuing account keep access.';
const PDF_DESCRIPTION =
  'Answers application/pdf (binary). Errors are JSON; the web client reads them from the binary body.';
/** Binary bodies skip the serializer; the schema only documents them. */
const ZPdf = z.any().describe('application/pdf');

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/report/content/:kind/:token',
    {
      config: { audit: { action: 'report.view', subject: { result: 'params.token' } }, ...PUBLIC, rateLimit: LINK_VIEW_LIMIT, responseCache: true },
      schema: {
        operationId: 'getReportContent',
        tags: ['reports'],
        description:
          "Public by instance token. The BQP (also self-assessment) or BQA report, resolved in one locale (default: the client's, also for a signed-in viewer)." +
          PUBLIC_LINK_NOTE,
        params: z.object({ kind: z.enum(['bqp', 'bqa']), token: ZToken }),
        querystring: ZReportContentQuery,
        response: { 200: ZReportPageContent, ...apiErrors(REPORT_ERRORS) },
      },
    },
    async (request) => {
      const subject = await loadReportSubject(app.db, { token: request.params.token });
      await assertPublicReportLinkOpen(app.db, app.config, subject, request.authOrNull);
      // The result's account and the viewer's (their anonymisation settings); the link's expiry ends it too.
      cacheResponse(request, [subject.instance.accountId, request.authOrNull?.accountId], publicReportLinkExpiresAt(subject, app.config));
      // The client's language unless the page asks for another (issue 27 point 5): an adviser opening a client's
      // report sees what the client sees; the page's one language switch asks for another.
      const locale = request.query.locale ?? subject.client.locale;
      return buildReportContent(app.db, subject, request.params.kind, {
        viewer: request.authOrNull,
        locale,
        // A client anonymised for the signed-in viewer is always the anonymised report (docs/decisions/0021).
        anonymize: (request.query.anonymize ?? false) || (await reportHiddenFor(app.db, request.authOrNull, subject)),
      });
    },
  );

  app.get(
    '/api/report/content/bqa/recommendations/:token',
    {
      config: { ...PUBLIC, audit: { action: 'report.recommendations_view', subject: { result: 'params.token' } }, rateLimit: LINK_VIEW_LIMIT },
      schema: {
        operationId: 'getReportRecommendations',
        tags: ['reports'],
        description:
          'Public by instance token. The BQA report with the recommendations that follow from the profile.' + PUBLIC_LINK_NOTE,
        params: z.object({ token: ZToken }),
        querystring: ZReportContentQuery,
        response: { 200: ZReportPageContent, ...apiErrors(REPORT_ERRORS) },
      },
    },
    async (request) => {
      const subject = await loadReportSubject(app.db, { token: request.params.token });
      await assertPublicReportLinkOpen(app.db, app.config, subject, request.authOrNull);
      // The client's language unless the page asks for another (issue 27 point 5): an adviser opening a client's
      // report sees what the client sees; the page's one language switch asks for another.
      const locale = request.query.locale ?? subject.client.locale;
      return buildReportContent(app.db, subject, 'bqaRecommendations', {
        viewer: request.authOrNull,
        locale,
        // A client anonymised for the signed-in viewer is always the anonymised report (docs/decisions/0021).
        anonymize: (request.query.anonymize ?? false) || (await reportHiddenFor(app.db, request.authOrNull, subject)),
      });
    },
  );

  app.get(
    '/api/report/content/bqp/certificate/:token',
    {
      config: { ...PUBLIC, audit: { action: 'certificate.view', subject: { result: 'params.token' } }, rateLimit: LINK_VIEW_LIMIT },
      schema: {
        operationId: 'getCertificateContent',
        tags: ['certificates'],
        description:
          'Public by instance token. The certificate of a BQP result (issued at the first request). canManage: the viewer may revoke it.' +
          PUBLIC_LINK_NOTE,
        params: z.object({ token: ZToken }),
        querystring: ZLocaleQuery,
        response: {
          200: ZCertificateContent,
          ...apiErrors({ ...REPORT_ERRORS, 409: [RESULT_ERRORS.notReady, CERTIFICATE_ERRORS.notAvailable] }),
        },
      },
    },
    async (request) => {
      const subject = await loadReportSubject(app.db, { token: request.params.token });
      await assertPublicReportLinkOpen(app.db, app.config, subject, request.authOrNull);
      const locale = await subjectLocale(app.db, subject, request.authOrNull, request.query.locale);
      return certificateContent(app.db, app.config, subject, locale, request.authOrNull);
    },
  );

  app.post(
    '/api/certificate/:token/revoke',
    {
      config: { audit: { action: 'certificate.revoke', subject: { result: 'params.token' } }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'UPDATE' } },
      schema: {
        operationId: 'revokeCertificate',
        tags: ['certificates'],
        description:
          'Revokes the certificate of a result for good (the evaluator of the issuing account). Not in the spec: docs/decisions/0011.',
        params: z.object({ token: ZToken }),
        querystring: ZLocaleQuery,
        response: {
          200: ZCertificateContent,
          ...apiErrors({
            ...REPORT_ERRORS,
            401: ['error.auth.unauthorized'],
            403: ['error.auth.forbidden', 'error.auth.csrf'],
            409: [RESULT_ERRORS.notReady, CERTIFICATE_ERRORS.notAvailable],
          }),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      const subject = await loadReportSubject(app.db, { token: request.params.token });
      const locale = await subjectLocale(app.db, subject, auth, request.query.locale);
      return revokeCertificate(app.db, app.config, auth, subject, locale);
    },
  );

  app.post(
    '/api/instance/:token/report/email',
    {
      config: { audit: { action: 'report.email', subject: { result: 'params.token' } }, productPermission: SEND_REPORT_MAIL },
      schema: {
        operationId: 'sendReportEmail',
        tags: ['reports', 'mail'],
        description:
          "E-mails the client a fresh download link to the result's report (in the client's language and paper), whatever the auto report switch says. " +
          'Needs REPORT/CREATE and an open result (402 while LOCKED). A repeat within 10 seconds answers the first mail instead of sending again. Not in the spec: docs/decisions/0011.',
        params: z.object({ token: ZToken }),
        response: {
          200: ZReportEmailResponse,
          ...apiErrors({
            401: ['error.auth.unauthorized'],
            402: [RESULT_ERRORS.locked],
            403: ['error.auth.forbidden', 'error.auth.csrf'],
            404: ['error.not_found'],
            409: [RESULT_ERRORS.notReady, 'error.data_rights.already_erased'],
          }),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { instance } = await requireOpenResult(app.db, auth, request.params.token, SEND_REPORT_MAIL.entity, SEND_REPORT_MAIL.action);
      // A kept result of an erased client has nobody to mail (decision 0077).
      await assertClientNotErased(app.db, instance.clientId);
      const sent = await app.db.transaction((tx) => sendReportMail(tx, app.queue, app.config, instance.id));
      // Sent to the real address; a viewer who has the client anonymised is not told which (docs/decisions/0021).
      const view = await clientViewFor(app.db, auth, instance.productConfigurationId, instance.clientId);
      return view.hidden ? { ...sent, sentTo: '' } : sent;
    },
  );

  app.get(
    '/api/certificate/verificationLink/:token',
    {
      config: { ...PUBLIC, audit: { action: 'certificate.link_view', subject: { result: 'params.token' } }, rateLimit: LINK_VIEW_LIMIT },
      schema: {
        operationId: 'getCertificateVerificationLink',
        tags: ['certificates'],
        description:
          'Public by instance token: the verification token and the public URL /verify/certificate/{verificationToken}.' +
          PUBLIC_LINK_NOTE,
        params: z.object({ token: ZToken }),
        response: {
          200: ZCertificateVerificationLink,
          ...apiErrors({ ...REPORT_ERRORS, 409: [RESULT_ERRORS.notReady, CERTIFICATE_ERRORS.notAvailable] }),
        },
      },
    },
    async (request) => certificateLink(app.db, app.config, request.params.token, request.authOrNull),
  );

  app.get(
    '/api/verification/certificate/:verificationToken',
    {
      config: { ...PUBLIC, audit: false },
      schema: {
        operationId: 'verifyCertificate',
        tags: ['certificates'],
        description:
          'Public. VALID names the holder; REVOKED names nobody; an unknown token is 404 error.certificate.not_found.',
        params: z.object({ verificationToken: ZToken }),
        querystring: ZLocaleQuery,
        response: {
          200: ZCertificateVerification,
          ...apiErrors({ 400: ['error.validation'], 404: [CERTIFICATE_ERRORS.notFound] }),
        },
      },
    },
    async (request) =>
      verifyCertificate(app.db, request.params.verificationToken, request.query.locale ?? 'EN_US'),
  );

  app.get(
    '/api/report/download/:id/info',
    {
      config: { ...PUBLIC, audit: { action: 'report.download_info', subject: { result: 'params.id' } }, rateLimit: { ...LINK_VIEW_LIMIT, perToken: 'params.id' } },
      schema: {
        operationId: 'getReportDownloadInfo',
        tags: ['reports'],
        description:
          'What a mailed report link (/report/{token}/download) downloads. 410 error.auto_report.expired after expiry.',
        params: z.object({ id: ZToken }),
        response: {
          200: ZReportDownloadInfo,
          ...apiErrors({ ...REPORT_ERRORS, 410: [DOWNLOAD_ERRORS.expired] }),
        },
      },
    },
    async (request) => downloadInfo(app.db, app.config, request.params.id),
  );

  // The same PDF twice: as a download (attachment) and for a preview in the browser (inline).
  const pdfRoutes = [
    {
      url: '/api/report/download/:id',
      operationId: 'downloadReport',
      disposition: 'attachment',
      description: `The report PDF as an attachment, named per spec section 9. id: an instance token (interactionType required) or a mailed download token (rdl_...; the token fixes type, locale and format; 410 error.auto_report.expired after its expiry). ${PDF_DESCRIPTION}${PUBLIC_LINK_NOTE}`,
    },
    {
      url: '/api/render/report/:id',
      operationId: 'renderReport',
      disposition: 'inline',
      description: `The same PDF as /api/report/download, inline (for a preview in the browser). ${PDF_DESCRIPTION}${PUBLIC_LINK_NOTE}`,
    },
  ] as const;
  for (const route of pdfRoutes) {
    app.get(
      route.url,
      {
        config: { ...PUBLIC, audit: { action: 'report.pdf', subject: { result: 'params.id' }, timing: 'before-answer' }, rateLimit: PDF_LIMIT },
        schema: {
          operationId: route.operationId,
          tags: ['reports'],
          description: route.description,
          params: z.object({ id: ZToken }),
          querystring: ZReportDownloadQuery,
          response: {
            200: ZPdf,
            ...apiErrors({
              ...REPORT_ERRORS,
              409: [RESULT_ERRORS.notReady, CERTIFICATE_ERRORS.notAvailable],
              410: [DOWNLOAD_ERRORS.expired, REPORT_LINK_ERRORS.expired],
            }),
          },
        },
      },
      async (request, reply) => {
        const pdf = await renderRequestedPdf(
          app.db,
          app.config,
          app.pdf,
          request.params.id,
          request.query,
          request.authOrNull,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(route.disposition, pdf.fileName))
          .send(pdf.body);
      },
    );
  }

  app.get(
    '/api/dashboard/:token/fileNote',
    {
      // The adviser's document: signed in with the result's read permission; never public (docs/decisions/0030).
      config: { audit: { action: 'report.file_note', subject: { result: 'params.token' }, timing: 'before-answer' }, productPermission: { entity: 'INDIVIDUAL_RESULTS', action: 'READ' } },
      schema: {
        operationId: 'downloadFileNote',
        tags: ['reports', 'results'],
        description: `The adviser's file note PDF of a result: the limits in the adviser's words, what to explain first, remarks (vulnerability, borrowing, concentration), the consistency flag with its instruction or its resolution records. What the client's report leaves out. For a result with the evaluator's performance outlook (selection) it is the selection report instead: the outlook's best fit and description, all classes, what moved it (docs/decisions/0082). Needs INDIVIDUAL_RESULTS/READ; not reachable by the public report token or a mailed download token. Not in the spec: docs/decisions/0030. ${PDF_DESCRIPTION}`,
        params: z.object({ token: ZToken }),
        querystring: ZFileNoteQuery,
        response: {
          200: ZPdf,
          ...apiErrors(RESULT_READ_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const pdf = await renderFileNote(app.db, app.pdf, request.auth, request.params.token, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', pdf.fileName))
        .send(pdf.body);
    },
  );

  const sampleLimit = AUTH_REQUEST_LIMITS.SAMPLE_REPORT;
  app.post(
    '/api/selfassessment/sampleReport',
    {
      config: { ...PUBLIC, audit: false },
      schema: {
        operationId: 'sampleSelfAssessmentReport',
        tags: ['reports'],
        description:
          'Public: no session or API credential needed. A sample self-assessment report PDF from a simulated participant ' +
          '("Alex Example"), to show before signing up; the same document for everyone, rendered once per locale and page ' +
          `format and then served from memory. Limited to ${sampleLimit.perIp} calls per IP in ${sampleLimit.windowMinutes} ` +
          `minutes (then 429 with Retry-After). ${PDF_DESCRIPTION}`,
        body: ZSampleReportRequest,
        response: {
          200: ZPdf,
          ...apiErrors({ 400: ['error.validation'], 429: [AUTH_REQUEST_LIMIT_ERRORS.SAMPLE_REPORT] }),
        },
      },
    },
    async (request, reply) => {
      await countAuthRequest(app.db, 'SAMPLE_REPORT', null, request.ip);
      const pdf = await sampleReportPdf(app.db, app.pdf, request.body, request.authOrNull);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', pdf.fileName))
        .send(pdf.body);
    },
  );
};
