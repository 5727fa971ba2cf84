// GET /api/admin/market-history (what is imported; account admins may look) and POST /api/admin/market-history
// (upload a Shiller-format CSV as text/csv). The history is behind every risk dashboard of every account, so
// replacing it is a platform operator's action (users.platform_operator, set by the CLI), never an account
// admin's: docs/decisions/0016-security-hardening.md.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMarketHistoryStatus } from '@bq/contracts/market-history';
import { apiErrors } from '../../plugins/openapi';
import { importMarketHistory, marketHistoryStatus, MARKET_HISTORY_ERRORS } from './market-history-service';

const MAX_CSV_BYTES = 5 * 1024 * 1024;

export const marketHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_CSV_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/admin/market-history',
    {
      config: { audit: false, permission: { realm: 'BQ_ADMIN', entity: 'ALL', action: 'READ' } },
      schema: {
        operationId: 'getMarketHistory',
        tags: ['market-history'],
        response: {
          200: ZMarketHistoryStatus,
          ...apiErrors({ 401: ['error.auth.unauthorized'], 403: ['error.auth.forbidden'] }),
        },
      },
    },
    async () => marketHistoryStatus(app.db),
  );

  app.post(
    '/api/admin/market-history',
    {
      config: { audit: { action: 'market_history.import' }, operator: true },
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        operationId: 'importMarketHistory',
        tags: ['market-history'],
        description:
          'Body: a Shiller-format monthly CSV (Date, SP500, Dividend, ..., Consumer Price Index, Long Interest Rate) sent as text/csv; replaces the imported history. ' +
          'Platform operators only (403 error.auth.operator_required for everyone else, account admins included): the history is shared by every account.',
        querystring: z.object({ source: z.string().min(1).max(200).optional() }),
        body: z.string().min(1, 'error.validation.required'),
        response: {
          200: ZMarketHistoryStatus,
          ...apiErrors({
            400: ['error.validation', MARKET_HISTORY_ERRORS.invalidFile],
            401: ['error.auth.unauthorized'],
            403: ['error.auth.csrf', 'error.auth.operator_required'],
            413: ['error.request.too_large'],
            415: ['error.request.unsupported_media_type'],
          }),
        },
      },
    },
    async (request) =>
      importMarketHistory(
        app.db,
        request.body,
        request.query.source ?? 'upload',
        request.auth.userId,
      ),
  );
};
