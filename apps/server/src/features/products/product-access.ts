// Finds a product configuration of the caller's account and checks the caller's permission in that
// product's realm. Another account's configuration behaves exactly like one that does not exist (404).
import { and, eq, sql } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { hasPermission, type Action, type Entity } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { productConfigurations } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';

export interface ProductAccessCheck {
  entity: Entity;
  action: Action;
}

export type ProductConfigurationRow = typeof productConfigurations.$inferSelect;

/** The permission check alone, for callers that already read the configuration in their own query. */
export function assertRealmPermission(auth: AuthContext, productType: ProductType, check: ProductAccessCheck) {
  const realm = PRODUCT_TYPE_INFO[productType].realm;
  if (!hasPermission(auth.permissions, { realm, entity: check.entity, action: check.action })) {
    throw new AppError(ERROR_KEYS.forbidden, 403, 'Permission missing');
  }
}

/** Prepared (db/prepared.ts): nearly every product route starts with it. */
const configurationOfAccountQuery = prepared((db: Db) =>
  db
    .select()
    .from(productConfigurations)
    .where(and(eq(productConfigurations.id, sql.placeholder('id')), eq(productConfigurations.accountId, sql.placeholder('accountId'))))
    .limit(1)
    .prepare('product_configuration_of_account'),
);

/** The account's product configuration of this id, if it has one (no permission is checked). */
export async function configurationOfAccount(db: Db, accountId: string, id: string): Promise<ProductConfigurationRow | undefined> {
  const [config] = await configurationOfAccountQuery(db).execute({ id, accountId });
  return config;
}

export async function requireProductConfiguration(
  db: Db,
  auth: AuthContext,
  productConfigurationId: string,
  check: ProductAccessCheck,
): Promise<ProductConfigurationRow> {
  const [config] = await configurationOfAccountQuery(db).execute({ id: productConfigurationId, accountId: auth.accountId });
  if (!config) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  assertRealmPermission(auth, config.productType, check);
  return config;
}

export async function requireProductConfigurationByType(
  db: Db,
  auth: AuthContext,
  productType: ProductType,
  check: ProductAccessCheck,
): Promise<ProductConfigurationRow> {
  const [config] = await db
    .select()
    .from(productConfigurations)
    .where(and(eq(productConfigurations.productType, productType), eq(productConfigurations.accountId, auth.accountId)))
    .limit(1);
  if (!config) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  assertRealmPermission(auth, config.productType, check);
  return config;
}
