// Failed sign-ins are counted per e-mail and per IP in a sliding window; past the limit, sign-in answers 429
// before the password is even checked. Kept in the database so every API process sees the same counts.
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

export async function assertLoginAllowed(db: Db, config: Config, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000);
  const [byEmail] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  if ((byEmail?.n ?? 0) >= config.LOGIN_MAX_FAILURES_PER_EMAIL || (byIp?.n ?? 0) >= config.LOGIN_MAX_FAILURES_PER_IP) {
    throw new AppError(ERROR_KEYS.tooManyAttempts, 429, 'Too many failed sign-ins; try again later', {
      'retry-after': String(config.LOGIN_WINDOW_MINUTES * 60),
    });
  }
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function purgeOldLoginFailures(db: Db, config: Config): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000)));
}
