// GET /api/audit/events, its export, GET /api/audit/verify and GET /api/audit/actions: the caller's account's audit trail (permission
// BQ_ADMIN/AUDIT_LOG/READ, for compliance officers; docs/decisions/0039, 0071); GET /api/audit/keys: the public keys
// an outsider verifies the checkpoints with.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditActions, ZAuditKeys, ZExportAuditEventsRequest, ZListAuditEventsRequest, ZListAuditEventsResponse, ZVerifyAuditChainResponse } from '@bq/contracts/audit';
import { EXPORT_TOTAL_ROWS_HEADER } from '@bq/contracts/export';
import { apiErrors } from '../../plugins/openapi';
import { listAuditEvents } from './list-events';
import { assertKnownAction } from './audit-actions';
import { publishedKeys } from './audit-keys';
import { chainLines, prepareAuditExport } from './export-events';
import { newestAuditEventId } from './list-events';
import { verifyExportLines } from './verify-export';
import { contentDisposition } from '../reports/report-pdf';

const READ_AUDIT_LOG = { realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' } as const;
const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
const ZAuditExportFile = z
  .any()
  .describe(
    'text/csv (UTF-8 with BOM, a header row, newest first) or application/jsonl (oldest first: one event per line with seq, prevHash and hash, ' +
      'and the signed checkpoints as lines of type checkpoint; verify with npm run audit:verify), streamed',
  );
/** Keys change at a rotation only; an hour's caching spares the route and still publishes a new key soon. */
const KEYS_MAX_AGE_SECONDS = 3600;

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
        response: { 200: ZListAuditEventsResponse, ...apiErrors({ 400: ['error.validation', 'error.audit.unknown_action'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'] }) },
      },
    },
    async (request) => {
      const accountId = request.auth.accountId;
      await assertKnownAction(app.db, app.auditActions, accountId, request.query.action);
      // Events of reads wait up to a second in memory: the reader sees every event answered before this request.
      await app.audit.flush();
      return listAuditEvents(app.db, accountId, request.query);
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
          "Streams the account's audit events that match the filters (those of listAuditEvents) as CSV (newest first) or JSON Lines (the " +
          'chain oldest first, each event with seq, prevHash and hash; without filters also the signed checkpoints, so the file verifies ' +
          'on its own with npm run audit:verify; with filters a first line {"type":"excerpt","v":1,"accountId","filter"}, and the verifier ' +
          'reports an excerpt, never a complete trail), ' +
          `up to the newest event when the export starts. The file name is in Content-Disposition, the number of events in ${EXPORT_TOTAL_ROWS_HEADER}, ` +
          'the id of the newest event the file can hold in x-through-id. The export is itself recorded (audit.export) before the first byte is sent.',
        querystring: ZExportAuditEventsRequest,
        response: { 200: ZAuditExportFile, ...apiErrors({ 400: ['error.validation', 'error.audit.unknown_action'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'] }) },
      },
    },
    async (request, reply) => {
      const accountId = request.auth.accountId;
      await assertKnownAction(app.db, app.auditActions, accountId, request.query.action);
      await app.audit.flush();
      const prepared = await prepareAuditExport(app.db, app.config, accountId, request.query);
      return reply
        .header('content-type', prepared.contentType)
        .header('content-disposition', contentDisposition('attachment', prepared.fileName))
        .header(EXPORT_TOTAL_ROWS_HEADER, String(prepared.totalRows))
        .header('x-through-id', String(prepared.throughId))
        .header('access-control-expose-headers', `content-disposition, ${EXPORT_TOTAL_ROWS_HEADER}, x-through-id`)
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
        description:
          "Verifies the account's whole audit trail exactly as an outsider verifies its JSON Lines export (npm run audit:verify, the same " +
          'code): every hash, every link, seq from 1 without gaps, every checkpoint signature against GET /api/audit/keys, and no event ' +
          'missing after the newest checkpoint. Names the first broken line.',
        response: { 200: ZVerifyAuditChainResponse, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'] }) },
      },
    },
    async (request) => {
      await app.audit.flush();
      const accountId = request.auth.accountId;
      const throughId = await newestAuditEventId(app.db, accountId);
      // Pages of lines split into lines: the verifier reads what the export would send, byte for byte.
      async function* lines(): AsyncGenerator<string> {
        for await (const chunk of chainLines(app.db, app.config, accountId, {}, throughId)) yield* chunk.split('\n');
      }
      // The whole chain, never an excerpt: the answer has no excerpt field.
      const { excerpt: _wholeChain, ...report } = await verifyExportLines(lines(), publishedKeys(app.config));
      return report;
    },
  );

  app.get(
    '/api/audit/actions',
    {
      // The codes the product records, the same for every account: reading them touches no client data.
      config: { permission: READ_AUDIT_LOG, audit: false },
      schema: {
        operationId: 'listAuditActions',
        tags: ['audit'],
        description:
          'Every action the audit trail can hold (those the routes declare and those the product records itself), sorted, for the ' +
          "action filter's suggestions; the words of each are the translation audit.action.<action>. Filtering the trail by any other " +
          'action (one not found in the account\'s events either) answers 400 error.audit.unknown_action.',
        response: { 200: ZAuditActions, ...apiErrors({ 401: UNAUTHORIZED, 403: ['error.auth.forbidden'] }) },
      },
    },
    async () => ({ actions: [...app.auditActions].sort().map((action) => ({ action })) }),
  );

  app.get(
    '/api/audit/keys',
    {
      // Public: anyone verifying an export needs the keys, and they reveal nothing; reading them is not audited.
      config: { audit: false, public: true, httpCache: `public, max-age=${KEYS_MAX_AGE_SECONDS}` },
      schema: {
        operationId: 'getAuditKeys',
        tags: ['audit'],
        security: [],
        description:
          "The Ed25519 public keys that sign the audit trail's checkpoints, with their ids (current and retired ones, so checkpoints signed " +
          'before a rotation still verify). No sign-in; cacheable. Save the body as keys.json for npm run audit:verify.',
        response: { 200: ZAuditKeys },
      },
    },
    async () => publishedKeys(app.config),
  );
};
