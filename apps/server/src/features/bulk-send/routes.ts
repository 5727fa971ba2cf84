// POST /api/instance/bulk (send a questionnaire to many clients; answers the job at once), GET /api/instance/bulk/{id}
// (its progress) and POST /api/instance/bulk/{id}/stop (docs/decisions/0049).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { BULK_SEND_ERRORS, ZBulkSendParams, ZBulkSendProgress, ZBulkSendRequest, ZIdempotencyKey, type TBulkSendRequest } from '@bq/contracts/bulk-send';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import { apiErrors } from '../../plugins/openapi';
import { getBulkSend, startBulkSend, stopBulkSend } from './bulk-send-service';

const BAD_INPUT = ['error.validation', 'error.request.malformed_json'];
const UNAUTHORIZED = ['error.auth.unauthorized'];
const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden'];
const NOT_FOUND = ['error.not_found'];

/** What the trail keeps of a bulk send: how many tokens or which filter (its search only as "given"), never names. */
function selectionOf(request: FastifyRequest): Record<string, unknown> {
  const body = (request.body ?? {}) as Partial<TBulkSendRequest>;
  const skip = typeof body.skipResultsWithinMonths === 'number' ? { skipResultsWithinMonths: body.skipResultsWithinMonths } : {};
  if (Array.isArray(body.clientTokens)) return { tokens: body.clientTokens.length, ...skip };
  const { q, ...filter } = body.filter ?? {};
  return { filter: { ...filter, ...(q ? { search: true } : {}) }, ...skip };
}

/** The Idempotency-Key header, checked like any input (400 error.validation when it is not a plain key). */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const parsed = ZIdempotencyKey.safeParse(header);
  if (!parsed.success) {
    throw new AppError(ERROR_KEYS.validation, 400, 'The Idempotency-Key header is not valid', {}, [{ path: 'headers.idempotency-key', errorKey: 'error.validation.invalid_format' }]);
  }
  return parsed.data;
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
        productPermission: { entity: 'INTERACTION_INSTANCE', action: 'CREATE', product: { configurationId: 'body.productConfigurationId' } },
      },
      schema: {
        operationId: 'startBulkSend',
        tags: ['instances'],
        description:
          'Starts the send and answers its job at once. An optional Idempotency-Key header (1-200 of A-Z a-z 0-9 _ . : -) makes a ' +
          'retry safe: a start sent again with the same key answers the send it started (202, the same id) instead of starting a ' +
          'second; the same key for another product configuration or by another user is 422. Clients with an open questionnaire of the ' +
          'product are skipped, and so are clients who answered one within skipResultsWithinMonths (default 3; 0 skips none for that ' +
          'reason); every skipped client is listed in failures (up to 1,000) with its errorKey, clientName (as the viewer may see it) ' +
          'and since (when the open one was sent, or when the client answered). startFromPrevious (the yearly review): each ' +
          "questionnaire starts from the client's latest result's answers and names it (review_of); a client without one gets an " +
          'empty questionnaire and is counted in startedEmpty. filter.reviewDue: true (due now) or month (due by the end of this month).',
        body: ZBulkSendRequest,
        response: {
          202: ZBulkSendProgress,
          ...apiErrors({
            400: BAD_INPUT,
            401: UNAUTHORIZED,
            403: [...FORBIDDEN, 'error.email_verification.required'],
            404: NOT_FOUND,
            422: [BULK_SEND_ERRORS.idempotencyKeyReused],
          }),
        },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return startBulkSend(app.db, app.queue, request.auth, request.product, request.body, idempotencyKeyOf(request));
    },
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
    async (request) => getBulkSend(app.db, request.auth, request.params.id),
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
    async (request) => stopBulkSend(app.db, request.auth, request.params.id),
  );
};
