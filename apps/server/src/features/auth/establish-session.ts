// The only writer of sessions (docs/decisions/0073): every sign-in reaches it through completeSignIn
// (complete-sign-in.ts), and the demo's account creation directly; sign-in-policy.test.ts holds it to that.
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { SESSION_COOKIE, createSession, deleteSessionByToken, setSessionCookie } from '../../plugins/sessions';
import { rememberDevice } from './login-devices';
import { clearLoginFailures } from './login-rate-limit';

/**
 * The end of every successful sign-in (password, passkey, Google, OIDC, SAML; and the second factor, if any), and the
 * only writer of sessions: a new session and its cookie, the sign-in times, the failures forgotten and this browser
 * remembered as a known device.
 */
export async function establishSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; accountId: string; email: string },
  secondFactorVerified = false,
): Promise<void> {
  // One transaction, so the sign-in's audit event commits with the session it opens (docs/decisions/0039).
  const session = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // A new session id at every sign-in (no session fixation); the one the browser had is dropped.
    const previousToken = request.cookies[SESSION_COOKIE];
    if (previousToken) await deleteSessionByToken(t, previousToken);
    const created = await createSession(t, config, {
      userId: user.id,
      accountId: user.accountId,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      secondFactorVerified,
    });
    await t
      .update(users)
      .set({ previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: new Date() })
      .where(eq(users.id, user.id));
    await clearLoginFailures(t, user.email);
    await rememberDevice(t, config, request, reply, user.id);
    return created;
  });
  setSessionCookie(config, request, reply, session.token, session.expiresAt);
}

