// Server-side sessions in the database: the cookie holds a 256-bit random token, the table its SHA-256,
// so a leaked database row cannot be replayed as a cookie.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Permission } from '@bq/domain/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { accounts, sessions, users } from '../db/schema';
import type { Config } from '../config';

export const SESSION_COOKIE = 'bq_session';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  config: Config,
  input: { userId: string; accountId: string; ip: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3600_000);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: input.userId,
    accountId: input.accountId,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500),
  });
  return { token, expiresAt };
}

export async function findSession(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** A valid session with its active user: what every signed-in request needs, read in one query. */
export interface SignedInSession {
  id: string;
  userId: string;
  accountId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  permissions: Permission[];
  platformOperator: boolean;
}

const signedInSessionQuery = prepared((db: Db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      accountId: sessions.accountId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      permissions: users.permissions,
      platformOperator: users.platformOperator,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.active, true)))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('signed_in_session'),
);

/** The session of a cookie token and its active user, or null: one prepared query (session x user x account). */
export async function findSignedInSession(db: Db, token: string): Promise<SignedInSession | null> {
  // The app's clock, not the database's (as everywhere sessions are written), as an ISO string both drivers take.
  const [row] = await signedInSessionQuery(db).execute({ id: hashToken(token), now: new Date().toISOString() });
  return row ?? null;
}

// The session cache (docs/decisions/0026): each API process keeps what findSignedInSession read for
// AUTH_CACHE_SECONDS, keyed by the token's hash. Ending a session, changing a password and anything that changes a
// user's access (deactivation, permissions) must call forgetSession/forgetUserSessions: then this process sees it
// at once; other processes within AUTH_CACHE_SECONDS. Bounded: the oldest entries go first beyond MAX_ENTRIES.
const MAX_ENTRIES = 10_000;
const cache = new Map<string, { session: SignedInSession; until: number }>();

export async function cachedSignedInSession(db: Db, config: Config, token: string): Promise<SignedInSession | null> {
  const ttlMs = config.AUTH_CACHE_SECONDS * 1000;
  if (ttlMs <= 0) return findSignedInSession(db, token);
  const key = hashToken(token);
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.until > now && hit.session.expiresAt.getTime() > now) return hit.session;
  if (hit) cache.delete(key);
  const session = await findSignedInSession(db, token);
  if (session) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { session, until: now + ttlMs });
  }
  return session;
}

/** Drops one session from this process's cache (sign-out). */
export function forgetSession(token: string) {
  cache.delete(hashToken(token));
}

/** Drops every cached session of a user (password change, deactivation, changed permissions). */
export function forgetUserSessions(userId: string) {
  for (const [key, entry] of cache) if (entry.session.userId === userId) cache.delete(key);
}

/**
 * Slides the expiry forward, at most once a minute per session to keep reads cheap. The cached copy remembers the
 * touch, so a cached session is not touched again within the minute either.
 */
export async function touchSession(db: Db, config: Config, session: { id: string; lastSeenAt: Date; expiresAt?: Date }) {
  if (Date.now() - session.lastSeenAt.getTime() < 60_000) return;
  const lastSeenAt = new Date();
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3600_000);
  session.lastSeenAt = lastSeenAt;
  if (session.expiresAt) session.expiresAt = expiresAt;
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, session.id));
}

export async function deleteSessionByToken(db: Db, token: string) {
  forgetSession(token);
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string) {
  forgetUserSessions(userId);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export function setSessionCookie(config: Config, request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  const secure = config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true';
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
