// Refuses text no handler should ever see: a NUL byte or a lone UTF-16 surrogate in a path parameter, query parameter
// or anywhere in the body (record keys too), and a URL whose percent-encoding is not UTF-8. Answer: 400
// error.validation with the field (error.validation.invalid_characters). One place for every route, public ones
// included; PostgreSQL would otherwise refuse such text with a 500.
// The path and query are checked on request, before any other hook reads them: sign-in, the response cache's key and
// the audit trail's subject all come later (issue 36 point 1: a refused request's token once reached the audit flush
// and stopped every account's read trail). The body exists only after parsing, so it is checked before validation.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { findUnsafeText } from '@bq/domain/safe-text';
import { ZApiError } from '@bq/contracts/errors';
import { AppError } from '../app-error';
import { fallbackSecurityHeaders } from './security-headers';

export const INVALID_CHARACTERS = 'error.validation.invalid_characters';

function invalidCharacters(path: string): AppError {
  return new AppError(ERROR_KEYS.validation, 400, 'The request contains characters that are not allowed', {}, [
    { path, errorKey: INVALID_CHARACTERS },
  ]);
}

/** The query string's first parameter whose percent-encoding does not decode (e.g. %ED%A0%80, a lone surrogate). */
function undecodableQueryParameter(url: string): string | null {
  const start = url.indexOf('?');
  if (start === -1) return null;
  for (const part of url.slice(start + 1).split('&')) {
    const [name = '', value = ''] = part.split('=', 2);
    for (const text of [name, value]) {
      try {
        decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return name;
      }
    }
  }
  return null;
}

/** Fastify's own answer to a path it cannot decode, in the API's error shape (frameworkErrors option). */
export function badUrlHandler(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  // No hook runs for this answer, so it gets the security headers here.
  void reply.headers(fallbackSecurityHeaders());
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({
      errorKey: ERROR_KEYS.validation,
      message: 'The URL is not valid',
      reqId: request.id,
      fields: [{ path: 'params', errorKey: INVALID_CHARACTERS }],
    });
    return;
  }
  void reply.code(400).send({ errorKey: 'error.request.bad', message: error.message, reqId: request.id });
}

export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  // Every route can answer 400 error.validation this way; its OpenAPI entry says so.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ??= {}) as { response?: Record<string | number, unknown> };
    const response = (schema.response ??= {});
    const existing = (response[400] ?? response['400']) as { description?: string } | undefined;
    if (existing?.description?.includes(ERROR_KEYS.validation)) return;
    const listed = existing?.description?.replace(/^errorKey: /, '');
    delete response['400'];
    response[400] = ZApiError.describe(`errorKey: ${[ERROR_KEYS.validation, ...(listed ? [listed] : [])].join(' | ')}`);
  });

  app.addHook('onRequest', async (request) => {
    const badQuery = undecodableQueryParameter(request.url);
    if (badQuery !== null) throw invalidCharacters(`querystring.${badQuery}`);
    const where = findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'querystring');
    if (where) throw invalidCharacters(where);
  });

  app.addHook('preValidation', async (request) => {
    const where = findUnsafeText(request.body, 'body');
    if (where) throw invalidCharacters(where);
  });
});
