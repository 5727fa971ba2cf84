// A client's rights (issue 23 point 8, docs/decisions/0043): GET /api/client/{token}/personal-data (the ZIP copy),
// GET /api/client/{token}/erasure (what erasing keeps and deletes, and the code to confirm it) and
// POST /api/client/{token}/erase. Permission BQ_USER READ (copy) or DELETE (erasure) in every product of the client.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_RIGHTS_ERRORS, ZEraseClientRequest, ZEraseClientResponse, ZErasurePreview, type TEraseClientResponse } from '@bq/contracts/data-rights';
import { apiErrors } from '../../plugins/openapi';
import { contentDisposition } from '../reports/report-pdf';
import { requireDataSubject } from './data-subject';
import { eraseClient, erasurePlan } from './erase-client';
import { collectPersonalData } from './personal-data';
import { personalDataZip } from './personal-data-zip';
import { erasureSecurityCode } from './security-code';

const ZToken = z.string().min(1).max(100);
const ZZip = z.any().describe('application/zip, streamed: personal-data.json and reports/*.pdf');
const UNAUTHORIZED = ['error.auth.unauthorized'];
const FORBIDDEN = ['error.auth.forbidden', 'error.anonymisation.identity_hidden'];
/** An erasure's event holds counts only, from its answer: the trail never holds who it was (ADR 0039). */
const erasureCounts = (body: unknown) => {
  const answer = body as Partial<TEraseClientResponse> | null;
  return { details: { kept: answer?.results?.filter((r) => r.kept).length, removed: answer?.removed } };
};

export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/:token/personal-data',
    {
      config: { audit: { action: 'client.personal_data', subject: { client: 'params.token' }, timing: 'before-answer' }, productPermission: { entity: 'BQ_USER', action: 'READ' } },
      schema: {
        operationId: 'downloadClientPersonalData',
        tags: ['clients', 'data-rights'],
        description:
          'Everything held about the client (GDPR Art. 15 and 20) as a streamed ZIP: personal-data.json (identity, products, every ' +
          'interaction with answers and results, the adviser\'s notes, mails sent, the privacy policy shown) and reports/*.pdf, one per ' +
          'result with a report. Locked results list their answers without scores and have no PDF. Needs BQ_USER/READ in every product ' +
          'of the client; a client anonymised for the caller is refused. The audit event commits before the first byte.',
        params: z.object({ token: ZToken }),
        response: { 200: ZZip, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const subject = await requireDataSubject(app.db, auth, request.params.token, 'READ');
      const content = await collectPersonalData(app.db, subject);
      const zip = personalDataZip({ db: app.db, config: app.config, pdf: app.pdf, log: request.log }, auth, { ...content, locale: subject.client.locale });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', `personal-data-${date}.zip`))
        .header('access-control-expose-headers', 'content-disposition')
        .send(zip);
    },
  );

  app.get(
    '/api/client/:token/erasure',
    {
      config: { audit: { action: 'client.erasure_preview', subject: { client: 'params.token' } }, productPermission: { entity: 'BQ_USER', action: 'DELETE' } },
      schema: {
        operationId: 'previewClientErasure',
        tags: ['clients', 'data-rights'],
        description: 'What erasing the client would keep (and why, and until when) and delete, per result, and the four-digit security code the erase call needs. Needs BQ_USER/DELETE in every product of the client.',
        params: z.object({ token: ZToken }),
        response: { 200: ZErasurePreview, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: ['error.not_found'] }) },
      },
    },
    async (request) => {
      const { client } = await requireDataSubject(app.db, request.auth, request.params.token, 'DELETE');
      const plan = await erasurePlan(app.db, client, new Date());
      return {
        clientToken: client.token,
        erasedAt: client.erasedAt?.toISOString() ?? null,
        securityCode: erasureSecurityCode(app.config.dataEncryptionKey, client),
        results: plan.map((p) => p.shown),
      };
    },
  );

  app.post(
    '/api/client/:token/erase',
    {
      config: { audit: { action: 'client.erase', subject: { client: 'params.token' }, answer: erasureCounts }, productPermission: { entity: 'BQ_USER', action: 'DELETE' }, sessionOnly: true, stepUp: true },
      schema: {
        operationId: 'eraseClient',
        tags: ['clients', 'data-rights'],
        description:
          'Erases the client (GDPR Art. 17) in one transaction with its audit event: name, e-mail, phone, the mails\' addresses and bodies, ' +
          'every token that opens a questionnaire, report, download link or certificate, and the results no retention duty covers. ' +
          'Calculated results of the advisory products (BQ_ADVISORY_BANK, BQ_ADVISORY_WEALTH, BQ_RISK) stay pseudonymised with their ' +
          'evidence for 5 years (MiFID II record keeping); the answer says so per result. Needs BQ_USER/DELETE in every product of the ' +
          'client and the security code of GET /api/client/{token}/erasure.',
        params: z.object({ token: ZToken }),
        body: ZEraseClientRequest,
        response: {
          200: ZEraseClientResponse,
          ...apiErrors({
            400: ['error.validation', DATA_RIGHTS_ERRORS.securityCode],
            401: UNAUTHORIZED,
            403: ['error.auth.csrf', ...FORBIDDEN],
            404: ['error.not_found'],
            409: [DATA_RIGHTS_ERRORS.erased],
          }),
        },
      },
    },
    async (request) => {
      const { client } = await requireDataSubject(app.db, request.auth, request.params.token, 'DELETE');
      const erased = await eraseClient(app.db, { clientId: client.id, securityCode: request.body.securityCode, masterKey: app.config.dataEncryptionKeys });
      return { clientToken: client.token, ...erased };
    },
  );
};
