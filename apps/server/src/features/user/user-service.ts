// The signed-in evaluator's profile (GET /api/user) and settings.
import { and, eq, sql } from 'drizzle-orm';
import type { TUser } from '@bq/contracts/user';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { initials } from '@bq/domain/initials';
import type { Locale } from '@bq/domain/locales';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, PRODUCT_TYPES, type PlanType, type ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import type { TAllowListEntry } from '@bq/contracts/anonymisation';
import { ANONYMITY_K_DEFAULT } from '@bq/domain/anonymity';
import { accounts, creditBalances, users } from '../../db/schema';

/** The account's credits: the ledger's sum, kept in credit_balances by a trigger (migration 0048); 0 before any movement. */
export async function creditBalance(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.accountId, accountId));
  return Number(row?.balance ?? 0);
}

/** The user's saved language: one column, for calls that only need to know which texts to send. */
export async function userLocale(db: Db, userId: string): Promise<Locale | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

/** The query behind GET /api/user, prepared (db/prepared.ts): it runs on every page load. */
const currentUserQuery = prepared((db: Db) =>
  db
    .select({
      // Only what the profile shows (not the password hash): fewer columns to send and map on every page load.
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        locale: users.locale,
        permissions: users.permissions,
        currentProductConfigurationId: users.currentProductConfigurationId,
        previousLoginAt: users.previousLoginAt,
        platformOperator: users.platformOperator,
        emailVerifiedAt: users.emailVerifiedAt,
      },
      account: { id: accounts.id, name: accounts.name, type: accounts.type },
      configurations: sql<{ id: string; productType: ProductType; planType: PlanType; invitationValidDays: number; reviewEveryMonths: number; reviewNoticeDays: number }[]>`(
        select coalesce(json_agg(json_build_object('id', pc.id, 'productType', pc.product_type, 'planType', pc.plan_type,
          'invitationValidDays', pc.invitation_valid_days, 'reviewEveryMonths', pc.review_every_months,
          'reviewNoticeDays', pc.review_notice_days)), '[]'::json)
        from product_configurations pc where pc.account_id = ${accounts.id})`,
      credits: sql<string | number | null>`(select cb.balance from credit_balances cb where cb.account_id = ${accounts.id})`,
      // The allow-list as allowListOf (features/anonymisation) reads it: entries of this user in this account, by name.
      allowListEnabled: sql<boolean | null>`(select aus.allow_list_enabled from anonymisation_user_settings aus where aus.user_id = ${users.id})`,
      allowList: sql<TAllowListEntry[] | string>`(
        select coalesce(json_agg(json_build_object('bqUserToken', c.token, 'productConfigurationId', al.product_configuration_id,
          'firstName', c.first_name, 'lastName', c.last_name, 'email', c.email) order by lower(c.last_name), lower(c.first_name)), '[]'::json)
        from anonymization_allow_list al join clients c on c.id = al.client_id
        where al.user_id = ${users.id} and al.account_id = ${accounts.id})`,
      anonymityK: sql<number | null>`(select aa.anonymity_k from account_anonymisation aa where aa.account_id = ${accounts.id})`,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('current_user_profile'),
);

export async function getCurrentUser(db: Db, userId: string): Promise<TUser> {
  // One query: the user, the account, its product configurations, its credit balance and the user's anonymisation
  // settings (the signed-in common path: every page load asks for it, so it is one round trip, not five).
  const [row] = await currentUserQuery(db).execute({ userId });
  if (!row) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Sign-in required');
  const { user, account } = row;
  // PGlite hands json back as text, node-postgres as parsed values.
  const configurations = typeof row.configurations === 'string' ? (JSON.parse(row.configurations) as typeof row.configurations) : row.configurations;
  const allowList = typeof row.allowList === 'string' ? (JSON.parse(row.allowList) as TAllowListEntry[]) : row.allowList;
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
    anonymizationAllowListEnabled: row.allowListEnabled ?? false,
    anonymizationAllowList: allowList,
    anonymityK: row.anonymityK ?? ANONYMITY_K_DEFAULT,
  };
}

export async function updateUserSettings(db: Db, auth: { userId: string; accountId: string }, settings: { locale: Locale }) {
  await db
    .update(users)
    .set({ locale: settings.locale, updatedAt: new Date() })
    .where(and(eq(users.id, auth.userId), eq(users.accountId, auth.accountId)));
}
