// POST /api/user/2fa/step-up (docs/decisions/0045): a current TOTP code or a passkey's assertion stamps the
// session's second_factor_verified_at, which routes marked stepUp want younger than ten minutes. Wrong proofs count
// as second-factor sign-in failures (decision 0040's throttle), since whoever holds the session might be guessing.
// A user without a factor gives the password instead, before adding one (first_factor_verified_at, decision 0064).
import { eq } from 'drizzle-orm';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { TStepUpFactorsResponse, TStepUpRequest, TStepUpResponse, TWebAuthnOptions } from '@bq/contracts/passkeys';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions, userPasskeys, userTotp, users } from '../../db/schema';
import { assertLoginAllowed, recordLoginFailure } from '../auth/login-rate-limit';
import { assertionOptions, verifyAssertion } from '../passkeys/passkey-assertion';
import { PASSKEY_ERRORS } from '../passkeys/passkey-list';
import { TWO_FACTOR_ERRORS, acceptSecondFactor, hasSecondFactor } from '../two-factor/two-factor-service';
import { verifyPassword } from '../../plugins/passwords';
import type { JobQueue } from '../../jobs/queue';
import { assertSignInMethodAllowed } from '../sso/sso-routing';

/** A password offered at step-up by a user who has a second factor (docs/decisions/0064). */
export const STEP_UP_PASSWORD_NOT_ACCEPTED = 'error.two_factor.step_up_password_not_accepted';

export async function stepUpFactors(db: Db, userId: string): Promise<TStepUpFactorsResponse> {
  const [totp] = await db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  const passkeys = await db.select({ id: userPasskeys.id }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return { totp: Boolean(totp?.confirmedAt), passkeys: passkeys.length };
}

export function stepUpPasskeyOptions(db: Db, config: Config, userId: string): Promise<TWebAuthnOptions> {
  return assertionOptions(db, config, 'step_up', userId);
}

export async function stepUp(db: Db, queue: JobQueue, config: Config, auth: { userId: string; sessionId: string }, body: TStepUpRequest, ip: string): Promise<TStepUpResponse> {
  if (body.password !== undefined) return passwordStepUp(db, config, auth, body.password, ip);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, auth.userId)).limit(1);
  if (!user) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  await assertLoginAllowed(db, config, user.email, ip, { knownDevice: true, secondFactor: true });
  const ok = body.passkey
    ? (await verifyAssertion(db, config, body.passkey as AuthenticationResponseJSON, 'step_up', auth.userId)) !== null
    : await acceptSecondFactor(db, queue, config, auth.userId, { code: body.code ?? '' });
  if (!ok) {
    await recordLoginFailure(db, user.email, ip, 'SECOND_FACTOR');
    throw body.passkey
      ? new AppError(PASSKEY_ERRORS.invalid, 400, 'The passkey could not be verified')
      : new AppError(TWO_FACTOR_ERRORS.codeInvalid, 400, 'The code is wrong, expired or already used');
  }
  return { verifiedAt: (await markFactorVerified(db, auth.sessionId)).toISOString() };
}

/**
 * The password, from a user without a second factor (docs/decisions/0064): it refreshes the session's first-factor
 * proof, which only the routes adding a first factor ask for. A user with a factor proves that factor instead; a user
 * whose account signs their domain in through its provider has no password to give (they sign in again).
 */
async function passwordStepUp(db: Db, config: Config, auth: { userId: string; sessionId: string }, password: string, ip: string): Promise<TStepUpResponse> {
  const [user] = await db.select({ email: users.email, accountId: users.accountId, passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId)).limit(1);
  if (!user) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  if (await hasSecondFactor(db, auth.userId)) throw new AppError(STEP_UP_PASSWORD_NOT_ACCEPTED, 400, 'Confirm with your second factor, not the password');
  await assertSignInMethodAllowed(db, { id: auth.userId, accountId: user.accountId, email: user.email }, 'PASSWORD');
  // As for a password change: the session proves an earlier sign-in, so only this caller's failures slow it down.
  await assertLoginAllowed(db, config, user.email, ip, { knownDevice: true });
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(db, user.email, ip);
    throw new AppError(ERROR_KEYS.wrongCurrentPassword, 400, 'The password is wrong');
  }
  const verifiedAt = new Date();
  await db.update(sessions).set({ firstFactorVerifiedAt: verifiedAt }).where(eq(sessions.id, auth.sessionId));
  return { verifiedAt: verifiedAt.toISOString() };
}

/**
 * Stamps the session's factor proof: a step-up, or a sign-in that passed a factor. Never an enrolment: registering
 * a passkey or confirming TOTP proves possession of the new factor only, which an intruder holding the session
 * could have planted (docs/decisions/0064).
 */
export async function markFactorVerified(db: Db, sessionId: string): Promise<Date> {
  const verifiedAt = new Date();
  await db.update(sessions).set({ secondFactorVerifiedAt: verifiedAt }).where(eq(sessions.id, sessionId));
  return verifiedAt;
}
