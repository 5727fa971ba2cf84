// The one writer of audit events (docs/decisions/0039). Each /api (and /scim/v2) route declares in its config what it records:
//   audit: { action: 'client.view', subject: { client: 'params.token' } }   an event per answered request
//   audit: false                                                          touches no client data, no account event
// The plugin builds the event from the declaration, the caller and the answer's status: 2xx/3xx ALLOWED, 401/403/404
// REFUSED (a refusal is evidence too), anything else (validation, conflicts, 5xx: nothing was shown or changed) none.
// Reads (GET) are buffered and written once a second; downloads (`timing: 'before-answer'`) before the answer's first
// byte. A write route's handler runs as one unit of work (write-transaction.ts, docs/decisions/0088): one transaction
// holds its writes and, appended last, its event. Writing them fails closed: if the event cannot be stored, the write
// rolls back and the caller gets 500.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { SUBJECT_TOKEN } from '@bq/contracts/audit';
import { AppError } from '../../app-error';
import { outsideRequestWork } from '../../db/request-work';
import { AuditRecorder, type PendingEvent } from './audit-recorder';
import type { ActorKind } from './audit-chain';
import { checkAnsweredAfterCommit, detailsOfAnswer, isWriteRoute, noteAnswer, runWriteRoute } from './write-transaction';
import { collectActions } from './audit-actions';

/** Where in the request a subject's token is: 'params.token', 'query.clientToken', 'body.interactionToken'. */
type TokenPath = `${'params' | 'query' | 'body'}.${string}`;

export interface AuditSubject {
  clientToken?: string | null;
  resultToken?: string | null;
}

export interface AuditDeclaration {
  /** What happened, `<area>.<verb>`: client.view, client.list, report.pdf, result.unlock, auth.sign_in, ... */
  action: string;
  /** Recorded instead of `action` when the request is refused (auth.sign_in -> auth.sign_in_failed). */
  refusedAction?: string;
  /** The pseudonymous subject: where its tokens are in the request, or a function for anything else. */
  subject?: { client?: TokenPath; result?: TokenPath } | ((request: FastifyRequest) => AuditSubject);
  /** Details known from the request alone (a list's filter); handlers add more with noteAudit (a row count). */
  details?: (request: FastifyRequest) => Record<string, unknown>;
  /** Read from the JSON answer, also when the response cache answered: a list's row count, a created client's token. */
  answer?: (body: unknown) => { details?: Record<string, unknown>; subject?: AuditSubject };
  /** Read from the reply's headers (a streamed export's row count). */
  fromReply?: (reply: FastifyReply) => Record<string, unknown>;
  /** Default: GET buffered, any other method before the answer. Downloads (export, PDF) set 'before-answer'. */
  timing?: 'buffered' | 'before-answer';
}

/** What a handler or service adds to its request's event (audit-note.ts). */
export interface AuditNote {
  details: Record<string, unknown>;
  /** For a call without a session that names its user (sign-in): the account and user it concerns. */
  accountId?: string;
  userId?: string;
  /** The subject when the declaration names none in the request (read from the answer). */
  subject?: AuditSubject;
  /** The event was written in the write's unit of work, which committed (write-transaction.ts). */
  recorded: boolean;
  /** The write's unit of work is open: its handler runs (an answer sent now would leave before the commit). */
  open?: boolean;
  /** The status of a refusal the handler answered otherwise (noteRefusal in audit-note.ts): the event's outcome. */
  refusedWith?: number;
  /** An actor that is no session or credential: the account's directory on /scim/v2 (features/scim). */
  actor?: { kind: ActorKind; id: string | null };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's audit declaration; every /api route has one (features/audit/audit-declarations.test.ts). */
    audit?: AuditDeclaration | false;
  }
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
  interface FastifyInstance {
    audit: AuditRecorder;
    /** Every action the trail can hold (audit-actions.ts): the routes' declared ones and the system's. */
    auditActions: ReadonlySet<string>;
  }
}

/** A subject's token where the declaration says, if it is one: anything else (text a refused probe sent) names none. */
function tokenAt(request: FastifyRequest, path: TokenPath | undefined): string | null {
  if (!path) return null;
  const [part, name] = path.split('.') as ['params' | 'query' | 'body', string];
  const value = (request[part] as Record<string, unknown> | undefined)?.[name!];
  return typeof value === 'string' && SUBJECT_TOKEN.test(value) ? value : null;
}

function outcomeOf(status: number): 'ALLOWED' | 'REFUSED' | null {
  if (status < 400) return 'ALLOWED';
  return status === 401 || status === 403 || status === 404 ? 'REFUSED' : null;
}

