// The adverse-impact report as files (BQ_SELECTION/FAIRNESS_REPORT/READ): GET .../adverse-impact/csv (the tables) and
// GET .../adverse-impact/pdf (the Local Law 144 summary). Same query, same guard, same figures as the JSON answer.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdverseImpactQuery, ZFairnessProductParams } from '@bq/contracts/fairness';
import { defaultPageFormat } from '@bq/contracts/reports';
import { DEFAULT_LOCALE } from '@bq/domain/locales';
import { apiErrors } from '../../plugins/openapi';
import { accounts } from '../../db/schema';
import { contentDisposition } from '../reports/report-pdf';
import { userLocale } from '../user/user-service';
import { adverseImpactReport } from './adverse-impact-report';
import { adverseImpactCsv, adverseImpactPdfContent } from './report-files';

const READ_FAIRNESS = { realm: 'BQ_SELECTION', entity: 'FAIRNESS_REPORT', action: 'READ' } as const;
const ERRORS = apiErrors({ 400: ['error.validation'], 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'], 404: ['error.not_found'] });

export const fairnessDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/fairness/:product/adverse-impact/csv',
    {
      config: { permission: READ_FAIRNESS, audit: { action: 'fairness.adverse_impact_csv', details: (r) => ({ filter: r.query }) } },
      schema: {
        operationId: 'exportAdverseImpactCsv',
        tags: ['fairness'],
        description: 'The adverse-impact tables as CSV (UTF-8 with BOM; ";" and decimal comma in DE_DE). Hidden groups carry their reason instead of figures.',
        params: ZFairnessProductParams,
        querystring: ZAdverseImpactQuery,
        response: { 200: z.any().describe('text/csv'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const locale = request.query.locale ?? (await userLocale(app.db, auth.userId)) ?? DEFAULT_LOCALE;
      const report = await adverseImpactReport(app.db, auth.accountId, request.params.product, request.query);
      const csv = await adverseImpactCsv(app.db, report, locale);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', csv.fileName))
        .send(csv.body);
    },
  );

  app.get(
    '/api/fairness/:product/adverse-impact/pdf',
    {
      config: { permission: READ_FAIRNESS, audit: { action: 'fairness.adverse_impact_pdf', details: (r) => ({ filter: r.query }) } },
      schema: {
        operationId: 'downloadAdverseImpactPdf',
        tags: ['fairness'],
        description: 'A PDF summary in the layout of NYC Local Law 144 (date, source, period, unknown category, rates and impact ratios per category and intersection).',
        params: ZFairnessProductParams,
        querystring: ZAdverseImpactQuery,
        response: { 200: z.any().describe('application/pdf'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const locale = request.query.locale ?? (await userLocale(app.db, auth.userId)) ?? DEFAULT_LOCALE;
      const report = await adverseImpactReport(app.db, auth.accountId, request.params.product, request.query);
      const [account] = await app.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, auth.accountId));
      const content = await adverseImpactPdfContent(app.db, report, locale, account?.name ?? '');
      const pdf = await app.pdf.render({ kind: 'fileNote', content, pageFormat: defaultPageFormat(locale) });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', content.fileName))
        .send(pdf);
    },
  );
};
