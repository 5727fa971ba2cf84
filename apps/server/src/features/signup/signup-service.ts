// Self-service sign-up (spec section 7: pre-sign-up then sign-up, bqa and self-assessment). Pre-sign-up only
// validates; sign-up creates a SELF_SERVICE account, its admin user and the product configuration, and mails a
// verification link. An address that already has an account gets the same answer, and its owner gets a mail
// saying so instead: only whoever reads that mailbox learns that the address exists (decision 0023).
import { and, eq } from 'drizzle-orm';
import type { TSignupResponse } from '@bq/contracts/signup';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { accounts, productConfigurations, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { hashPassword } from '../../plugins/passwords';
import { queueEmailVerification } from '../mail/email-verification';
import { queueMail } from '../mail/outbox';
import { assertNewPasswordAcceptable } from '../password-rules/password-rules';
import { countAuthRequest } from './auth-request-limit';

export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  locale?: Locale;
  productType: ProductType;
}

/** How long the wealth advisory free trial runs from the day the product is added (docs/decisions/0038). */
export const TRIAL_DAYS = 30;

/**
 * The plan a new configuration starts on: the wealth advisory product has its free trial (spec section 1), which
 * ends TRIAL_DAYS later; the other products start on BASIC.
 */
export function initialPlan(productType: ProductType, now = new Date()): { planType: 'TRIAL' | 'BASIC'; trialEndsAt: Date | null } {
  return productType === 'BQ_ADVISORY_WEALTH'
    ? { planType: 'TRIAL', trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000) }
    : { planType: 'BASIC', trialEndsAt: null };
}

/** Creates the account, its configuration and its admin user; null when the address was taken meanwhile. */
export async function createSelfServiceAccount(
  tx: Tx,
  input: { email: string; passwordHash: string; firstName: string; lastName: string; locale: Locale; productType: ProductType },
) {
  const [account] = await tx
    .insert(accounts)
    .values({ name: `${input.firstName} ${input.lastName}`, type: 'SELF_SERVICE' })
    .returning();
  const [configuration] = await tx
    .insert(productConfigurations)
    .values({ accountId: account!.id, productType: input.productType, ...initialPlan(input.productType) })
    .returning();
  const [user] = await tx
    .insert(users)
    .values({
      accountId: account!.id,
      email: input.email,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: input.locale,
      // The account's own admin: every permission, inside this account only.
      permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
      currentProductConfigurationId: configuration!.id,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user ? { account: account!, configuration: configuration!, user } : null;
}

class AddressTaken extends Error {}

async function mailAccountExists(tx: Tx, queue: JobQueue, config: Config, user: typeof users.$inferSelect, now: Date) {
  await queueMail(
    tx,
    queue,
    {
      accountId: user.accountId,
      kind: 'ACCOUNT_EXISTS',
      // At most one such mail per user and hour, on top of the request limits.
      dedupeKey: `account-exists:${user.id}:${Math.floor(now.getTime() / 3_600_000)}`,
      to: user.email,
      locale: user.locale,
      template: 'accountExists',
      params: { firstName: user.firstName, lastName: user.lastName, loginLink: `${config.publicUrl}/login`, resetLink: `${config.publicUrl}/password/recovery` },
      userId: user.id,
    },
    config,
  );
}

export async function signup(db: Db, queue: JobQueue, config: Config, input: SignupInput, ip: string): Promise<TSignupResponse> {
  assertNewPasswordAcceptable(input.password, input);
  const email = input.email.trim().toLowerCase();
  await countAuthRequest(db, 'SIGNUP', email, ip, new Date(), config.SIGNUP_MAX_PER_IP);
  // Hashed on both paths, so the answer takes as long whether or not the address is taken.
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const existingPath = () =>
    db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(and(eq(users.email, email), eq(users.active, true)));
      if (existing) await mailAccountExists(tx, queue, config, existing, now);
    });
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) throw new AddressTaken();
      const created = await createSelfServiceAccount(tx, {
        email,
        passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        locale: input.locale ?? 'EN_US',
        productType: input.productType,
      });
      if (!created) throw new AddressTaken();
      await queueEmailVerification(tx, queue, config, created.user, now);
    });
  } catch (err) {
    if (!(err instanceof AddressTaken)) throw err;
    await existingPath();
  }
  return { sentTo: email };
}
