// The general rate limit on public writes (issue 36 point 14, docs/decisions/0072). Every /api route reachable
// without signing in that changes something (any method but GET) or writes an audit event (a public report view)
// is limited: `config.rateLimit` says how many requests a minute one caller may send, else the default below
// applies, set on the route when it is registered so the route table shows the effective limit
// (plugins/rate-limit.test.ts reads it from there). Over the limit: 429 error.rate_limited with Retry-After, before
// the body is read, the session looked up or an event written.
// The caller is the client IP (request.ip, which follows TRUST_PROXY), and with `perToken` the IP and the link's
// token, so one participant's autosave never shares a counter with a colleague behind the same office address.
// The counts live in the database (rate_limit_hits), one row per route, caller and minute, so every API process
// sees the same numbers; the worker purges rows of past minutes.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { lt, sql } from 'drizzle-orm';
import { ERROR_KEYS, ZApiError } from '@bq/contracts/errors';
import { AppError } from '../app-error';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** Where the token of a participant's or report link is in the request. */
export type RateLimitTokenPath = `${'params' | 'query'}.${string}`;

export interface RateLimitDeclaration {
  /** Requests one caller may send in a minute. */
  perMinute: number;
  /** Count per caller IP and this token (a questionnaire or report link), not per IP alone. */
  perToken?: RateLimitTokenPath;
  /** The counter's name; routes that name the same bucket share it. Default: the route's method and path. */
  bucket?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's limit per caller and minute (this plugin); public writes get DEFAULT_PUBLIC_WRITE_LIMIT without one. */
    rateLimit?: RateLimitDeclaration;
  }
}

/**
 * A person signs up, asks for a reset link or a sample report a few times a minute at most; thirty lets a retry or two
 * through and still caps a script at one request every two seconds.
 */
export const DEFAULT_PUBLIC_WRITE_LIMIT: RateLimitDeclaration = { perMinute: 30 };

/**
 * Each step of signing in (password, code, passkey, Google, single sign-on: start and finish) and signing out: failures
 * have their own throttle (features/auth/login-rate-limit.ts); this caps the volume per address, above what an office
 * behind one address signs in with in a minute at nine.
 */
export const SIGN_IN_RATE_LIMIT: RateLimitDeclaration = { perMinute: 60 };

interface RouteLike {
  method: string | string[];
  url: string;
  config?: { public?: boolean; audit?: unknown; rateLimit?: RateLimitDeclaration };
}

/** True for a route the limit must cover: public, under /api, and writing data or an audit event. */
export function needsRateLimit(route: RouteLike): boolean {
  const config = route.config;
  if (!config?.public || !route.url.startsWith('/api/')) return false;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
  return methods.some((m) => m !== 'GET') || Boolean(config.audit);
}

/** Adds error.rate_limited to the route's documented 429 (keeping a 429 it already documents, e.g. the sign-in throttle). */
function document429(route: RouteOptions): void {
  const schema = (route.schema ??= {}) as { response?: Record<string | number, unknown> };
  const response = (schema.response ??= {});
  const existing = (response[429] ?? response['429']) as { description?: string } | undefined;
  const keys = existing?.description?.replace(/^errorKey: /, '');
  delete response['429'];
  response[429] = ZApiError.describe(`errorKey: ${keys ? `${keys} | ` : ''}${ERROR_KEYS.rateLimited}`);
}

function tokenAt(request: FastifyRequest, path: RateLimitTokenPath | undefined): string {
  if (!path) return '';
  const [part, name] = path.split('.') as ['params' | 'query', string];
  const value = (request[part] as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, 200) : '';
}

/** Counts this request and returns the caller's count in the current minute (its first request: 1). */
export async function countHit(db: Db, bucket: string, key: string, now = Date.now()): Promise<{ hits: number; windowEnds: number }> {
  const windowStart = Math.floor(now / 60_000) * 60_000;
  const keyHash = createHash('sha256').update(key).digest('hex');
  // Counted before the route's handler (and its unit of work) starts: committed on its own, whatever follows.
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket, keyHash, windowStart: new Date(windowStart), hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.keyHash, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  return { hits: row?.hits ?? 1, windowEnds: windowStart + 60_000 };
}

export async function purgeOldRateLimitHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(Date.now() - 2 * 60_000)));
}

export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!needsRateLimit(route)) return;
    route.config = { ...route.config, rateLimit: route.config?.rateLimit ?? DEFAULT_PUBLIC_WRITE_LIMIT };
    document429(route);
  });

  app.addHook('onRequest', async (request) => {
    const limit = request.routeOptions.config?.rateLimit;
    if (!limit || request.is404 || !app.config.PUBLIC_RATE_LIMIT) return;
    const bucket = limit.bucket ?? `${request.method} ${request.routeOptions.url}`;
    const key = `${request.ip}\u0000${tokenAt(request, limit.perToken)}`;
    const { hits, windowEnds } = await countHit(app.db, bucket, key);
    if (hits > limit.perMinute) {
      const seconds = Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000));
      throw new AppError(ERROR_KEYS.rateLimited, 429, `Too many requests; try again in ${seconds} s`, { 'retry-after': String(seconds) });
    }
  });
});
