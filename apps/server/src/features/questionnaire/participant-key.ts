// The participant's own key (docs/decisions/0063): the instance token is in the evaluator's URLs and invitation view,
// so it only opens the questionnaire. What only the candidate has is the browser that submitted it: at that submit the
// server hands it a random key in an HttpOnly, SameSite=Strict cookie scoped to /api/q/{token} and keeps its SHA-256.
// One key per instance, never replaced: a later submit (the evaluator's too) gets none, except the same browser's
// retry, which proves itself with the key it sent the first time (its answer may have been lost on the way).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { participantKeys } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';

export const PARTICIPANT_KEY_COOKIE = 'bq_participant';

/** The cookie's path: the participant's calls of this instance only (the web client encodes the token alike). */
export const participantKeyPath = (instanceToken: string) => `/api/q/${encodeURIComponent(instanceToken)}`;

/** In the submit's transaction: stores the key's hash unless the instance has one; the key to hand out, or null. */
export async function issueParticipantKey(tx: Tx, instanceId: string, chosen?: string): Promise<string | null> {
  const key = chosen ?? randomBytes(32).toString('base64url');
  const [stored] = await tx
    .insert(participantKeys)
    .values({ instanceId, keyHash: hashToken(key) })
    .onConflictDoNothing()
    .returning({ instanceId: participantKeys.instanceId });
  return stored ? key : null;
}

/** Whether `key` is the one handed out for this instance. */
export async function isParticipantKey(db: Db | Tx, instanceId: string, key: string | undefined): Promise<boolean> {
  if (!key || key.length > 200) return false;
  const [row] = await db.select({ keyHash: participantKeys.keyHash }).from(participantKeys).where(eq(participantKeys.instanceId, instanceId));
  if (!row) return false;
  const offered = Buffer.from(hashToken(key), 'hex');
  const stored = Buffer.from(row.keyHash, 'hex');
  return offered.length === stored.length && timingSafeEqual(offered, stored);
}

/** The key the request's cookie carries, if any. */
export const participantKeyOf = (request: FastifyRequest): string | undefined => request.cookies[PARTICIPANT_KEY_COOKIE];

/**
 * A request made by a signed-in user or with an API credential is the account's, never the participant's, whatever
 * cookie it also carries: the key is not handed to it, and it cannot use one.
 */
export const isAccountRequest = (request: FastifyRequest) => request.authOrNull !== null || request.headers.authorization !== undefined;

/** A session cookie (no expiry): the statement is readable back in the browser session that gave it, no longer. */
export function setParticipantKeyCookie(config: Config, request: FastifyRequest, reply: FastifyReply, instanceToken: string, key: string) {
  const secure = config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true';
  reply.setCookie(PARTICIPANT_KEY_COOKIE, key, { httpOnly: true, sameSite: 'strict', secure, path: participantKeyPath(instanceToken) });
}
