// One sign-in policy for every way in (issue 36 point 12, docs/decisions/0073). The password, a passwordless passkey,
// Google, the account's OpenID Connect or SAML provider, and the second step after any of them check their own
// credential, then end here, where the rules that do not depend on the credential are applied in one place and in one
// order: the user is active; the provider's answer names a user of the provider's own account; the way in is allowed
// (sign-on required, the break-glass admin: sso-routing.ts); a second factor the user has is asked for unless this
// sign-in proved one; then the session (establishSession, which also remembers the device and forgets the failures);
// and a user whose enrolment is overdue is told so and sent to enrol (the session may only do that, plugins/auth.ts).
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { ENROLMENT_PAGE, enrolmentOverdueFor } from '../account-security/enrolment-deadline';
import { assertSignInMethodAllowed, type SignInMethod } from '../sso/sso-routing';
import { PENDING_SIGN_IN_COOKIE, clearPendingSignIn, readPendingSignIn, startPendingSignIn, type PendingSignIn } from '../two-factor/pending-sign-in';
import { TWO_FACTOR_ERRORS, hasSecondFactor } from '../two-factor/two-factor-service';
import { noteAudit, noteAuditUser } from '../audit/audit-note';
import { isKnownDevice } from './login-devices';
import { assertLoginAllowed } from './login-rate-limit';
import { establishSession } from './establish-session';

export interface SignInAttempt {
  /** How the first factor was proved (for the second step: the first step's way in, kept in bq_2fa). */
  method: SignInMethod;
  /** This sign-in proved a second factor: a passkey with user verification, or the second step's code or passkey. */
  secondFactor: boolean;
  /** OIDC and SAML: the account whose provider answered; it speaks for its own users only. */
  providerAccountId?: string;
  /** The same-site path to land on. */
  redirectUrl: string;
}

export type SignInResult = { secondFactorRequired: true } | { redirectUrl: string; secondFactorEnrolmentRequired?: true };

export const OTHER_ACCOUNT = 'error.sso.other_account';

/** A user who may sign in at all: active, of an account that exists. */
export interface ActiveUser {
  id: string;
  accountId: string;
  email: string;
}

/** The one read of the user signing in; a second step reads it once and hands the row on. */
export async function activeSignInUser(db: Db, userId: string): Promise<ActiveUser | null> {
  const [user] = await db
    .select({ id: users.id, accountId: users.accountId, email: users.email })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .limit(1);
  return user ?? null;
}

/**
 * The rules that refuse a sign-in outright (active, the provider's own account, the way in allowed): the user, or an
 * AppError. completeSignIn applies them; a second step checks them before it spends a code as well. Given the row
 * activeSignInUser read in this request, it does not read it again. The user a credential identified is the one the
 * request's audit event concerns, signed in or refused here: every way in names its user to the trail in this one place.
 */
async function assertSignInPolicy(db: Db, request: FastifyRequest, who: string | ActiveUser, attempt: Pick<SignInAttempt, 'method' | 'providerAccountId'>) {
  const user = typeof who === 'string' ? await activeSignInUser(db, who) : who;
  if (!user) throw new AppError(ERROR_KEYS.invalidCredentials, 401, 'This login is deactivated');
  noteAuditUser(request, user.accountId, user.id);
  if (attempt.providerAccountId !== undefined && user.accountId !== attempt.providerAccountId) {
    throw new AppError(OTHER_ACCOUNT, 401, 'This address belongs to another account');
  }
  await assertSignInMethodAllowed(db, user, attempt.method);
  return user;
}

/** Applies the policy to the user a method identified, and signs them in or asks for the second step. */
export async function completeSignIn(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  who: string | ActiveUser,
  attempt: SignInAttempt,
): Promise<SignInResult> {
  const user = await assertSignInPolicy(db, request, who, attempt);
  // Any way in stands in for the password, not for the second factor (docs/decisions/0040): no session yet.
  if (!attempt.secondFactor && (await hasSecondFactor(db, user.id))) {
    startPendingSignIn(config, request, reply, { userId: user.id, redirectUrl: attempt.redirectUrl, method: attempt.method });
    return { secondFactorRequired: true };
  }
  await establishSession(db, config, request, reply, user, attempt.secondFactor);
  if (request.cookies[PENDING_SIGN_IN_COOKIE]) clearPendingSignIn(reply);
  // The account requires a factor this user lacks and the grace is over (docs/decisions/0042).
  if (await enrolmentOverdueFor(db, user.id)) return { redirectUrl: ENROLMENT_PAGE, secondFactorEnrolmentRequired: true };
  return { redirectUrl: attempt.redirectUrl };
}

/** For a sign-in that proved the second factor: it never stops at the second step. */
export function signedIn(result: SignInResult): Exclude<SignInResult, { secondFactorRequired: true }> {
  if ('secondFactorRequired' in result) throw new Error('A sign-in that proved the second factor was asked for it');
  return result;
}

/**
 * The second step's user, after the password or another first step (a code, a recovery code or a passkey as factor):
 * the pending sign-in's user, still active, not locked out, and still allowed the first step's way in (sign-on may
 * have become required since, ADR 0073), all before the factor is checked and spent. The trail tells this step from
 * the first, also when it is refused.
 */
export async function secondStepUser(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  factor: 'code' | 'passkey',
): Promise<{ pending: PendingSignIn; user: ActiveUser }> {
  const expired = () => new AppError(TWO_FACTOR_ERRORS.signInExpired, 401, 'The sign-in has expired; enter the password again');
  const pending = readPendingSignIn(config, request);
  if (!pending) throw expired();
  const user = await activeSignInUser(db, pending.userId);
  if (!user) {
    clearPendingSignIn(reply);
    throw expired();
  }
  noteAuditUser(request, user.accountId, user.id);
  noteAudit(request, { step: 'second_factor', ...(factor === 'passkey' ? { factor } : {}) });
  await assertLoginAllowed(db, config, user.email, request.ip, { knownDevice: await isKnownDevice(db, request, user.email), secondFactor: true });
  await assertSignInPolicy(db, request, user, { method: pending.method });
  return { pending, user };
}
