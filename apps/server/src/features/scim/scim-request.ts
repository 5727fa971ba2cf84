// The SCIM plugin's plumbing (docs/decisions/0047): the bearer token check, SCIM's error answer for every failure,
// and the directories' quirks smoothed before scimmy validates (Entra ID sends active as the string "False").
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import SCIMMY from 'scimmy';
import { isDatabaseUnavailable } from '../../plugins/errors';
import { scimError, scimErrorBody } from './scim-error';
import { accountOfScimToken } from './scim-token-service';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
export const TOKEN_INVALID = 'error.scim.token_invalid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The account whose SCIM token the call carries (features/scim); null before the check. */
    scimAccountId: string | null;
  }
}

/** Resolves `Authorization: Bearer bqscim_...` to its account; anything else is 401 (a revoked token too). */
export async function checkScimToken(request: FastifyRequest): Promise<void> {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(String(request.headers.authorization ?? ''));
  const accountId = match?.[1] ? await accountOfScimToken(request.server.db, match[1]) : null;
  if (!accountId) throw scimError(401, undefined, TOKEN_INVALID, 'The SCIM token is missing, unknown or revoked');
  request.scimAccountId = accountId;
  // The audit event belongs to the token's account; the actor is the directory, not a person (audit-plugin.ts).
  if (request.auditNote) Object.assign(request.auditNote, { accountId, actor: { kind: 'SYSTEM', id: 'scim' } });
}

/** Every failure of a SCIM route as SCIM's error message, with a stable key at the start of `detail`. */
export function sendScimError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void reply.type(SCIM_CONTENT_TYPE);
  if (error instanceof SCIMMY.Types.Error) {
    if (error.status === 401) void reply.header('www-authenticate', 'Bearer realm="scim"');
    if (error.status >= 500) request.log.error({ err: error }, 'SCIM request failed');
    return reply.code(error.status).send(scimErrorBody(error));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((v) => [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.')).join(', ');
    return reply.code(400).send(scimErrorBody({ status: 400, scimType: 'invalidValue', message: `error.validation: invalid ${fields}` }));
  }
  if (error.code?.startsWith('FST_ERR_CTP_') && error.statusCode && error.statusCode < 500) {
    const scimType = error.statusCode === 400 ? 'invalidSyntax' : undefined;
    return reply.code(error.statusCode).send(scimErrorBody({ status: error.statusCode, scimType, message: `error.request.bad: ${error.message}` }));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.code(503).header('retry-after', '2').send(scimErrorBody({ status: 503, message: 'error.service_unavailable: Service unavailable' }));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(scimErrorBody({ status: 500, message: 'error.general: Unexpected error' }));
}

const toBoolean = (value: unknown) => (typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value);

/**
 * Entra ID writes `"op": "Replace"` (scimmy takes any case) and `"value": "False"` for the boolean active, which the
 * core schema refuses: such strings become booleans, for `path: "active"` and for `active` inside a value object.
 */
export function normalisePatch(body: unknown): unknown {
  const operations = (body as { Operations?: unknown } | null)?.Operations;
  if (!Array.isArray(operations)) return body;
  return {
    ...(body as object),
    Operations: operations.map((op: Record<string, unknown>) => {
      if (op === null || typeof op !== 'object') return op;
      if (typeof op.path === 'string' && op.path.toLowerCase() === 'active') return { ...op, value: toBoolean(op.value) };
      if (op.value && typeof op.value === 'object' && !Array.isArray(op.value)) {
        const value = Object.fromEntries(Object.entries(op.value).map(([k, v]) => [k, k.toLowerCase() === 'active' ? toBoolean(v) : v]));
        return { ...op, value };
      }
      return op;
    }),
  };
}

/** scimmy's answers are class instances: the plain JSON the reply serialiser validates. */
export function plain(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/** A POST or PUT body with `active` as the string "True"/"False" (as some directories send it) made boolean. */
export function normaliseUser(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('active' in body)) return body;
  return { ...body, active: toBoolean((body as { active: unknown }).active) };
}
