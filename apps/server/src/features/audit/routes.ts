// GET /api/audit/events, its export and GET /api/audit/verify: the caller's account's audit trail (permission
// BQ_ADMIN/AUDIT_LOG/READ, for compliance officers; docs/decisions/0039).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZExportAuditEventsRequest, ZListAuditEventsRequest, ZListAuditEventsResponse, ZVerifyAuditChainResponse } from '@bq/contracts/audit';
import { EXPORT_TOTAL_ROWS_HEADER } from '@bq/contracts/export';
import { requireAuth } from '../../plugins/auth';
import { apiErrors } from '../../plugins/openapi';
import { listAuditEvents } from './list-events';
import { verifyChain } from './verify-chain';
import { latestCheckpoint } from './checkpoint';
import { prepareAuditExport } from './export-events';
import { contentDisposition } from '../reports/report-pdf';

const READ_AUDIT_LOG = { realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' } as const;
const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const ZAuditExportFile = z.any().describe('text/csv (UTF-8 with BOM, a header row) or application/jsonl (one AuditEvent per line), streamed');

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit/events',
    {
      config: { permission: READ_AUDIT_LOG, audit: { action: 'audit.list', details: (r) => ({ filter: r.query }) } },
      schema: {
        operationId: 'listAuditEvents',
        tags: ['audit'],
        description: "The account's audit events, newest first; pass nextCursor as cursor for the next page.",
        querystring: ZListAuditEventsRequest,
        response: { 200: ZListAuditEventsResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'] }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Events of reads wait up to a second in memory: the reader sees every event answered before this request.
      await app.audit.flush();
      return listAuditEvents(app.db, requireAuth(request).accountId, request.query);
    },
  );

  app.get(
    '/api/audit/events/export',
    {
      config: {
        permission: READ_AUDIT_LOG,
        // A download: its event (filter, format, row count, last event included) is committed before the first byte.
        audit: {
          action: 'audit.export',
          timing: 'before-answer',
          details: (r) => {
            const { format, ...filter } = r.query as Record<string, unknown>;
            return { filter, format };
          },
          fromReply: (reply) => ({ rows: Number(reply.getHeader(EXPORT_TOTAL_ROWS_HEADER) ?? 0), throughId: String(reply.getHeader('x-through-id') ?? '') }),
        },
      },
      schema: {
        operationId: 'exportAuditEvents',
        tags: ['audit'],
        description:
          "Streams the account's audit events that match the filters (those of listAuditEvents), newest first, as CSV or JSON Lines, " +
          `up to the newest event when the export starts. The file name is in Content-Disposition, the number of events in ${EXPORT_TOTAL_ROWS_HEADER}, ` +
          'the id of the newest event the file can hold in x-through-id. The export is itself recorded (audit.export) before the first byte is sent.',
        querystring: ZExportAuditEventsRequest,
        response: { 200: ZAuditExportFile, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'] }) },
      },
    },
    async (request, reply) => {
      await app.audit.flush();
      const prepared = await prepareAuditExport(app.db, requireAuth(request).accountId, request.query);
      return reply
        .header('content-type', prepared.contentType)
        .header('content-disposition', contentDisposition('attachment', prepared.fileName))
        .header(EXPORT_TOTAL_ROWS_HEADER, String(prepared.totalRows))
        .header('x-through-id', String(prepared.throughId))
        .header('access-control-expose-headers', `content-disposition, ${EXPORT_TOTAL_ROWS_HEADER}, x-through-id`)
        .header('cache-control', 'private, no-store')
        .send(prepared.body);
    },
  );

  app.get(
    '/api/audit/verify',
    {
      config: { permission: READ_AUDIT_LOG, audit: { action: 'audit.verify' } },
      schema: {
        operationId: 'verifyAuditChain',
        tags: ['audit'],
        description: "Recomputes the account's audit chain and names the first event where it breaks (changed, inserted or deleted).",
        response: { 200: ZVerifyAuditChainResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'] }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await app.audit.flush();
      const accountId = requireAuth(request).accountId;
      const latest = latestCheckpoint(app.config);
      const head = latest?.checkpoint.chains.find((c) => c.accountId === accountId);
      const report = await verifyChain(app.db, app.config.AUDIT_CHAIN_KEY, accountId, head);
      return {
        ok: report.ok,
        events: report.events,
        headSeq: report.headSeq,
        firstBroken: report.firstBroken ? { ...report.firstBroken, id: report.firstBroken.id === null ? null : String(report.firstBroken.id) } : null,
        checkpoint: latest && head ? { createdAt: latest.checkpoint.createdAt, headSeq: head.headSeq } : null,
      };
    },
  );
};
