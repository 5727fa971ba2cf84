// The sign-in between its two steps (docs/decisions/0040): after the right password of a user with a second factor,
// the browser gets no session but the bq_2fa cookie: HttpOnly, SameSite=Strict, sent only to /api/login/..., valid
// for five minutes, holding the user id, its expiry and where to go next, signed with HMAC-SHA-256 under a key
// derived from DATA_ENCRYPTION_KEY. It proves the password step; POST /api/login/2fa adds the code. Nothing is
// stored: code guessing is held back by the sign-in throttle per user, and a code works once.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { SignInMethod } from '../sso/sso-routing';
import { keyedHash, keyedHashes } from '../../plugins/data-encryption';

export const PENDING_SIGN_IN_COOKIE = 'bq_2fa';
const COOKIE_PATH = '/api/login';
export const PENDING_SIGN_IN_SECONDS = 300;

export interface PendingSignIn {
  userId: string;
  redirectUrl: string;
  /** The first step's way in: the second step applies its rules again (features/auth/complete-sign-in.ts). */
  method: SignInMethod;
}

const METHODS: readonly string[] = ['PASSWORD', 'PASSKEY', 'GOOGLE', 'OIDC', 'SAML'] satisfies SignInMethod[];

function sign(config: Config, payload: string): string {
  return keyedHash(config.dataEncryptionKeys, 'pending-sign-in', payload);
}

export function startPendingSignIn(config: Config, request: FastifyRequest, reply: FastifyReply, pending: PendingSignIn): void {
  const expiresAt = new Date(Date.now() + PENDING_SIGN_IN_SECONDS * 1000);
  const payload = Buffer.from(JSON.stringify({ u: pending.userId, r: pending.redirectUrl, m: pending.method, x: expiresAt.getTime() })).toString('base64url');
  const secure = config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true';
  reply.setCookie(PENDING_SIGN_IN_COOKIE, `${payload}.${sign(config, payload)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: COOKIE_PATH,
    expires: expiresAt,
  });
}

/** The pending sign-in of the request's cookie, or null when there is none, it was altered or it expired. */
export function readPendingSignIn(config: Config, request: FastifyRequest): PendingSignIn | null {
  const value = request.cookies[PENDING_SIGN_IN_COOKIE];
  if (!value || value.length > 2000) return null;
  const [payload, signature] = value.split('.');
  if (!payload || !signature) return null;
  const given = Buffer.from(signature);
  // Signed with the current key or, for the minutes after a key rotation, a previous one (docs/decisions/0079).
  const signedWithAKey = keyedHashes(config.dataEncryptionKeys, 'pending-sign-in', payload).some(({ hash }) => {
    const expected = Buffer.from(hash);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signedWithAKey) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; r?: unknown; m?: unknown; x?: unknown };
    if (typeof data.u !== 'string' || typeof data.r !== 'string' || typeof data.x !== 'number' || data.x <= Date.now()) return null;
    // A cookie without its way in (set before decision 0073) is as good as expired: the password step comes again.
    if (typeof data.m !== 'string' || !METHODS.includes(data.m)) return null;
    return { userId: data.u, redirectUrl: data.r, method: data.m as SignInMethod };
  } catch {
    return null;
  }
}

export function clearPendingSignIn(reply: FastifyReply): void {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: COOKIE_PATH });
}
