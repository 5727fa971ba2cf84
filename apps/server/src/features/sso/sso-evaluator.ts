// The evaluator an SSO sign-in signs in: the user linked to the provider's subject, else the user with the verified
// address (then linked), else a new evaluator of the account with an evaluator's defaults (user/evaluator-defaults.ts,
// the same as SCIM's; docs/decisions/0046). The provider speaks only for the account's confirmed domains and never for
// its break-glass admin (docs/decisions/0062), whatever the protocol: it neither creates, links nor signs in others.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { cleanName } from '@bq/contracts/names';
import type { Locale } from '@bq/domain/locales';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { externalIdentities, users } from '../../db/schema';
import { newEvaluatorDefaults } from '../user/evaluator-defaults';
import { hashPassword } from '../../plugins/passwords';
import type { ProviderIdentity } from './oidc-code-flow';
import { breakGlassUserOf, isConfirmedDomainOf } from './sso-routing';
import { isUniqueViolation } from '../../db/sql-state';

/** The provider's refusals of a user it may not speak for (either protocol). */
export const SSO_SCOPE_ERRORS = {
  /** The asserted address, or the linked user's address, is not of the account's confirmed domains. */
  foreignDomain: 'error.sso.foreign_domain',
  /** The break-glass admin signs in with the password only: independent of the provider by design. */
  breakGlassPasswordOnly: 'error.sso.break_glass_password_only',
} as const;

interface SignInUser {
  id: string;
  accountId: string;
  email: string;
  active: boolean;
}

const columns = { id: users.id, accountId: users.accountId, email: users.email, active: users.active };

/**
 * The user the provider signs in, created at the first sign-in. `foreignDomainKey` is the protocol's errorKey for an
 * address outside the account's confirmed domains (SAML keeps its own, older key).
 */
export async function findOrCreateEvaluator(
  db: Db,
  accountId: string,
  identity: ProviderIdentity,
  foreignDomainKey: string = SSO_SCOPE_ERRORS.foreignDomain,
): Promise<{ user: SignInUser; created: boolean }> {
  // An address of nobody's or another account's domain: neither created (platform-wide squatting) nor linked.
  const foreign = () => new AppError(foreignDomainKey, 401, "The address is not of this account's domains");
  if (!(await isConfirmedDomainOf(db, accountId, identity.email))) throw foreign();
  const breakGlassUserId = await breakGlassUserOf(db, accountId);
  const refuseBreakGlass = (user: SignInUser) => {
    if (user.id === breakGlassUserId) throw new AppError(SSO_SCOPE_ERRORS.breakGlassPasswordOnly, 403, 'The break-glass admin signs in with the password');
  };
  const [linked] = await db
    .select(columns)
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.issuer, identity.issuer), eq(externalIdentities.subject, identity.subject)))
    .limit(1);
  if (linked) {
    // A link made before the domain rule, or a user whose address changed since: the user's own address decides.
    if (linked.accountId === accountId) {
      refuseBreakGlass(linked);
      if (!(await isConfirmedDomainOf(db, accountId, linked.email))) throw foreign();
    }
    return { user: linked, created: false };
  }
  const [byEmail] = await db.select(columns).from(users).where(eq(users.email, identity.email)).limit(1);
  if (byEmail) {
    // Another account's user is not linked: the caller refuses the sign-in.
    if (byEmail.accountId === accountId) {
      refuseBreakGlass(byEmail);
      await db.insert(externalIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: byEmail.id }).onConflictDoNothing();
      await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, byEmail.id));
    }
    return { user: byEmail, created: false };
  }
  try {
    return { user: await createEvaluator(db, accountId, identity), created: true };
  } catch (err) {
    // Two first sign-ins of the same person at once: the other one created the user.
    if (!isUniqueViolation(err)) throw err;
    const [again] = await db.select(columns).from(users).where(eq(users.email, identity.email)).limit(1);
    if (!again) throw err;
    return { user: again, created: false };
  }
}

function localeOf(identity: ProviderIdentity): Locale {
  const tag = (identity.locale ?? '').toLowerCase().replace('_', '-');
  if (tag.startsWith('de')) return 'DE_DE';
  return tag === 'en-gb' ? 'EN_UK' : 'EN_US';
}

async function createEvaluator(db: Db, accountId: string, identity: ProviderIdentity): Promise<SignInUser> {
  const cut = (value: string | null) => cleanName(value ?? '').slice(0, 100);
  const parts = (identity.name ?? identity.email.split('@')[0] ?? '').split(/\s+/).filter(Boolean);
  const firstName = identity.givenName || identity.familyName ? cut(identity.givenName) : cut(parts.slice(0, -1).join(' ') || (parts[0] ?? ''));
  const lastName = identity.givenName || identity.familyName ? cut(identity.familyName) : cut(parts.length > 1 ? parts.at(-1)! : '');
  // No password is known: a hash of 256 random bits nobody holds.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const { permissions, currentProductConfigurationId } = await newEvaluatorDefaults(tx, accountId);
    const [user] = await tx
      .insert(users)
      .values({
        accountId,
        email: identity.email,
        passwordHash,
        firstName,
        lastName,
        locale: localeOf(identity),
        permissions,
        currentProductConfigurationId,
        emailVerifiedAt: new Date(),
      })
      .returning(columns);
    await tx.insert(externalIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: user!.id });
    return user!;
  });
}
