// One unit of work per write request (issue 36 point 11; docs/decisions/0088, which replaces the commit hook of
// 0039). The audit plugin runs every write route's handler inside one transaction (db/request-work.ts): whatever the
// handler and its services read and write goes there, and once the handler returned, the request's ALLOWED event is
// appended in the same transaction before COMMIT. The change and its event are stored together or not at all, and a
// handler that answers 4xx changes nothing (its transaction rolls back; the refusal's event is written on its own).
// The event holds everything the handler noted (noteAudit, noteEdit, noteRefusal) and what its answer says (`answer`,
// `fromReply`), since the answer exists before the commit. Bookkeeping that must outlive a refusal (a failed
// sign-in's counter) is noted with besideRequestWork and written after the unit.
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { runRequestWork } from '../../db/request-work';
import { emitForRouteEvent } from '../webhooks/route-events';
import { eventOf, type AuditSubject } from './audit-plugin';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A route whose ALLOWED event must commit with its change: a declared action on any method but a read, unless the
 * declaration buffers it on purpose (the questionnaire's answer autosave, ADR 0039).
 */
export function isWriteRoute(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): boolean {
  const declaration = (route.config as { audit?: { timing?: string } | false } | undefined)?.audit;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const audited = route.url.startsWith('/api/') || route.url.startsWith('/scim/');
  return Boolean(declaration) && declaration !== false && declaration?.timing !== 'buffered' && audited && methods.some((m) => !READS.has(m.toUpperCase()));
}

/** The status the route answers on success, for the event written before the answer exists (its `details.status`). */
function successStatus(request: FastifyRequest, reply: FastifyReply): number {
  const response = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
  const declared = Object.keys(response).map(Number).filter((s) => s >= 200 && s < 300).sort();
  if (declared.includes(reply.statusCode)) return reply.statusCode;
  return declared[0] ?? 200;
}

/** A handler's answer that is the status it chose, not a change: it is sent as it is, after the rollback. */
class Refusal {
  constructor(readonly value: unknown) {}
}

/** What the answer adds to the event (a created client's token, a count in a header), as the plugin reads it. */
export function detailsOfAnswer(request: FastifyRequest, reply: FastifyReply, body: unknown): { details?: Record<string, unknown>; subject?: AuditSubject } {
  const declaration = request.routeOptions.config?.audit;
  const read: { details?: Record<string, unknown>; subject?: AuditSubject } = {};
  if (!declaration || reply.statusCode >= 300) return read;
  if (declaration.fromReply) read.details = declaration.fromReply(reply);
  if (declaration.answer && body !== undefined && body !== null) {
    try {
      const parsed: unknown = typeof body === 'string' || Buffer.isBuffer(body) ? JSON.parse(body.toString()) : body;
      const answered = declaration.answer(parsed);
      Object.assign(read, { details: { ...read.details, ...answered.details }, subject: answered.subject });
    } catch {
      // Not JSON after all: the event goes without these details.
    }
  }
  return read;
}

/** Adds what the answer says to the request's note (before its event is built). */
export function noteAnswer(request: FastifyRequest, read: { details?: Record<string, unknown>; subject?: AuditSubject }): void {
  const note = request.auditNote;
  if (!note) return;
  Object.assign(note.details, read.details);
  if (read.subject) note.subject = { ...note.subject, ...read.subject };
}

/**
 * Runs a write route's handler as one unit of work: its transaction commits the handler's writes with the request's
 * event, or rolls both back (a throw, or an answer of 4xx/5xx the handler chose).
 */
export async function runWriteRoute(request: FastifyRequest, reply: FastifyReply, handler: () => unknown): Promise<unknown> {
  const note = request.auditNote;
  const server = request.server;
  try {
    return await runRequestWork(
      server.db,
      async (tx, run) => {
        if (note) note.open = true;
        let value: unknown;
        try {
          value = await run(async () => handler());
        } finally {
          if (note) note.open = false;
        }
        if (reply.statusCode >= 400) throw new Refusal(value);
        if (!note) return value;
        noteAnswer(request, detailsOfAnswer(request, reply, value));
        // A refusal the handler answered otherwise (noteRefusal: the SAML ACS redirects) is the event, committed with the
        // unit's work (the spent request and assertion).
        const event = note.recorded ? null : eventOf(request, successStatus(request, reply));
        if (event) {
          await server.audit.recordInTransaction(tx, event);
          // The webhooks the change causes commit with it (features/webhooks/route-events.ts).
          await emitForRouteEvent(tx, event);
          note.recorded = true;
        }
        return value;
      },
      (err) => request.log.error({ err }, 'bookkeeping after the request failed'),
    );
  } catch (err) {
    if (err instanceof Refusal) return err.value;
    if (note) note.recorded = false;
    throw err;
  }
}

/**
 * An answer sent while the unit is still open (reply.send inside the handler) would leave before the commit: the caller
 * could act on a change that then rolls back. Write routes return their answer; under NODE_ENV=test this fails the
 * request, elsewhere it is logged.
 */
export function checkAnsweredAfterCommit(request: FastifyRequest): void {
  if (!request.auditNote?.open) return;
  const message = `audit (${request.method} ${request.routeOptions.url}): answered from inside the handler before its unit of work committed; return the answer instead`;
  if (request.server.config.NODE_ENV === 'test') throw new Error(message);
  request.log.error(message);
}
