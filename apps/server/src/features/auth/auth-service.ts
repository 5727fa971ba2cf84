// Sign-in, sign-out and password change.
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { TChangePasswordRequest, TLoginRequest, TLoginResponse } from '@bq/contracts/auth';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../plugins/passwords';
import { SESSION_COOKIE, clearSessionCookie, deleteOtherSessions, deleteSessionByToken } from '../../plugins/sessions';
import { assertNewPasswordAcceptable } from '../password-rules/password-rules';
import { isKnownDevice } from './login-devices';
import { noteAuditUser } from '../audit/audit-note';
import { assertLoginAllowed, recordLoginFailure } from './login-rate-limit';
import { completeSignIn } from './complete-sign-in';

export async function login(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  body: TLoginRequest,
): Promise<TLoginResponse> {
  const email = body.email.trim().toLowerCase();
  await assertLoginAllowed(db, config, email, request.ip, { knownDevice: await isKnownDevice(db, request, email) });

  const [user] = await db
    .select({ id: users.id, accountId: users.accountId, passwordHash: users.passwordHash })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.email, email), eq(users.active, true)))
    .limit(1);

  // The sign-in (or failed sign-in) of a known address belongs to its account's audit trail.
  if (user) noteAuditUser(request, user.accountId, user.id);
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) {
    await recordLoginFailure(db, email, request.ip);
    throw new AppError(ERROR_KEYS.invalidCredentials, 401, 'E-mail or password is wrong');
  }
  // Sign-on required, the second factor, the session and the enrolment: the same for every way in (ADR 0073). With a
  // second factor, the failures are not cleared either: the code failures so far must not restart with every right password.
  return completeSignIn(db, config, request, reply, user.id, { method: 'PASSWORD', secondFactor: false, redirectUrl: safeRedirectPath(body.redirectUrl) });
}

export async function logout(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  // In a transaction: the sign-out's audit event commits with the session's end (docs/decisions/0039).
  if (token) await db.transaction((tx) => deleteSessionByToken(tx as unknown as Db, token));
  clearSessionCookie(reply);
}

export async function changePassword(
  db: Db,
  auth: { userId: string; sessionId: string },
  targetUserId: string,
  body: TChangePasswordRequest,
  ip: string,
  config: Config,
): Promise<void> {
  // Only one's own password; any other id behaves like an id that does not exist.
  if (targetUserId !== auth.userId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const [user] = await db.select().from(users).where(eq(users.id, auth.userId)).limit(1);
  if (!user) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');

  // A stolen session must not be able to guess the current password without limit either.
  // The session proves an earlier sign-in, so failures elsewhere on the address (the per-address rule) do not apply.
  await assertLoginAllowed(db, config, user.email, ip, { knownDevice: true });
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await recordLoginFailure(db, user.email, ip);
    throw new AppError(ERROR_KEYS.wrongCurrentPassword, 400, 'The current password is wrong');
  }
  assertNewPasswordAcceptable(body.password, user);
  if (body.password === body.currentPassword) {
    throw new AppError(ERROR_KEYS.samePassword, 400, 'The new password must differ from the current one');
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    // Other devices signed in with the old password are signed out; this one stays.
    await deleteOtherSessions(tx as unknown as Db, user.id, auth.sessionId);
  });
}
