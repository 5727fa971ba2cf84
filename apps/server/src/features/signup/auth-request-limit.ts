// Rate limits of sign-up and password-reset requests (issue 14 "Parts"): counted per address (its SHA-256, so the
// table never holds addresses that belong to nobody) and per IP, whether or not the address has an account, so
// the limit cannot tell them apart. Kept in the database so every API process sees the same counts.
import { besideRequestWork } from '../../db/request-work';
import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { authRequests, type AuthRequestKind } from '../../db/schema';

export const AUTH_REQUEST_LIMITS: Record<AuthRequestKind, { windowMinutes: number; perAddress: number; perIp: number }> = {
  SIGNUP: { windowMinutes: 60, perAddress: 3, perIp: 10 },
  PASSWORD_RESET: { windowMinutes: 60, perAddress: 3, perIp: 20 },
  // Counted per IP before the ID token is verified (the address is not known yet): a client that sends token after
  // token, valid or not, is stopped like a password guesser. A person signs in with Google a few times an hour.
  GOOGLE_SIGN_IN: { windowMinutes: 10, perAddress: 0, perIp: 20 },
  // An account's own provider (features/sso): the callback's code exchange, counted per IP like Google's.
  SSO_SIGN_IN: { windowMinutes: 10, perAddress: 0, perIp: 20 },
  // The public sample report PDF (issue 22 point 7): served from memory, but a download of a few hundred KB that
  // nobody needs more than a handful of times; counted per IP, with an errorKey of its own (below).
  SAMPLE_REPORT: { windowMinutes: 10, perAddress: 0, perIp: 10 },
};

/**
 * The answer past each limit names what was limited: a sign-up or a reset request is not a sign-in (issue 22 point 16),
 * so only Google sign-in keeps the sign-in wording.
 */
export const AUTH_REQUEST_LIMIT_ERRORS: Record<AuthRequestKind, string> = {
  SIGNUP: 'error.signup.too_many_requests',
  PASSWORD_RESET: 'error.password_reset.too_many_requests',
  GOOGLE_SIGN_IN: ERROR_KEYS.tooManyAttempts,
  SSO_SIGN_IN: ERROR_KEYS.tooManyAttempts,
  SAMPLE_REPORT: 'error.report.sample_too_many_requests',
};

/** Stored for requests counted per IP only: not a SHA-256, so it never matches an address. */
const NO_ADDRESS = '-';

export const emailHash = (email: string) => createHash('sha256').update(email).digest('hex');

/**
 * Counts this request; past the limit of its kind, 429 with the kind's error key and Retry-After. email null:
 * counted per IP only.
 */
export async function countAuthRequest(
  db: Db,
  kind: AuthRequestKind,
  email: string | null,
  ip: string,
  now = new Date(),
  perIp = AUTH_REQUEST_LIMITS[kind].perIp,
): Promise<void> {
  const limits = { ...AUTH_REQUEST_LIMITS[kind], perIp };
  const since = new Date(now.getTime() - limits.windowMinutes * 60_000);
  const hash = email === null ? NO_ADDRESS : emailHash(email);
  const [byAddress] =
    email === null
      ? [{ n: 0 }]
      : await db
          .select({ n: count() })
          .from(authRequests)
          .where(and(eq(authRequests.kind, kind), eq(authRequests.emailHash, hash), gt(authRequests.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(authRequests)
    .where(and(eq(authRequests.kind, kind), eq(authRequests.ip, ip), gt(authRequests.createdAt, since)));
  if ((email !== null && (byAddress?.n ?? 0) >= limits.perAddress) || (byIp?.n ?? 0) >= limits.perIp) {
    throw new AppError(AUTH_REQUEST_LIMIT_ERRORS[kind], 429, 'Too many requests; try again later', {
      'retry-after': String(limits.windowMinutes * 60),
    });
  }
  // The limit's bookkeeping, not the request's change: it stands whatever the request's outcome (ADR 0088).
  await besideRequestWork(db, async (root) => {
    await root.delete(authRequests).where(and(eq(authRequests.kind, kind), lt(authRequests.createdAt, since)));
    await root.insert(authRequests).values({ kind, emailHash: hash, ip, createdAt: now });
  });
}