/** The event of an answered request, or null when its declaration or status records nothing. */
export function eventOf(request: FastifyRequest, answered: number): PendingEvent | null {
  const declaration = request.routeOptions.config?.audit;
  const note = request.auditNote;
  const status = note?.refusedWith ?? answered;
  const outcome = outcomeOf(status);
  if (!declaration || !outcome || !(request.url.startsWith('/api/') || request.url.startsWith('/scim/'))) return null;
  let subject: AuditSubject = {};
  try {
    subject =
      typeof declaration.subject === 'function'
        ? declaration.subject(request)
        : { clientToken: tokenAt(request, declaration.subject?.client), resultToken: tokenAt(request, declaration.subject?.result) };
  } catch {
    // A request refused before its body or params were parsed has no subject to name.
  }
  if (note?.subject) subject = { clientToken: subject.clientToken ?? note.subject.clientToken, resultToken: subject.resultToken ?? note.subject.resultToken };
  const auth = request.authOrNull;
  let actorKind: ActorKind;
  let actorId: string | null;
  if (auth?.credentialId) [actorKind, actorId] = ['CREDENTIAL', auth.credentialId];
  else if (auth) [actorKind, actorId] = [auth.platformOperator && request.routeOptions.config.operator ? 'OPERATOR' : 'USER', auth.userId];
  else if (note?.actor) [actorKind, actorId] = [note.actor.kind, note.actor.id];
  else if (note?.userId) [actorKind, actorId] = ['USER', note.userId];
  else [actorKind, actorId] = ['PARTICIPANT', null];
  const accountId = auth?.accountId ?? note?.accountId ?? null;
  // A call of no one about nothing known (an anonymous request without a token) belongs to no account's trail.
  if (!accountId && !subject.resultToken) return null;
  return {
    accountId,
    occurredAt: new Date(),
    actorKind,
    actorId,
    action: outcome === 'REFUSED' && declaration.refusedAction ? declaration.refusedAction : declaration.action,
    clientToken: subject.clientToken ?? null,
    resultToken: subject.resultToken ?? null,
    details: { ...(declaration.details && outcome === 'ALLOWED' ? safeDetails(declaration.details, request) : {}), ...note?.details, status },
    outcome,
    requestId: String(request.id),
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}

function safeDetails(details: (request: FastifyRequest) => Record<string, unknown>, request: FastifyRequest): Record<string, unknown> {
  try {
    return details(request);
  } catch {
    return {};
  }
}

function buffered(request: FastifyRequest): boolean {
  const declaration = request.routeOptions.config?.audit;
  if (!declaration) return false;
  const read = request.method === 'GET' || request.method === 'HEAD';
  return (declaration.timing ?? (read ? 'buffered' : 'before-answer')) === 'buffered';
}

/** The routes that must declare `config.audit`: the API and the directory's SCIM calls (API docs excepted). */
const AUDITED_PREFIXES = ['/api/', '/scim/'];

export default fp(async function auditPlugin(app: FastifyInstance) {
  const recorder = new AuditRecorder(app.db, app.log);
  app.decorate('audit', recorder);
  app.decorateRequest('auditNote', null);
  app.decorate('auditActions', collectActions(app));
  // Declared on every route or the server does not start (issue 36 point 11): a route that forgot would answer with no
  // event and nobody would notice; the route table's test names them too, this stops a development server at once.
  app.addHook('onRoute', (route) => {
    if (AUDITED_PREFIXES.some((prefix) => route.url.startsWith(prefix)) && route.config?.audit === undefined) {
      throw new Error(`${String(route.method)} ${route.url} declares no config.audit: an action ({ action: 'area.verb' }) or audit: false`);
    }
  });
  recorder.start();
  app.addHook('onClose', () => recorder.close());
  if (app.config.BENCH_WITHOUT_AUDIT_TRAIL) {
    // A benchmark's baseline only (config.ts refuses it without BENCH_ROUTES): the same server without request events.
    app.log.warn('BENCH_WITHOUT_AUDIT_TRAIL: requests are not recorded in the audit trail');
    return;
  }

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.audit) request.auditNote = { details: {}, recorded: false };
  });
  // A write route's handler runs as one unit of work: its writes and its event commit together.
  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    const handler = route.handler;
    route.handler = function auditedWrite(this: FastifyInstance, request, reply) {
      return runWriteRoute(request, reply, () => handler.call(this, request, reply));
    };
  });

  // Writes and downloads: the event is in the database before the answer (or a stream's first byte) leaves.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload) =>
    // Nothing here is part of a write's unit of work (an answer sent from inside a handler would run it there).
    outsideRequestWork(async () => {
      checkAnsweredAfterCommit(request);
      const note = request.auditNote;
      // A write's event already holds what its answer says (read before its commit).
      if (note && !note.recorded) noteAnswer(request, detailsOfAnswer(request, reply, typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined));
      if (buffered(request) || note?.recorded) return payload;
      const event = eventOf(request, reply.statusCode);
      if (!event) return payload;
      try {
        await recorder.recordNow(event);
      } catch (err) {
        // What the database said (its query, its parameters) never reaches the answer (issue 36 point 8).
        request.log.error({ err }, 'audit event could not be written');
        if (reply.statusCode < 400) throw new AppError(ERROR_KEYS.general, 500, 'Unexpected error');
        // A refusal stays a refusal; the event it should have left is a gap in its account's chain.
        if (event.accountId) await recorder.recordLoss(event.accountId, 1);
      }
      return payload;
    }),
  );

  app.addHook('onResponse', async (request, reply) => {
    if (!buffered(request) || request.auditNote?.recorded) return;
    const event = eventOf(request, reply.statusCode);
    if (event) recorder.queue(event);
  });
});
