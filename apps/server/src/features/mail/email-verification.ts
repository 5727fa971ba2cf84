// E-mail verification (spec: /verify/{token}, GET /api/email/verification/{token} and .../resend). The mail
// carries a random token; the table keeps its SHA-256 only. A token works once, for 48 hours, and only for the
// address it was sent to. Resending is limited to one mail a minute per user.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TEmailVerificationResendResponse, TEmailVerificationResponse } from '@bq/contracts/mail';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { emailVerifications, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { queueMail } from './outbox';

export const EMAIL_VERIFICATION_ERRORS = {
  invalid: 'error.email_verification.invalid',
  expired: 'error.email_verification.expired',
  used: 'error.email_verification.used',
  alreadyVerified: 'error.email_verification.already_verified',
  tooSoon: 'error.email_verification.too_soon',
} as const;

export const VERIFICATION_VALID_HOURS = 48;
export const RESEND_INTERVAL_SECONDS = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function verificationUrl(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/verify/${encodeURIComponent(token)}`;
}

/**
 * Writes a new verification token for the user's current address and queues its mail, in the caller's
 * transaction (registration will call this too). Returns where it goes and until when the link works.
 */
export async function queueEmailVerification(
  tx: Tx,
  queue: JobQueue,
  config: Pick<Config, 'publicUrl'>,
  user: { id: string; accountId: string; email: string; firstName: string; lastName: string; locale: typeof users.$inferSelect.locale },
  now: Date = new Date(),
): Promise<TEmailVerificationResendResponse> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + VERIFICATION_VALID_HOURS * 3_600_000);
  const [row] = await tx
    .insert(emailVerifications)
    .values({ userId: user.id, email: user.email, tokenHash: hashToken(token), expiresAt, createdAt: now })
    .returning({ id: emailVerifications.id });
  await queueMail(
    tx,
    queue,
    {
      accountId: user.accountId,
      kind: 'EMAIL_VERIFICATION',
      dedupeKey: `verification:${row!.id}`,
      to: user.email,
      locale: user.locale,
      template: 'verification',
      params: { firstName: user.firstName, lastName: user.lastName, link: verificationUrl(config, token), hours: String(VERIFICATION_VALID_HOURS) },
      userId: user.id,
    },
    config,
  );
  return { sentTo: user.email, expiresAt: expiresAt.toISOString() };
}

/** GET /api/email/verification/resend for the signed-in user. */
export async function resendEmailVerification(db: Db, queue: JobQueue, config: Config, userId: string): Promise<TEmailVerificationResendResponse> {
  return db.transaction(async (tx) => {
    // The user row lock makes two simultaneous clicks one mail plus one 429.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Sign-in required');
    if (user.emailVerifiedAt) throw new AppError(EMAIL_VERIFICATION_ERRORS.alreadyVerified, 409, 'The e-mail address is already verified');
    const [latest] = await tx
      .select({ createdAt: emailVerifications.createdAt })
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, userId))
      .orderBy(desc(emailVerifications.createdAt))
      .limit(1);
    const now = new Date();
    const waitMs = latest ? latest.createdAt.getTime() + RESEND_INTERVAL_SECONDS * 1000 - now.getTime() : 0;
    if (waitMs > 0) {
      throw new AppError(EMAIL_VERIFICATION_ERRORS.tooSoon, 429, 'A verification mail was sent less than a minute ago', {
        'retry-after': String(Math.ceil(waitMs / 1000)),
      });
    }
    return queueEmailVerification(tx, queue, config, user, now);
  });
}

/** GET /api/email/verification/{token}: public; the token is the credential. */
export async function verifyEmail(db: Db, token: string): Promise<TEmailVerificationResponse> {
  return db.transaction(async (tx) => {
    const [verification] = await tx
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(token)))
      .for('update');
    if (!verification) throw new AppError(EMAIL_VERIFICATION_ERRORS.invalid, 404, 'Unknown verification link');
    if (verification.usedAt) throw new AppError(EMAIL_VERIFICATION_ERRORS.used, 410, 'This verification link was used already');
    const now = new Date();
    if (verification.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(EMAIL_VERIFICATION_ERRORS.expired, 410, 'This verification link has expired');
    }
    // Sent to an address the user has since changed: it proves nothing about the current one.
    const [user] = await tx.select().from(users).where(and(eq(users.id, verification.userId), eq(users.email, verification.email)));
    if (!user) throw new AppError(EMAIL_VERIFICATION_ERRORS.invalid, 404, 'Unknown verification link');
    await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.id, verification.id), isNull(emailVerifications.usedAt)));
    const verifiedAt = user.emailVerifiedAt ?? now;
    await tx.update(users).set({ emailVerifiedAt: verifiedAt, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    return { email: user.email, verifiedAt: verifiedAt.toISOString() };
  });
}
