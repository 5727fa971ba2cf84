// E-mail verification (spec: /verify/{token}, GET /api/email/verification/{token} and .../resend). The mail
// carries a random token; the table keeps its SHA-256 only. A token works once, for 48 hours, and only for the
// address it was sent to. Resending is limited to one mail a minute per user; asked for by address (no session),
// requests are also limited per address and per IP, and every address gets the same answer.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TEmailVerificationResendResponse, TEmailVerificationResponse } from '@bq/contracts/mail';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { emailVerifications, users, verificationResendRequests } from '../../db/schema';
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
/** Resend requests by address: at most this many per address and per IP within the window (whoever owns the address). */
export const RESEND_BY_ADDRESS_LIMITS = { windowMinutes: 60, perAddress: 3, perIp: 20 } as const;

const hashToken = (text: string) => createHash('sha256').update(text).digest('hex');

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

/** Milliseconds until the user may get another verification mail (0: now). */
async function resendWaitMs(tx: Tx, userId: string, now: Date): Promise<number> {
  const [latest] = await tx
    .select({ createdAt: emailVerifications.createdAt })
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, userId))
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  return latest ? Math.max(0, latest.createdAt.getTime() + RESEND_INTERVAL_SECONDS * 1000 - now.getTime()) : 0;
}

/** GET /api/email/verification/resend for the signed-in user's own address. */
export async function resendEmailVerification(db: Db, queue: JobQueue, config: Config, userId: string): Promise<TEmailVerificationResendResponse> {
  return db.transaction(async (tx) => {
    // The user row lock makes two simultaneous clicks one mail plus one 429.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Sign-in required');
    if (user.emailVerifiedAt) throw new AppError(EMAIL_VERIFICATION_ERRORS.alreadyVerified, 409, 'The e-mail address is already verified');
    const now = new Date();
    const waitMs = await resendWaitMs(tx, userId, now);
    if (waitMs > 0) {
      throw new AppError(EMAIL_VERIFICATION_ERRORS.tooSoon, 429, 'A verification mail was sent less than a minute ago', {
        'retry-after': String(Math.ceil(waitMs / 1000)),
      });
    }
    return queueEmailVerification(tx, queue, config, user, now);
  });
}

/**
 * GET /api/email/verification/resend?email= (no session needed): a new link if the address belongs to a user whose
 * address is not verified yet and who got none in the last minute; otherwise nothing. The answer is the same in
 * every case, and the rate limit counts requests, not users, so neither tells whether the address has an account.
 */
export async function resendEmailVerificationByAddress(
  db: Db,
  queue: JobQueue,
  config: Config,
  address: string,
  ip: string,
): Promise<TEmailVerificationResendResponse> {
  const email = address.trim().toLowerCase();
  const emailHash = hashToken(email);
  const now = new Date();
  const since = new Date(now.getTime() - RESEND_BY_ADDRESS_LIMITS.windowMinutes * 60_000);
  const [byAddress] = await db
    .select({ n: count() })
    .from(verificationResendRequests)
    .where(and(eq(verificationResendRequests.emailHash, emailHash), gt(verificationResendRequests.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(verificationResendRequests)
    .where(and(eq(verificationResendRequests.ip, ip), gt(verificationResendRequests.createdAt, since)));
  if ((byAddress?.n ?? 0) >= RESEND_BY_ADDRESS_LIMITS.perAddress || (byIp?.n ?? 0) >= RESEND_BY_ADDRESS_LIMITS.perIp) {
    throw new AppError(ERROR_KEYS.tooManyAttempts, 429, 'Too many requests for verification links; try again later', {
      'retry-after': String(RESEND_BY_ADDRESS_LIMITS.windowMinutes * 60),
    });
  }
  await db.transaction(async (tx) => {
    await tx.delete(verificationResendRequests).where(lt(verificationResendRequests.createdAt, since));
    await tx.insert(verificationResendRequests).values({ emailHash, ip, createdAt: now });
    const [user] = await tx.select().from(users).where(and(eq(users.email, email), eq(users.active, true))).for('update');
    if (user && !user.emailVerifiedAt && (await resendWaitMs(tx, user.id, now)) === 0) {
      await queueEmailVerification(tx, queue, config, user, now);
    }
  });
  return { sentTo: email, expiresAt: new Date(now.getTime() + VERIFICATION_VALID_HOURS * 3_600_000).toISOString() };
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
