// POST /api/instance/bulk (send a questionnaire to many clients; answers the job at once), GET /api/instance/bulk/{id}
// (its progress) and POST /api/instance/bulk/{id}/stop (docs/decisions/0049).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZBulkSendParams, ZBulkSendProgress, ZBulkSendRequest, type TBulkSendRequest } from '@bq/contracts/bulk-send';
import { requireAuth } from '../../plugins/auth';
import { apiErrors } from '../../plugins/openapi';
import { getBulkSend, startBulkSend, stopBulkSend } from './bulk-send-service';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden'];
const NOT_FOUND = ['error.not_found'];

/** What the trail keeps of a bulk send: how many tokens or which filter (its search only as "given"), never names. */
function selectionOf(request: FastifyRequest): Record<string, unknown> {
  const body = (request.body ?? {}) as Partial<TBulkSendRequest>;
  if (Array.isArray(body.clientTokens)) return { tokens: body.clientTokens.length };
  const { q, ...filter } = body.filter ?? {};
  return { filter: { ...filter, ...(q ? { search: true } : {}) } };
}

const countsOf = (body: unknown) => {
  const progress = body as { id?: string; total?: number; created?: number; status?: string } | null;
  return { details: { bulkSendId: progress?.id, total: progress?.total, created: progress?.created, status: progress?.status } };
};

export const bulkSendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/instance/bulk',
    {
      config: {
        audit: { action: 'interaction.bulk_send', details: selectionOf, answer: countsOf },
        productPermission: { entity: 'INTERACTION_INSTANCE', action: 'CREATE' },
      },
      schema: {
        operationId: 'startBulkSend',
        tags: ['instances'],
        body: ZBulkSendRequest,
        response: {
          202: ZBulkSendProgress,
          ...apiErrors({ 400: BAD_INPUT, 401: UNAUTHORIZED, 403: [...FORBIDDEN, 'error.email_verification.required'], 404: NOT_FOUND }),
        },
      },
    },
    async (request, reply) => reply.code(202).send(await startBulkSend(app.db, app.queue, requireAuth(request), request.body)),
  );

  app.get(
    '/api/instance/bulk/:id',
    {
      // audit: false: polled every second while a send runs, and it shows only counts and the tokens of clients the
      // send's own start event already covers; the start and the stop are the events.
      config: { audit: false, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'READ' } },
      schema: {
        operationId: 'getBulkSend',
        tags: ['instances'],
        params: ZBulkSendParams,
        response: { 200: ZBulkSendProgress, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: ['error.auth.forbidden'], 404: NOT_FOUND }) },
      },
    },
    async (request) => getBulkSend(app.db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/instance/bulk/:id/stop',
    {
      config: { audit: { action: 'interaction.bulk_send_stop', details: (r) => ({ bulkSendId: (r.params as { id?: string }).id }), answer: countsOf }, productPermission: { entity: 'INTERACTION_INSTANCE', action: 'CREATE' } },
      schema: {
        operationId: 'stopBulkSend',
        tags: ['instances'],
        params: ZBulkSendParams,
        response: { 200: ZBulkSendProgress, ...apiErrors({ 400: ['error.validation'], 401: UNAUTHORIZED, 403: FORBIDDEN, 404: NOT_FOUND }) },
      },
    },
    async (request) => stopBulkSend(app.db, requireAuth(request), request.params.id),
  );
};
