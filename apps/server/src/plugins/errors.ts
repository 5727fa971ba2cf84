// Turns every failure into JSON { errorKey, message, reqId, fields?, details? } with a fitting status.
// Bad input is always a 4xx; anything unexpected is logged with the request id and answered as error.general.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../app-error';
import { hasErrorCode, hasErrorMessage } from '../db/sql-state';

interface FieldError {
  path: string;
  errorKey: string;
}

/** Maps a zod issue to a stable per-field errorKey the form can translate. */
function fieldErrorKey(code: string, message: string, params: Record<string, unknown>): string {
  if (message.startsWith('error.')) return message;
  switch (code) {
    case 'invalid_type':
      return /received undefined/.test(message) ? 'error.validation.required' : 'error.validation.invalid_type';
    case 'too_small':
      return 'error.validation.too_short';
    case 'too_big':
      return 'error.validation.too_long';
    case 'invalid_format':
      return params.format === 'email' ? 'error.validation.invalid_email' : 'error.validation.invalid_format';
    case 'invalid_value':
      return 'error.validation.invalid_value';
    case 'unrecognized_keys':
      return 'error.validation.unknown_field';
    default:
      return 'error.validation.invalid';
  }
}

/** Fastify's own 4xx errors (body parsing, content type, size) mapped to stable keys. */
const FASTIFY_CODES: Record<string, { errorKey: string; status: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { errorKey: ERROR_KEYS.malformedJson, status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { errorKey: ERROR_KEYS.malformedJson, status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { errorKey: ERROR_KEYS.payloadTooLarge, status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { errorKey: 'error.request.unsupported_media_type', status: 415 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { errorKey: 'error.request.bad', status: 400 },
};

// Connection-level failures: refused or reset sockets, and the server's "shutting down / starting up / connection
// lost" SQLSTATE classes 57P and 08.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable/i;
export function isDatabaseUnavailable(error: unknown): boolean {
  return hasErrorCode(error, UNAVAILABLE_CODES) || hasErrorMessage(error, UNAVAILABLE_MESSAGES);
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ errorKey: error.errorKey, message: error.message, reqId: request.id, ...(error.fields ? { fields: error.fields } : {}), ...(error.details ? { details: error.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        errorKey: fieldErrorKey(v.keyword, v.message ?? "", v.params as Record<string, unknown>),
      }));
      return reply
        .code(400)
        .send({ errorKey: ERROR_KEYS.validation, message: 'The request is not valid', reqId: request.id, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ errorKey: ERROR_KEYS.general, message: 'Unexpected error', reqId: request.id });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      return reply.code(known.status).send({ errorKey: known.errorKey, message: error.message, reqId: request.id });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ errorKey: 'error.request.bad', message: error.message, reqId: request.id });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or unreachable: a clean 503 the client may retry; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send({ errorKey: ERROR_KEYS.serviceUnavailable, message: 'Service unavailable', reqId: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ errorKey: ERROR_KEYS.general, message: 'Unexpected error', reqId: request.id });
  });
});
