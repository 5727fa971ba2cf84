// Device cookies (decision 0032, after OWASP's "device cookies"): a browser that signed in successfully keeps a
// random token in bq_device (HttpOnly, only sent to /api/login); the table keeps its SHA-256 and the user. At the
// next sign-in a device known for that address skips the per-address backoff, so an attacker's failures from other
// places cannot keep the owner out. It proves nothing else: the password is still checked, and the per-IP and
// per-address-and-IP rules still apply to it.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loginDevices, users } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';

export const DEVICE_COOKIE = 'bq_device';
const DEVICE_COOKIE_PATH = '/api/login';
export const DEVICE_VALID_DAYS = 90;

/** Whether the request's device cookie belongs to the (active) user with this address. */
export async function isKnownDevice(db: Db, request: FastifyRequest, email: string): Promise<boolean> {
  const token = request.cookies[DEVICE_COOKIE];
  if (!token || token.length > 100) return false;
  const [row] = await db
    .select({ userId: loginDevices.userId })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(and(eq(loginDevices.tokenHash, hashToken(token)), eq(users.email, email), gt(loginDevices.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

/** After a successful sign-in: a fresh device token for this browser (the old one, if any, is replaced). */
export async function rememberDevice(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const now = new Date();
  const previous = request.cookies[DEVICE_COOKIE];
  if (previous && previous.length <= 100) await db.delete(loginDevices).where(eq(loginDevices.tokenHash, hashToken(previous)));
  await db.delete(loginDevices).where(and(eq(loginDevices.userId, userId), lt(loginDevices.expiresAt, now)));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + DEVICE_VALID_DAYS * 86_400_000);
  await db.insert(loginDevices).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  const secure = config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true';
  reply.setCookie(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: DEVICE_COOKIE_PATH, expires: expiresAt });
}
