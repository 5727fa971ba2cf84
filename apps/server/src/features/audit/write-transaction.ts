// A write's event commits in the write's transaction (issue 23 point 3; docs/decisions/0039, "the write path"). The
// audit plugin runs every write route's handler under a commit hook (db/commit-hooks.ts): the first top-level
// transaction the handler (or a service it calls) opens appends the request's ALLOWED event right before its COMMIT,
// so the change and its event commit together or not at all. A service that knows more records the event itself in
// its transaction (recordAuditInTransaction, recordEditInTransaction), and the hook then appends nothing.
//
// What the event cannot hold: anything only the answer says (`answer`, `fromReply`), since the answer does not exist
// before the commit. A write whose event needs such a detail notes it in its transaction (noteAudit,
// noteAuditSubject) before it commits; under NODE_ENV=test an answer that would add a detail the committed event lacks
// fails the request, as does a 2xx write that changed data outside any transaction, or whose transaction committed
// without the event, or an ALLOWED event committed for a request that then failed.
// A write that changed nothing in the database (a sign-in's first step, a start of a redirect) has no transaction
// to join: its event is appended on its own before the answer, as every write's was before.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { withCommitHook, type CommitHook } from '../../db/commit-hooks';
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

const currentWrite = new AsyncLocalStorage<FastifyRequest>();

/**
 * Adds to the event of the write route being handled what only the service knows (what it created), from inside its
 * transaction, without the request at hand: the event that commits there carries it. Outside a write route, nothing.
 */
export function noteWrite(note: { details?: Record<string, unknown>; subject?: AuditSubject }): void {
  const auditNote = currentWrite.getStore()?.auditNote;
  if (!auditNote) return;
  Object.assign(auditNote.details, note.details);
  if (note.subject) auditNote.subject = { ...auditNote.subject, ...note.subject };
}

/** Runs a write route's handler so that its first transaction appends the request's event before committing. */
export function recordInWriteTransaction<T>(request: FastifyRequest, reply: FastifyReply, handler: () => T): T {
  const note = request.auditNote;
  if (!note) return handler();
  const waiting = () => !note.recorded && !note.pending && !note.answered;
  const hook: CommitHook = {
    async beforeCommit(tx) {
      if (!waiting()) return false;
      const event = eventOf(request, successStatus(request, reply));
      // Not known yet who it concerns (a sign-in before its user is found): a later transaction may record it.
      if (!event) {
        note.missedCommits = (note.missedCommits ?? 0) + 1;
        return false;
      }
      note.pending = true;
      note.committedDetails = JSON.stringify(event.details);
      await request.server.audit.recordInTransaction(tx, event);
      return true;
    },
    settled(committed) {
      note.pending = false;
      if (committed) Object.assign(note, { recorded: true, recordedBy: note.recordedBy ?? 'hook' });
    },
    wantsTransaction: () => waiting() && eventOf(request, 200) !== null,
    bareWrite(sql) {
      if (waiting()) (note.bareWrites ??= []).push(sql.slice(0, 120));
    },
  };
  return currentWrite.run(request, () => withCommitHook(hook, handler));
}

/**
 * Before a write's answer leaves: is its event where it belongs? A violation is a bug in the server (a service that
 * writes outside a transaction, an answer detail the transaction could not know): under NODE_ENV=test it fails the
 * request, elsewhere it is logged and the event is appended on its own as before, so nothing is lost silently.
 */
export function checkWriteRecorded(request: FastifyRequest, reply: FastifyReply, fromAnswer: { details?: Record<string, unknown>; subject?: AuditSubject }): void {
  const note = request.auditNote;
  if (!note || !isWriteRoute({ method: request.method, url: request.url, config: request.routeOptions.config })) return;
  if (request.server.config.BENCH_WITHOUT_AUDIT_TRAIL) return;
  const problems: string[] = [];
  // 2xx and 3xx are ALLOWED, as in the plugin (a sign-in through a provider's form post answers 303).
  const ok = reply.statusCode < 400;
  // A request whose event names no account (a sign-out without a session) records nothing anywhere.
  const missed = ok && !note.recorded && (note.bareWrites?.length || note.missedCommits) && eventOf(request, reply.statusCode) !== null;
  if (!ok && note.recordedBy === 'hook') problems.push(`an ALLOWED event committed in a transaction of a request that answered ${reply.statusCode}`);
  if (missed && note.bareWrites?.length) problems.push(`data changed before its event could name its account (${note.bareWrites.join(' | ')}): noteAuditUser earlier`);
  if (missed && note.missedCommits) problems.push('its transaction committed before the event could name its account (noteAuditUser earlier)');
  if (ok && note.recorded) {
    // What the hook's event holds, against what the service noted after it and what the answer says.
    const committed = note.recordedBy === 'hook' ? (JSON.parse(note.committedDetails ?? '{}') as Record<string, unknown>) : note.details;
    const later = { ...(note.recordedBy === 'hook' ? note.details : {}), ...fromAnswer.details };
    // `status` is always the HTTP status (eventOf), whatever an answer calls its status.
    const lacking = Object.entries(later)
      .filter(([k, v]) => k !== 'status' && JSON.stringify(committed[k]) !== JSON.stringify(v))
      .map(([k]) => k);
    const subject = fromAnswer.subject ?? {};
    if (subject.clientToken && subject.clientToken !== note.subject?.clientToken && !declaredSubject(request, 'client')) lacking.push('subject.clientToken');
    if (subject.resultToken && subject.resultToken !== note.subject?.resultToken && !declaredSubject(request, 'result')) lacking.push('subject.resultToken');
    if (lacking.length) problems.push(`${lacking.join(', ')} known only after the event committed; note them in the transaction (noteWrite)`);
  }
  if (problems.length === 0) return;
  const message = `audit (${request.method} ${request.routeOptions.url}): ${problems.join('; ')}`;
  if (request.server.config.NODE_ENV === 'test') throw new Error(message);
  request.log.error(message);
}

function declaredSubject(request: FastifyRequest, kind: 'client' | 'result'): boolean {
  const subject = request.routeOptions.config?.audit ? request.routeOptions.config.audit.subject : undefined;
  return typeof subject === 'object' && Boolean(subject[kind]);
}
