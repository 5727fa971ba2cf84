// The evaluator an SSO sign-in signs in: the user linked to the provider's subject, else the user with the verified
// address (then linked), else a new evaluator of the account with the default permissions below (docs/decisions/0046).
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { cleanName } from '@bq/contracts/names';
import type { Locale } from '@bq/domain/locales';
import type { Permission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import type { Db } from '../../db/client';
import { externalIdentities, productConfigurations, users } from '../../db/schema';
import { hashPassword } from '../../plugins/passwords';
import type { ProviderIdentity } from './oidc-code-flow';

/**
 * What an evaluator gets at their first sign-in: everything within each product the account has, nothing in the
 * BQ_ADMIN realm (users, API credentials, audit trail stay with the account admin), as the seeded adviser has.
 */
export function defaultEvaluatorPermissions(products: ProductType[]): Permission[] {
  return [...new Set(products.map((p) => PRODUCT_TYPE_INFO[p].realm))].map((realm) => ({ realm, entity: 'ALL', action: 'ALL' }));
}

interface SignInUser {
  id: string;
  accountId: string;
  email: string;
  active: boolean;
}

const columns = { id: users.id, accountId: users.accountId, email: users.email, active: users.active };

export async function findOrCreateEvaluator(db: Db, accountId: string, identity: ProviderIdentity): Promise<{ user: SignInUser; created: boolean }> {
  const [linked] = await db
    .select(columns)
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.issuer, identity.issuer), eq(externalIdentities.subject, identity.subject)))
    .limit(1);
  if (linked) return { user: linked, created: false };
  const [byEmail] = await db.select(columns).from(users).where(eq(users.email, identity.email)).limit(1);
  if (byEmail) {
    // Another account's user is not linked: the caller refuses the sign-in.
    if (byEmail.accountId === accountId) {
      await db.insert(externalIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: byEmail.id }).onConflictDoNothing();
      await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, byEmail.id));
    }
    return { user: byEmail, created: false };
  }
  try {
    return { user: await createEvaluator(db, accountId, identity), created: true };
  } catch (err) {
    // Two first sign-ins of the same person at once: the other one created the user.
    if ((err as { code?: string }).code !== '23505' && (err as { cause?: { code?: string } }).cause?.code !== '23505') throw err;
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
    const configs = await tx
      .select({ id: productConfigurations.id, productType: productConfigurations.productType })
      .from(productConfigurations)
      .where(eq(productConfigurations.accountId, accountId))
      .orderBy(asc(productConfigurations.createdAt));
    const [user] = await tx
      .insert(users)
      .values({
        accountId,
        email: identity.email,
        passwordHash,
        firstName,
        lastName,
        locale: localeOf(identity),
        permissions: defaultEvaluatorPermissions(configs.map((c) => c.productType as ProductType)),
        currentProductConfigurationId: configs[0]?.id ?? null,
        emailVerifiedAt: new Date(),
      })
      .returning(columns);
    await tx.insert(externalIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: user!.id });
    return user!;
  });
}
