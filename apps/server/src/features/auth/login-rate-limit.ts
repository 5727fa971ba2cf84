// Sign-in throttling (decision 0032, replacing 0002's 15-minute lock-out): failed sign-ins are rows in
// login_failures (e-mail, IP, time), so every API process sees the same counts. Past a few free failures each
// further attempt must wait a delay that doubles with every failure, counted three ways:
// - per address and IP (one attacker hammering one account): grows up to the whole window;
// - per IP (one attacker trying many addresses): grows up to the whole window;
// - per address from anywhere (many IPs on one account): grows only up to a minute, and a device that signed in as
//   this user before (bq_device cookie) skips it, so failures elsewhere never keep the owner out for long.
// The wait is checked before the password, so the right password does not get through during it.
// Second-factor codes (docs/decisions/0040) are failures of kind SECOND_FACTOR: they count in the three rules above, and
// a fourth rule counts them per address from anywhere up to the whole window, with no device exemption: whoever is
// at that step already knows the password, and only the code stands between them and the account.
import { besideRequestWork } from '../../db/request-work';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** The longest wait the per-address rule (any IP) imposes: what a rightful owner on a new device may have to wait. */
export const ADDRESS_BACKOFF_CAP_SECONDS = 60;

/** Seconds to wait after the last failure, given `failures` in the window and `free` failures before any wait. */
export function backoffSeconds(failures: number, free: number, capSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** Math.min(failures - free, 30), capSeconds);
}

interface Counts {
  secondFactor: number;
  secondFactorLast: Date | null;
  address: number;
  addressLast: Date | null;
  pair: number;
  pairLast: Date | null;
  ip: number;
  ipLast: Date | null;
}

async function failureCounts(db: Db, email: string, ip: string, since: Date): Promise<Counts> {
  const onAddress = sql`${loginFailures.email} = ${email}`;
  const onIp = sql`${loginFailures.ip} = ${ip}`;
  const codeOnAddress = sql`${onAddress} and ${loginFailures.kind} = 'SECOND_FACTOR'`;
  const [row] = await db
    .select({
      secondFactor: sql<number>`count(*) filter (where ${codeOnAddress})`.mapWith(Number),
      secondFactorLast: sql<string | null>`max(${loginFailures.createdAt}) filter (where ${codeOnAddress})`,
      address: sql<number>`count(*) filter (where ${onAddress})`.mapWith(Number),
      addressLast: sql<string | null>`max(${loginFailures.createdAt}) filter (where ${onAddress})`,
      pair: sql<number>`count(*) filter (where ${onAddress} and ${onIp})`.mapWith(Number),
      pairLast: sql<string | null>`max(${loginFailures.createdAt}) filter (where ${onAddress} and ${onIp})`,
      ip: sql<number>`count(*) filter (where ${onIp})`.mapWith(Number),
      ipLast: sql<string | null>`max(${loginFailures.createdAt}) filter (where ${onIp})`,
    })
    .from(loginFailures)
    .where(and(or(eq(loginFailures.email, email), eq(loginFailures.ip, ip)), gt(loginFailures.createdAt, since)));
  const date = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
  return {
    secondFactor: row?.secondFactor ?? 0,
    secondFactorLast: date(row?.secondFactorLast),
    address: row?.address ?? 0,
    addressLast: date(row?.addressLast),
    pair: row?.pair ?? 0,
    pairLast: date(row?.pairLast),
    ip: row?.ip ?? 0,
    ipLast: date(row?.ipLast),
  };
}

/**
 * Throws 429 error.auth.too_many_sign_in_attempts with Retry-After (seconds) while a wait is running.
 * `knownDevice`: the request carries this user's bq_device cookie, which lifts the per-address (any IP) rule.
 * `secondFactor`: a code is being checked: the per-address rule for wrong codes applies too.
 */
export async function assertLoginAllowed(
  db: Db,
  config: Config,
  email: string,
  ip: string,
  opts: { knownDevice?: boolean; secondFactor?: boolean } = {},
): Promise<void> {
  const now = Date.now();
  const windowSeconds = config.LOGIN_WINDOW_MINUTES * 60;
  const counts = await failureCounts(db, email, ip, new Date(now - windowSeconds * 1000));
  const remaining = (last: Date | null, seconds: number) => (last && seconds > 0 ? last.getTime() + seconds * 1000 - now : 0);
  const waits = [
    remaining(counts.pairLast, backoffSeconds(counts.pair, config.LOGIN_MAX_FAILURES_PER_EMAIL, windowSeconds)),
    remaining(counts.ipLast, backoffSeconds(counts.ip, config.LOGIN_MAX_FAILURES_PER_IP, windowSeconds)),
    opts.knownDevice
      ? 0
      : remaining(counts.addressLast, backoffSeconds(counts.address, config.LOGIN_MAX_FAILURES_PER_EMAIL, ADDRESS_BACKOFF_CAP_SECONDS)),
    opts.secondFactor
      ? remaining(counts.secondFactorLast, backoffSeconds(counts.secondFactor, config.LOGIN_MAX_FAILURES_PER_EMAIL, windowSeconds))
      : 0,
  ];
  const waitMs = Math.max(...waits);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(ERROR_KEYS.signInThrottled, 429, `Too many sign-in attempts; try again in ${seconds} s`, {
      'retry-after': String(seconds),
    });
  }
}

export async function recordLoginFailure(db: Db, email: string, ip: string, kind: 'PASSWORD' | 'SECOND_FACTOR' = 'PASSWORD'): Promise<void> {
  // The time from this process's clock, as the checks above compare with it. Bookkeeping of a refusal, not the
  // request's change: it stands whatever the request's outcome (docs/decisions/0088).
  const createdAt = new Date();
  await besideRequestWork(db, (root) => root.insert(loginFailures).values({ email, ip, kind, createdAt }));
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function purgeOldLoginFailures(db: Db, config: Config): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000)));
}
