// The TOTP factor of the signed-in user: status, enrolment, confirmation (with recovery codes), removal; and the check
// of a code or recovery code at sign-in, which uses it up (docs/decisions/0040).
import { and, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { TStartTotpEnrolmentResponse, TTotpStatusResponse } from '@bq/contracts/two-factor';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userPasskeys, userRecoveryCodes, userTotp, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { configuredKeyIds, decryptSecret, encryptSecret } from '../../plugins/data-encryption';
import { verifyPassword } from '../../plugins/passwords';
import { enrolmentOverdue } from '../account-security/enrolment-deadline';
import { assertLoginAllowed, recordLoginFailure } from '../auth/login-rate-limit';
import { besideRequestWork } from '../../db/request-work';
import { mailFactorChange } from './factor-change-mail';
import { newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeDataUrl, recoveryCodeHash, recoveryCodeHashes, recoveryCodeKeyId, verifiedStep } from './totp';

export const TWO_FACTOR_ERRORS = {
  codeInvalid: 'error.two_factor.code_invalid',
  recoveryCodeInvalid: 'error.two_factor.recovery_code_invalid',
  alreadyEnabled: 'error.two_factor.already_enabled',
  notStarted: 'error.two_factor.not_started',
  notEnabled: 'error.two_factor.not_enabled',
  signInExpired: 'error.two_factor.sign_in_expired',
  locked: 'error.two_factor.locked',
} as const;

/**
 * Wrong codes in a row before the code factor locks (issue 36 point 12). NIST SP 800-63B 5.2.2 allows at most 100; ten
 * leaves an attacker who holds the password a chance of about 3 in a million, and a user who mistypes room enough.
 */
export const MAX_CODE_FAILURES = 10;

/** What proves the factor: a current code, or one of the recovery codes (both as ZTotpCode / ZRecoveryCode left them). */
export type FactorProof = { code: string; recoveryCode?: undefined } | { code?: undefined; recoveryCode: string };

async function factorRow(db: Db, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row ?? null;
}

/** True when the user has a confirmed TOTP factor. */
async function hasTotp(db: Db, userId: string): Promise<boolean> {
  const row = await factorRow(db, userId);
  return Boolean(row?.confirmedAt);
}

/** True when the user has a confirmed TOTP factor or a passkey (docs/decisions/0045): sign-in then asks for one. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  if (await hasTotp(db, userId)) return true;
  const [passkey] = await db.select({ id: userPasskeys.id }).from(userPasskeys).where(eq(userPasskeys.userId, userId)).limit(1);
  return Boolean(passkey);
}

/**
 * A stored code sign-in can still check: made under a key still configured (its `<keyId>:` prefix), or bare hex (made
 * before key ids, checked under every configured key). A code made under a key since taken out of
 * DATA_ENCRYPTION_KEYS_PREVIOUS can never match again, so it is not counted as left: the user is told to make new ones
 * rather than trusting codes that no longer work (npm run keys:rotate -- --check counts them before a key goes).
 */
function usableRecoveryCode(config: Config) {
  const ids = configuredKeyIds(config.dataEncryptionKeys);
  return sql`${recoveryCodeKeyId} in (${sql.join(
    ['original', ...ids].map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The user's factor, and the account's deadline for enrolling one as the session carries it (docs/decisions/0042). */
export async function totpStatus(db: Db, config: Config, auth: { userId: string; secondFactorDeadline?: Date | null }): Promise<TTotpStatusResponse> {
  const { userId } = auth;
  const deadline = auth.secondFactorDeadline ?? null;
  const requirement = { enrolmentDeadline: deadline?.toISOString() ?? null, enrolmentOverdue: enrolmentOverdue(deadline) };
  if (!(await hasTotp(db, userId))) return { enabled: false, recoveryCodesLeft: 0, ...requirement };
  const [left] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt), usableRecoveryCode(config)));
  return { enabled: true, recoveryCodesLeft: left?.n ?? 0, ...requirement };
}

/** A new secret, not yet in force: sign-in asks for codes only once the first one has confirmed it. */
export async function startTotpEnrolment(db: Db, config: Config, userId: string): Promise<TStartTotpEnrolmentResponse> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  if (await hasTotp(db, userId)) throw new AppError(TWO_FACTOR_ERRORS.alreadyEnabled, 409, 'A second factor is already enabled');
  const secret = newTotpSecret();
  const secretEncrypted = encryptSecret(config.dataEncryptionKeys, 'totp-secret', secret, userId);
  // A second start replaces the first one's secret (the page was reloaded, the QR code scanned into another app).
  await db
    .insert(userTotp)
    .values({ userId, secretEncrypted, confirmedAt: null, lastUsedStep: null, createdAt: new Date() })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() }, where: isNull(userTotp.confirmedAt) });
  const uri = otpauthUri(secret, user.email);
  return { secret, otpauthUri: uri, qrCodeDataUrl: await qrCodeDataUrl(uri) };
}

/** The first code puts the factor in force; the answer holds the ten recovery codes, which are never shown again. */
export async function confirmTotp(db: Db, queue: JobQueue, config: Config, userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
  const row = await factorRow(db, userId);
  if (!row) throw new AppError(TWO_FACTOR_ERRORS.notStarted, 409, 'Start the enrolment first');
  if (row.confirmedAt) throw new AppError(TWO_FACTOR_ERRORS.alreadyEnabled, 409, 'A second factor is already enabled');
  const secret = decryptSecret(config.dataEncryptionKeys, 'totp-secret', row.secretEncrypted, userId);
  const step = await verifiedStep(secret, code, null);
  if (step === null) throw new AppError(TWO_FACTOR_ERRORS.codeInvalid, 400, 'The code is wrong or has expired');
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const confirmed = await tx
      .update(userTotp)
      .set({ confirmedAt: new Date(), lastUsedStep: step })
      .where(and(eq(userTotp.userId, userId), isNull(userTotp.confirmedAt), eq(userTotp.secretEncrypted, row.secretEncrypted)))
      .returning({ userId: userTotp.userId });
    // Another request confirmed or restarted the enrolment meanwhile.
    if (confirmed.length === 0) throw new AppError(TWO_FACTOR_ERRORS.notStarted, 409, 'The enrolment changed; start again');
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.insert(userRecoveryCodes).values(
      recoveryCodes.map((shown) => ({ userId, codeHash: recoveryCodeHash(config.dataEncryptionKeys, userId, shown.replace('-', '')) })),
    );
    await mailFactorChange(tx, queue, config, userId, { change: 'added', factor: 'totpWithCodes' });
  });
  return { recoveryCodes };
}

/**
 * Checks a code or recovery code of the user's confirmed factor and uses it up: the code's time step becomes the last
 * used one (a code of that step or before is refused from then on), a recovery code is marked used. Both are
 * conditional updates, so two requests with the same code cannot both succeed.
 */
export async function acceptSecondFactor(db: Db, queue: JobQueue, config: Config, userId: string, proof: FactorProof): Promise<boolean> {
  const row = await factorRow(db, userId);
  if (!row?.confirmedAt) return false;
  if (proof.recoveryCode !== undefined) {
    const used = await db
      .update(userRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userRecoveryCodes.userId, userId),
          // Made under the current key or a previous one still listed (docs/decisions/0079).
          inArray(userRecoveryCodes.codeHash, recoveryCodeHashes(config.dataEncryptionKeys, userId, proof.recoveryCode)),
          isNull(userRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: userRecoveryCodes.id });
    // A recovery code is the way out of a lock: it proves the user holds what was issued with the factor.
    if (used.length > 0 && (row.failedCodes > 0 || row.lockedAt)) await db.update(userTotp).set({ failedCodes: 0, lockedAt: null }).where(eq(userTotp.userId, userId));
    return used.length > 0;
  }
  if (row.lockedAt) throw new AppError(TWO_FACTOR_ERRORS.locked, 423, 'Too many wrong codes: use a recovery code, or ask an administrator to reset your second factor');
  const secret = decryptSecret(config.dataEncryptionKeys, 'totp-secret', row.secretEncrypted, userId);
  const step = await verifiedStep(secret, proof.code, row.lastUsedStep);
  if (step === null) {
    await countWrongCode(db, queue, config, userId);
    return false;
  }
  const taken = await db
    .update(userTotp)
    .set({ lastUsedStep: step, failedCodes: 0 })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
    .returning({ userId: userTotp.userId });
  return taken.length > 0;
}

/** One more wrong code; the one that reaches MAX_CODE_FAILURES locks the code factor and tells the user, in one transaction. */
async function countWrongCode(db: Db, queue: JobQueue, config: Config, userId: string): Promise<void> {
  // Bookkeeping of a refusal, like the throttle's: it stands whatever the request's outcome (ADR 0088).
  await besideRequestWork(db, (root) =>
    root.transaction(async (tx) => {
      const [row] = await tx
        .update(userTotp)
        .set({ failedCodes: sql`${userTotp.failedCodes} + 1`, lockedAt: sql`case when ${userTotp.failedCodes} + 1 >= ${MAX_CODE_FAILURES} then now() else null end` })
        .where(and(eq(userTotp.userId, userId), isNull(userTotp.lockedAt)))
        .returning({ lockedAt: userTotp.lockedAt });
      if (row?.lockedAt) await mailFactorChange(tx, queue, config, userId, { change: 'locked' });
    }),
  );
}

/** Removes the factor: the password and a code (or a recovery code), both throttled like a sign-in. */
export async function disableTotp(db: Db, queue: JobQueue, config: Config, userId: string, password: string, proof: FactorProof, ip: string): Promise<void> {
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  // A stolen session must not be able to guess the password or the code without limit.
  await assertLoginAllowed(db, config, user.email, ip, { knownDevice: true, secondFactor: true });
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(db, user.email, ip);
    throw new AppError(ERROR_KEYS.wrongCurrentPassword, 400, 'The current password is wrong');
  }
  if (!(await hasTotp(db, userId))) throw new AppError(TWO_FACTOR_ERRORS.notEnabled, 409, 'No second factor is enabled');
  if (!(await acceptSecondFactor(db, queue, config, userId, proof))) {
    await recordLoginFailure(db, user.email, ip, 'SECOND_FACTOR');
    const key = proof.recoveryCode !== undefined ? TWO_FACTOR_ERRORS.recoveryCodeInvalid : TWO_FACTOR_ERRORS.codeInvalid;
    throw new AppError(key, 400, 'The code is wrong, expired or already used');
  }
  await db.transaction(async (tx) => {
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await mailFactorChange(tx, queue, config, userId, { change: 'removed', factor: 'totp' });
  });
}
