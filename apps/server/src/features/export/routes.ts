// GET /api/product/{type}/export: the data export page's download (docs/decisions/0022-data-export-and-scale.md).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_TOTAL_ROWS_HEADER, ZExportParams, ZExportQuery } from '@bq/contracts/export';
import { apiErrors } from '../../plugins/openapi';
import { contentDisposition } from '../reports/report-pdf';
import { prepareExport } from './export-service';

const ZExportFile = z.any().describe('text/csv (UTF-8 with BOM) or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, streamed');

// The export's rows come from the replica when DATABASE_REPLICA_URL is set (app.readDb, docs/decisions/0059); who may
// export and the anonymisation settings from the primary. It is never cached.
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/product/:type/export',
    {
      // Permission: INDIVIDUAL_EXPORT / READ in the product's realm (checked in prepareExport).
      config: { audit: { action: 'export.download', timing: 'before-answer', details: (r) => ({ filter: { productType: (r.params as { type?: string }).type, ...(r.query as object) } }), fromReply: (reply) => ({ rows: Number(reply.getHeader(EXPORT_TOTAL_ROWS_HEADER) ?? 0) }) }, productPermission: { entity: 'INDIVIDUAL_EXPORT', action: 'READ', product: { productType: 'params.type' } } },
      schema: {
        operationId: 'exportProductData',
        tags: ['export'],
        description:
          'Streams the product\'s clients (content=clients: one row per client with its latest finished result) or its finished results ' +
          '(content=results: one row per result) as CSV or XLSX in the given language. The file name is in Content-Disposition, the ' +
          `number of data rows in ${EXPORT_TOTAL_ROWS_HEADER}. Locked results are listed without scores.`,
        params: ZExportParams,
        querystring: ZExportQuery,
        response: {
          200: ZExportFile,
          ...apiErrors({ 400: ['error.validation'], 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'], 404: ['error.not_found'] }),
        },
      },
    },
    async (request, reply) => {
      const prepared = await prepareExport(app.db, request.auth, request.product, request.query, {}, app.readDb);
      return reply
        .header('content-type', prepared.contentType)
        .header('content-disposition', contentDisposition('attachment', prepared.fileName))
        .header(EXPORT_TOTAL_ROWS_HEADER, String(prepared.totalRows))
        .header('access-control-expose-headers', `content-disposition, ${EXPORT_TOTAL_ROWS_HEADER}`)
        .send(prepared.body);
    },
  );
};
