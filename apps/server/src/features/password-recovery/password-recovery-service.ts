// Password recovery (spec section 7): request a link (the same answer for every address), check it, set a new
// password with it. The link carries 256 random bits; the table keeps only the SHA-256. It works once, for an hour;
// using it ends every session of that user. A link that reached its mailbox also proves the address.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TPasswordResetRequestResponse, TPasswordResetVerifyResponse } from '@bq/contracts/password-recovery';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { loginFailures, passwordResetTokens, sessions, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { hashPassword } from '../../plugins/passwords';
import { queueMail } from '../mail/outbox';
import { countAuthRequest } from '../signup/auth-request-limit';
import { assertNewPasswordAcceptable } from '../password-rules/password-rules';

export const PASSWORD_RESET_ERRORS = {
  invalid: 'error.password_reset.invalid',
  linkExpired: 'error.password_reset.link_expired',
  /** The link set a password already (or a later link of the same user did): distinct from expired (issue 22). */
  linkUsed: 'error.password_reset.link_used',
} as const;

export const RESET_VALID_MINUTES = 60;
/** A user gets at most one reset mail a minute (on top of the request limits). */
const RESET_INTERVAL_SECONDS = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function resetUrl(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/password/reset/complete?token=${encodeURIComponent(token)}`;
}

/**
 * POST /api/user/password/reset, the part before the answer: only what is the same for every address (the request
 * is counted, the address normalised). The route sends the 202, then runs mailResetLinkIfKnown, so the answer's
 * time cannot tell a known address from an unknown one (decision 0032).
 */
export async function countPasswordResetRequest(db: Db, address: string, ip: string): Promise<TPasswordResetRequestResponse> {
  const email = address.trim().toLowerCase();
  await countAuthRequest(db, 'PASSWORD_RESET', email, ip);
  return { sentTo: email };
}

/** After the answer: a known, active user gets a link (at most one a minute); any other address nothing. */
export async function mailResetLinkIfKnown(db: Db, queue: JobQueue, config: Config, email: string): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(and(eq(users.email, email), eq(users.active, true))).for('update');
    if (!user) return;
    const [latest] = await tx
      .select({ createdAt: passwordResetTokens.createdAt })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id))
      .orderBy(desc(passwordResetTokens.createdAt))
      .limit(1);
    if (latest && latest.createdAt.getTime() > now.getTime() - RESET_INTERVAL_SECONDS * 1000) return;
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_VALID_MINUTES * 60_000), createdAt: now })
      .returning({ id: passwordResetTokens.id });
    await queueMail(
      tx,
      queue,
      {
        accountId: user.accountId,
        kind: 'PASSWORD_RESET',
        dedupeKey: `password-reset:${row!.id}`,
        to: user.email,
        locale: user.locale,
        template: 'passwordReset',
        params: { firstName: user.firstName, lastName: user.lastName, link: resetUrl(config, token), minutes: String(RESET_VALID_MINUTES) },
        userId: user.id,
      },
      config,
    );
  });
}

/** The usable reset row of this token, or the error a user should see. */
async function usableToken(db: Db | Tx, token: string, lock: boolean) {
  const query = db
    .select({ reset: passwordResetTokens, accountId: users.accountId, email: users.email, firstName: users.firstName, lastName: users.lastName, active: users.active })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: passwordResetTokens }) : await query;
  if (!row || !row.active) throw new AppError(PASSWORD_RESET_ERRORS.invalid, 404, 'Unknown password reset link');
  if (row.reset.usedAt) throw new AppError(PASSWORD_RESET_ERRORS.linkUsed, 410, 'This password reset link was used already');
  if (row.reset.expiresAt.getTime() <= Date.now()) {
    throw new AppError(PASSWORD_RESET_ERRORS.linkExpired, 410, 'This password reset link has expired');
  }
  return row;
}

export async function verifyPasswordResetToken(db: Db, token: string): Promise<TPasswordResetVerifyResponse> {
  const row = await usableToken(db, token, false);
  return { email: row.email, expiresAt: row.reset.expiresAt.toISOString() };
}

/**
 * POST /api/user/password: the new password for the link's user; the link is spent and every session ends. Returns
 * whose password it was (for the account's audit trail).
 */
/** `identified` learns whose password it is before the change commits (the audit event names them, ADR 0039). */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  password: string,
  identified: (accountId: string, userId: string) => void = () => {},
): Promise<{ accountId: string; userId: string }> {
  // Length, strength and the common list before the link is looked at; the person's own data once it names them.
  // Every process drops the user's cached sessions when the deletion below is committed (migration 0019's
  // notification, docs/decisions/0031).
  assertNewPasswordAcceptable(password, {});
  const { reset, accountId, ...person } = await usableToken(db, token, false);
  assertNewPasswordAcceptable(password, person);
  identified(accountId, reset.userId);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await usableToken(tx, token, true);
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: now,
        updatedAt: now,
        // The link reached this mailbox: that proves the address, as a verification link would.
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, row.reset.userId));
    // This link and every other open link of the user are spent.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.reset.userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, row.reset.userId));
    await tx.delete(loginFailures).where(eq(loginFailures.email, row.email));
    return { accountId: row.accountId, userId: row.reset.userId };
  });
}

