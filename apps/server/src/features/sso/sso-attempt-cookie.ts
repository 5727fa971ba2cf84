// The browser's sign-in attempt between the authorization request and the callback: state, nonce and PKCE verifier,
// who it is for and where to land, in an HttpOnly, SameSite=Strict cookie encrypted (AES-256-GCM, key derived from
// DATA_ENCRYPTION_KEY) and valid for ten minutes. The callback page posts from this site, so Strict suffices. It is
// used once: the callback clears it and spends its state in used_sign_in_nonces, so a copied cookie fails too.
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { spendOnce } from '../../db/request-work';
import { usedSignInNonces } from '../../db/schema';
import { decryptSecret, encryptSecret } from '../../plugins/data-encryption';
import type { CodeFlowAttempt } from './oidc-code-flow';

export const SSO_ATTEMPT_SECONDS = 600;

export interface StoredAttempt extends CodeFlowAttempt {
  /** The account whose provider it is, or 'google'. */
  for: string;
  redirectUrl: string;
  productType?: string;
}

export function saveAttempt(config: Config, request: FastifyRequest, reply: FastifyReply, cookie: { name: string; path: string }, attempt: StoredAttempt): void {
  const expiresAt = Date.now() + SSO_ATTEMPT_SECONDS * 1000;
  const value = encryptSecret(config.dataEncryptionKeys, 'sso-attempt', JSON.stringify({ ...attempt, x: expiresAt }), cookie.name);
  const secure = config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true';
  reply.setCookie(cookie.name, value, { httpOnly: true, sameSite: 'strict', secure, path: cookie.path, expires: new Date(expiresAt) });
}

/** The attempt of the request's cookie (cleared now), or null when there is none, it was altered or it expired. */
export function takeAttempt(config: Config, request: FastifyRequest, reply: FastifyReply, cookie: { name: string; path: string }): StoredAttempt | null {
  const value = request.cookies[cookie.name];
  reply.clearCookie(cookie.name, { path: cookie.path });
  if (!value || value.length > 4000) return null;
  try {
    const data = JSON.parse(decryptSecret(config.dataEncryptionKeys, 'sso-attempt', value, cookie.name)) as StoredAttempt & { x: number };
    if (typeof data.x !== 'number' || data.x <= Date.now()) return null;
    return data;
  } catch {
    return null;
  }
}

/**
 * Marks the attempt's state as used; false when it was used before (a replayed cookie and answer). Spent in the
 * sign-in's unit of work (the answer depends on it), and spent again after it, which changes nothing unless the unit
 * rolled back: it stands whatever the sign-in's outcome (docs/decisions/0088).
 */
export async function spendAttempt(db: Db, attempt: StoredAttempt): Promise<boolean> {
  return spendOnce(db, (on) => spend(on, attempt), (spent) => spent);
}

async function spend(db: Db, attempt: StoredAttempt): Promise<boolean> {
  await db.delete(usedSignInNonces).where(lt(usedSignInNonces.expiresAt, new Date()));
  const rows = await db
    .insert(usedSignInNonces)
    .values({
      nonceHash: createHash('sha256').update(`sso-state\n${attempt.state}`).digest('hex'),
      expiresAt: new Date(Date.now() + SSO_ATTEMPT_SECONDS * 1000),
    })
    .onConflictDoNothing()
    .returning({ nonceHash: usedSignInNonces.nonceHash });
  return rows.length > 0;
}
