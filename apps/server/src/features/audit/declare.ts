// Small building blocks for routes' audit declarations (audit-plugin.ts), so each declaration stays one line.
import type { FastifyRequest } from 'fastify';
import type { AuditSubject } from './audit-plugin';

/** A list's row count on this page (and its total when the answer has one), from the answer. */
export function rowsOf(key = 'items') {
  return (body: unknown) => {
    const value = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[key];
    const total = (body as { total?: unknown } | null)?.total;
    return { details: { rows: Array.isArray(value) ? value.length : 0, ...(typeof total === 'number' ? { total } : {}) } };
  };
}

/** The token of what the request created (a client, an interaction), from the answer. */
export function created(as: 'client' | 'result', key = 'token') {
  return (body: unknown) => {
    const token = (body as Record<string, unknown> | null)?.[key];
    const subject: AuditSubject = typeof token === 'string' ? (as === 'client' ? { clientToken: token } : { resultToken: token }) : {};
    return { subject };
  };
}

/**
 * A list's filter without its free-text search: the search may be a person's name, which the trail never holds
 * (only that one was given).
 */
export function filterOf(request: FastifyRequest): Record<string, unknown> {
  const { q, ...rest } = (request.query ?? {}) as Record<string, unknown>;
  return { filter: { ...rest, ...(q ? { search: true } : {}) } };
}

/** The field names a write sent (never their values, which may be a name or an address). */
export function fieldsOf(request: FastifyRequest): Record<string, unknown> {
  return { fields: Object.keys((request.body ?? {}) as Record<string, unknown>).sort() };
}
