// GET /api/audit/events and GET /api/audit/verify: the caller's account's audit trail (permission
// BQ_ADMIN/AUDIT_LOG/READ, for compliance officers; docs/decisions/0039).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZListAuditEventsRequest, ZListAuditEventsResponse, ZVerifyAuditChainResponse } from '@bq/contracts/audit';
import { requireAuth } from '../../plugins/auth';
import { apiErrors } from '../../plugins/openapi';
import { listAuditEvents } from './list-events';
import { verifyChain } from './verify-chain';
import { latestCheckpoint } from './checkpoint';

const READ_AUDIT_LOG = { realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' } as const;
const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];

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
