// The signed-in evaluator's profile (GET /api/user) and settings.
import { and, eq, sql, sum } from 'drizzle-orm';
import type { TUser } from '@bq/contracts/user';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { initials } from '@bq/domain/initials';
import type { Locale } from '@bq/domain/locales';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, PRODUCT_TYPES, type PlanType, type ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { accountAnonymityK } from '../anonymisation/anonymise';
import { allowListOf } from '../anonymisation/allow-list-service';
import { accounts, creditLedger, users } from '../../db/schema';

export async function creditBalance(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ total: sum(creditLedger.delta) }).from(creditLedger).where(eq(creditLedger.accountId, accountId));
  return Number(row?.total ?? 0);
}

/** The user's saved language: one column, for calls that only need to know which texts to send. */
export async function userLocale(db: Db, userId: string): Promise<Locale | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

export async function getCurrentUser(db: Db, userId: string): Promise<TUser> {
  // One query: the user, the account, its product configurations and its credit balance (the signed-in common path).
  const [row] = await db
    .select({
      user: users,
      account: accounts,
      configurations: sql<{ id: string; productType: ProductType; planType: PlanType; invitationValidDays: number }[]>`(
        select coalesce(json_agg(json_build_object('id', pc.id, 'productType', pc.product_type, 'planType', pc.plan_type,
          'invitationValidDays', pc.invitation_valid_days)), '[]'::json)
        from product_configurations pc where pc.account_id = ${accounts.id})`,
      credits: sql<string | number | null>`(select sum(cl.delta) from credit_ledger cl where cl.account_id = ${accounts.id})`,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Sign-in required');
  const { user, account } = row;
  const configurations = typeof row.configurations === 'string' ? (JSON.parse(row.configurations) as typeof row.configurations) : row.configurations;
  // A user sees only the account's products whose realm they hold a permission in, in the spec's order.
  const products = configurations
    .filter((p) => hasPermission(user.permissions, { realm: PRODUCT_TYPE_INFO[p.productType].realm, entity: 'BQ_USER', action: 'READ' }))
    .sort((a, b) => PRODUCT_TYPES.indexOf(a.productType) - PRODUCT_TYPES.indexOf(b.productType));
  const currentProduct = products.find((p) => p.id === user.currentProductConfigurationId) ?? products[0] ?? null;

  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    initials: initials(user.firstName, user.lastName),
    locale: user.locale,
    permissions: user.permissions,
    accountId: account.id,
    accountName: account.name,
    accountType: account.type,
    products,
    currentProduct,
    creditBalance: Number(row.credits ?? 0),
    previousLoginAt: user.previousLoginAt?.toISOString() ?? null,
    platformOperator: user.platformOperator,
    emailVerificationRequired: account.type === 'SELF_SERVICE' && user.emailVerifiedAt === null,
    ...(await allowListOf(db, { userId: user.id, accountId: account.id })),
    anonymityK: await accountAnonymityK(db, account.id),
  };
}

export async function updateUserSettings(db: Db, auth: { userId: string; accountId: string }, settings: { locale: Locale }) {
  await db
    .update(users)
    .set({ locale: settings.locale, updatedAt: new Date() })
    .where(and(eq(users.id, auth.userId), eq(users.accountId, auth.accountId)));
}
