// The account's second-factor requirement, its members' factors and the admin's reset of a member's factor
// (docs/decisions/0042). Every id is looked up within the caller's account: another account's user is "not found".
import { and, asc, eq, sql } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { TAccountMemberFactor, TAccountSecurity, TAccountSecurityResponse } from '@bq/contracts/account-security';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { accounts, sessions, userPasskeys, userRecoveryCodes, userTotp, users } from '../../db/schema';
import { mailFactorChange } from '../two-factor/factor-change-mail';
import { hasSecondFactor } from '../two-factor/two-factor-service';
import { enrolmentDeadline } from './enrolment-deadline';
import { credentialsByMember } from '../api-credentials/api-credential-service';

export const OWN_FACTOR_MISSING = 'error.account_security.own_factor_missing';

export async function accountSecurity(db: Db, accountId: string): Promise<TAccountSecurityResponse> {
  const [row] = await db
    .select({ since: accounts.secondFactorRequiredSince, graceDays: accounts.secondFactorGraceDays })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return { secondFactorRequired: row.since !== null, graceDays: row.graceDays, requiredSince: row.since?.toISOString() ?? null };
}

/**
 * Switches the requirement on or off and sets the grace days. Switching on stamps the moment the grace counts from;
 * saving again while on keeps the first stamp, so re-saving does not extend anybody's grace.
 */
export async function updateAccountSecurity(
  db: Db,
  auth: { accountId: string; userId: string },
  body: TAccountSecurity,
): Promise<TAccountSecurityResponse> {
  const { accountId } = auth;
  const current = await accountSecurity(db, accountId);
  // An admin without a factor would lock themselves into the enrolment page the moment the grace ends: enrol first.
  if (body.secondFactorRequired && !current.secondFactorRequired && !(await hasSecondFactor(db, auth.userId))) {
    throw new AppError(OWN_FACTOR_MISSING, 409, 'Enrol your own second factor before requiring one of everybody');
  }
  const since = body.secondFactorRequired ? (current.requiredSince ? new Date(current.requiredSince) : new Date()) : null;
  await db
    .update(accounts)
    .set({ secondFactorRequiredSince: since, secondFactorGraceDays: body.graceDays, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
  return accountSecurity(db, accountId);
}

/** The account's users with whether each has a confirmed factor and, under the requirement, their deadline. */
export async function memberFactors(db: Db, accountId: string): Promise<TAccountMemberFactor[]> {
  const settings = await accountSecurity(db, accountId);
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      active: users.active,
      createdAt: users.createdAt,
      confirmedAt: userTotp.confirmedAt,
      passkeys: sql<number>`(select count(*) from ${userPasskeys} where ${userPasskeys.userId} = ${users.id})`.mapWith(Number),
    })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  const requiredSince = settings.requiredSince ? new Date(settings.requiredSince) : null;
  const credentials = await credentialsByMember(db, accountId);
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    active: row.active,
    totp: row.confirmedAt !== null,
    passkeys: row.passkeys,
    enrolmentDeadline:
      enrolmentDeadline({ requiredSince, graceDays: settings.graceDays, userCreatedAt: row.createdAt, hasFactor: row.confirmedAt !== null || row.passkeys > 0 })?.toISOString() ??
      null,
    apiCredentials: credentials.get(row.userId) ?? [],
  }));
}

/**
 * Removes a member's TOTP factor and recovery codes (a lost phone) and ends all of that member's sessions at once:
 * deleting the session rows notifies every process's session cache (migration 0019), as a password reset does. The
 * member signs in again with the password and, if the account requires it, must enrol a new factor.
 */
export async function resetMemberFactors(db: Db, queue: JobQueue, config: Pick<Config, 'publicUrl'>, accountId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
      .limit(1);
    if (!member) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
    const codes = await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId)).returning({ id: userRecoveryCodes.id });
    const totp = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
    const passkeys = await tx.delete(userPasskeys).where(eq(userPasskeys.userId, userId)).returning({ id: userPasskeys.id });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // The member learns of it in the same transaction (docs/decisions/0064); a reset that removed nothing changed no factor.
    if (codes.length + totp.length + passkeys.length > 0) await mailFactorChange(tx, queue, config, userId, { change: 'reset' });
  });
}
