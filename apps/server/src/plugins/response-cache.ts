// The response cache (docs/decisions/0027): an API process answers a repeated GET of a route marked
// `config: { responseCache: true }` from memory while nothing it shows has changed. The handler says what that is:
// cacheResponse(request, accountIds) names the accounts whose data the answer holds (and, optionally, a time after
// which it is wrong anyway, e.g. a report link's expiry). Any committed write to those accounts' data, or to data
// all accounts share, ends the entry at once: migration 0017's triggers notify, db/data-changes.ts listens. This
// process's own writing requests end their account's entries before they answer, so a client reads its own writes
// even before the notification arrives. RESPONSE_CACHE_SECONDS bounds what depends on the clock alone.
//
// An entry is one viewer's (user, or API credential, or nobody for a public link) answer to one URL under the
// permissions it was computed with (they are part of the key): the access checks ran when it was computed, the
// auth hook runs before every hit (the session must still be valid), and a change to the viewer's permissions is a
// write to their account. A request
// with `Cache-Control: no-cache` (a browser's hard reload) is computed afresh. Only 200 answers are kept.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { ChangeSnapshot, DataChanges } from '../db/data-changes';
import { memoScope } from '../db/account-memo';

declare module 'fastify' {
  interface FastifyInstance {
    /** For /api/metrics: answers from memory, computed ones that were kept, and what the cache holds. */
    responseCacheStats: ResponseCacheStats;
  }
  interface FastifyContextConfig {
    /** GET answers of this route may be kept (the handler still decides, with cacheResponse). */
    responseCache?: boolean;
  }
  interface FastifyRequest {
    responseCache: { snapshot: ChangeSnapshot; key: string | null; scopes: readonly string[] | null; until: number; hit: boolean } | null;
  }
}

interface Entry {
  body: string;
  contentType: string;
  /** The handler's own Cache-Control (GET /api/user: no-store), sent again with every hit. */
  cacheControl: string | undefined;
  snapshot: ChangeSnapshot;
  scopes: readonly string[];
  until: number;
}

export interface ResponseCacheStats {
  enabled: boolean;
  live(): boolean;
  hits: number;
  stored: number;
  entries(): number;
  bytes(): number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Marks this request's answer as cacheable: it shows data of these accounts only (plus data all accounts share), and
 * is wrong after `until` at the latest. Does nothing on routes without `responseCache` or when the cache is off.
 */
export function cacheResponse(request: FastifyRequest, accountIds: readonly (string | null | undefined)[], until?: Date | null): void {
  const pending = request.responseCache;
  if (!pending?.key) return;
  pending.scopes = [...new Set(accountIds.filter((id): id is string => Boolean(id)))];
  if (until) pending.until = Math.min(pending.until, until.getTime());
}

/**
 * The viewer and the access they had: an answer is kept under the permissions it was computed with (issue 22, ADR
 * 0031), so a viewer whose permissions changed never gets an answer computed under the old ones, whichever process
 * computed it and whenever its session was read.
 */
function viewerOf(request: FastifyRequest): string {
  const auth = request.authOrNull;
  if (!auth) return '-';
  const access = createHash('sha256').update(JSON.stringify([auth.platformOperator, auth.permissions])).digest('base64url');
  return `${auth.credentialId ? `credential:${auth.credentialId}` : `user:${auth.userId}`}:${access}`;
}

export default fp(async function responseCachePlugin(app: FastifyInstance, opts: { changes?: DataChanges }) {
  const changes = opts.changes;
  const ttlMs = app.config.RESPONSE_CACHE_SECONDS * 1000;
  app.decorateRequest('responseCache', null);
  const stats: ResponseCacheStats = { enabled: false, live: () => false, hits: 0, stored: 0, entries: () => 0, bytes: () => 0 };
  app.decorate('responseCacheStats', stats);
  if (!changes) return;
  // A writing request of this process: its account's cached answers and what is kept of the account (db/account-memo.ts)
  // end before the client reads the result, also with no answer cached (the memo keeps values whenever notifications
  // are live).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && request.authOrNull) {
      changes.changed(request.authOrNull.accountId);
      changes.changed(memoScope('settings', request.authOrNull.accountId));
      changes.changed(memoScope('mail', request.authOrNull.accountId));
    }
    return payload;
  });
  if (ttlMs <= 0) return;

  const cache = new LRUCache<string, Entry>({
    maxSize: app.config.RESPONSE_CACHE_MB * 1024 * 1024,
    // UTF-16 in memory, plus the key and the entry's own fields.
    sizeCalculation: (entry, key) => 2 * (entry.body.length + key.length) + 200,
  });
  changes.onReset(() => cache.clear());
  Object.assign(stats, { enabled: true, live: () => changes.live, entries: () => cache.size, bytes: () => cache.calculatedSize });

  // The snapshot comes first, before the session is read: whatever the answer is computed from is at least as new.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' || !request.routeOptions.config.responseCache) return;
    request.responseCache = { snapshot: changes.snapshot(), key: null, scopes: null, until: Date.now() + ttlMs, hit: false };
  });

  app.addHook('preHandler', async (request, reply) => {
    const pending = request.responseCache;
    if (!pending || !changes.live) return;
    pending.key = `${viewerOf(request)}\n${request.url}`;
    if (/no-cache/i.test(request.headers['cache-control'] ?? '') || /no-cache/i.test(String(request.headers.pragma ?? ''))) return;
    const entry = cache.get(pending.key);
    if (!entry) return;
    if (entry.until <= Date.now() || !changes.unchangedSince(entry.snapshot, entry.scopes)) {
      cache.delete(pending.key);
      return;
    }
    pending.hit = true;
    stats.hits++;
    if (entry.cacheControl) reply.header('cache-control', entry.cacheControl);
    return reply.header('content-type', entry.contentType).header('x-response-cache', 'hit').send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.responseCache;
    if (!pending || pending.hit || !pending.key || !pending.scopes || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    // A change that arrived while this answer was computed may not be in it: it is sent, not kept.
    if (!changes.unchangedSince(pending.snapshot, pending.scopes) || pending.until <= Date.now()) return payload;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const cacheControl = reply.getHeader('cache-control');
    stats.stored++;
    cache.set(pending.key, { body: payload, contentType, cacheControl: cacheControl === undefined ? undefined : String(cacheControl), snapshot: pending.snapshot, scopes: pending.scopes, until: pending.until }, { ttl: pending.until - Date.now() });
    return payload;
  });
});
