// The general rate limit on public writes (issue 36 point 14, docs/decisions/0072). Every /api route reachable
// without signing in that changes something (any method but GET) or writes an audit event (a public report view)
// is limited: `config.rateLimit` says how many requests a minute one caller may send, else the default below
// applies, set on the route when it is registered so the route table shows the effective limit
// (plugins/rate-limit.test.ts reads it from there). Over the limit: 429 error.rate_limited with Retry-After, before
// the body is read, the session looked up or an event written.
// The caller is the client IP (request.ip, which follows TRUST_PROXY), and with `perToken` the IP and the link's
// token, so one participant's autosave never shares a counter with a colleague behind the same office address.
// The counts live in the database (rate_limit_hits), one row per route, caller and minute, so every API process
// sees the same numbers; the worker purges rows of past minutes. The limit is a sliding minute: the previous minute's
// count weighs by the part of it still inside the last 60 s, so a caller cannot send the limit at 0:59 and again at
// 1:00 (a fixed window lets twice the limit through around each boundary).
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

export interface HitCount {
  /** The caller's requests in the current calendar minute, this one included (its first: 1). */
  hits: number;
  /** The caller's requests in the minute before. */
  previous: number;
  /** The sliding minute's estimate: hits plus the previous minute's share still within the last 60 s. */
  estimate: number;
  /** When the current calendar minute ends (ms). */
  windowEnds: number;
}

function hitCount(hits: number, previous: number, windowStart: number, now: number): HitCount {
  const windowEnds = windowStart + 60_000;
  return { hits, previous, estimate: hits + previous * ((windowEnds - now) / 60_000), windowEnds };
}

const keyHashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** Counts this request and reads the minute before, in one statement. */
export async function countHit(db: Db, bucket: string, key: string, now = Date.now()): Promise<HitCount> {
  const windowStart = Math.floor(now / 60_000) * 60_000;
  const keyHash = keyHashOf(key);
  // Counted before the route's handler (and its unit of work) starts: committed on its own, whatever follows.
  const result = await db.execute(sql`
    with hit as (
      insert into ${rateLimitHits} (bucket, key_hash, window_start, hits)
      values (${bucket}, ${keyHash}, ${new Date(windowStart).toISOString()}::timestamptz, 1)
      on conflict (bucket, key_hash, window_start) do update set hits = ${rateLimitHits}.hits + 1
      returning hits
    )
    select hit.hits::int as hits,
      coalesce((select p.hits from ${rateLimitHits} p
        where p.bucket = ${bucket} and p.key_hash = ${keyHash} and p.window_start = ${new Date(windowStart - 60_000).toISOString()}::timestamptz), 0)::int as previous
    from hit`);
  const row = (result as unknown as { rows: { hits: number; previous: number }[] }).rows[0];
  return hitCount(Number(row?.hits ?? 1), Number(row?.previous ?? 0), windowStart, now);
}

/**
 * The same counts in this process's memory, for the embedded database (docs/decisions/0072 addendum): a PGlite folder
 * has one process (config.ts refuses ROLE api or worker without DATABASE_URL), so its memory sees every request the
 * table would, and the statement per public call (13 of a participant's) is not sent. Keys as in the table (hashes),
 * two minutes of them; past maxKeys distinct callers in those minutes a new caller is counted in the table instead.
 */
export class MemoryHitCounter {
  private readonly minutes = new Map<number, Map<string, number>>();
  constructor(
    private readonly db: Db,
    private readonly maxKeys = 200_000,
  ) {}

  async count(bucket: string, key: string, now = Date.now()): Promise<HitCount> {
    const windowStart = Math.floor(now / 60_000) * 60_000;
    for (const start of this.minutes.keys()) if (start < windowStart - 60_000) this.minutes.delete(start);
    let current = this.minutes.get(windowStart);
    if (!current) this.minutes.set(windowStart, (current = new Map()));
    const id = `${bucket}\u0000${keyHashOf(key)}`;
    const held = current.get(id);
    if (held === undefined && this.size() >= this.maxKeys) return countHit(this.db, bucket, key, now);
    const hits = (held ?? 0) + 1;
    current.set(id, hits);
    return hitCount(hits, this.minutes.get(windowStart - 60_000)?.get(id) ?? 0, windowStart, now);
  }

  private size(): number {
    let n = 0;
    for (const keys of this.minutes.values()) n += keys.size;
    return n;
  }
}

/**
 * Seconds until the sliding count falls to the limit again: the previous minute's share shrinks as time passes; if
 * this minute alone is over the limit, that takes until it ends.
 */
export function secondsUntilAllowed(count: HitCount, perMinute: number, now = Date.now()): number {
  const untilMinuteEnds = (count.windowEnds - now) / 1000;
  if (count.hits >= perMinute || count.previous === 0) return Math.max(1, Math.ceil(untilMinuteEnds));
  // hits + previous * (left / 60) <= perMinute - 1 (room for the next request) once left <= 60 * room / previous.
  const room = Math.max(0, perMinute - 1 - count.hits);
  const leftWhenAllowed = (60 * room) / count.previous;
  return Math.max(1, Math.ceil(untilMinuteEnds - leftWhenAllowed));
}

export async function purgeOldRateLimitHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(Date.now() - 2 * 60_000)));
}

export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  // One process on the embedded database: its memory is the store; PostgreSQL's API processes share the table.
  const memory = app.config.embedded ? new MemoryHitCounter(app.db) : null;
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
    const count = memory ? await memory.count(bucket, key) : await countHit(app.db, bucket, key);
    if (count.estimate > limit.perMinute) {
      const seconds = secondsUntilAllowed(count, limit.perMinute);
      throw new AppError(ERROR_KEYS.rateLimited, 429, `Too many requests; try again in ${seconds} s`, { 'retry-after': String(seconds) });
    }
  });
});
