// Server-side sessions in the database: the cookie holds a 256-bit random token, the table its SHA-256,
// so a leaked database row cannot be replayed as a cookie.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
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

/** Slides the expiry forward, at most once a minute per session to keep reads cheap. */
export async function touchSession(db: Db, config: Config, session: { id: string; lastSeenAt: Date }) {
  if (Date.now() - session.lastSeenAt.getTime() < 60_000) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + config.SESSION_TTL_HOURS * 3600_000) })
    .where(eq(sessions.id, session.id));
}

export async function deleteSessionByToken(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string) {
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
