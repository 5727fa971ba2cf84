// When a user without a second factor must have enrolled one, under their account's requirement (docs/decisions/0042).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, userPasskeys, userTotp, users } from '../../db/schema';

const DAY_MS = 86_400_000;

/** True when the user of the query's users row has a passkey (a select field next to user_totp's confirmed_at). */
export const hasPasskeySql = sql<boolean>`exists (select 1 from ${userPasskeys} where ${userPasskeys.userId} = ${users.id})`;
/** Where a restricted session is sent: the web app's Settings > Two-factor page. */
export const ENROLMENT_PAGE = '/settings/security';

export interface RequirementFacts {
  /** accounts.second_factor_required_since: null when the account does not require a factor. */
  requiredSince: Date | null;
  graceDays: number;
  userCreatedAt: Date;
  /** A confirmed TOTP factor or a passkey (docs/decisions/0045) meets the requirement. */
  hasFactor: boolean;
}

/**
 * The moment from which password-only sign-in is restricted to enrolling: the grace days counted from when the
 * requirement was switched on, or from the user's creation if that is later (a new colleague gets the full grace).
 * Null when nothing is required of this user.
 */
export function enrolmentDeadline(facts: RequirementFacts): Date | null {
  if (!facts.requiredSince || facts.hasFactor) return null;
  const from = Math.max(facts.requiredSince.getTime(), facts.userCreatedAt.getTime());
  return new Date(from + facts.graceDays * DAY_MS);
}

/** True when the deadline has passed: the session may only enrol a factor (plugins/auth.ts, config.whileEnrolling). */
export function enrolmentOverdue(deadline: Date | null, now = Date.now()): boolean {
  return deadline !== null && deadline.getTime() <= now;
}

/** True when the user's account requires a factor they have not enrolled and their grace is over (read afresh). */
export async function enrolmentOverdueFor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      requiredSince: accounts.secondFactorRequiredSince,
      graceDays: accounts.secondFactorGraceDays,
      userCreatedAt: users.createdAt,
      factorConfirmedAt: userTotp.confirmedAt,
      hasPasskey: hasPasskeySql,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? enrolmentOverdue(enrolmentDeadline({ ...row, hasFactor: Boolean(row.factorConfirmedAt) || Boolean(row.hasPasskey) })) : false;
}
