// The realm check a route declares (docs/decisions/0081): `productPermission: { entity, action, product: {...} }`
// names where the request carries its product, a configuration id or a product type. After validation and before
// the handler, the auth plugin resolves that product in the caller's account and checks the permission in the
// product's realm; the handler gets the configuration as request.product and the service checks nothing again.
// Answers as the services did by hand: another account's product, or one the account does not have, behaves as a
// missing one (404); a product of this account without the permission in its realm is 403 error.auth.forbidden.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { productConfigurations } from '../../db/schema';
import type { AuthContext, ProductPermission } from '../../plugins/auth';
import type { AccountMemo } from '../../db/account-memo';
import { configurationOfAccount, type ProductConfigurationRow } from './product-access';

/** Where in the validated request a value is: 'params.id', 'query.productConfigurationId', 'body.productType'. */
export type RequestField = `${'params' | 'query' | 'body'}.${string}`;

/** Where a request names its product: the id of a product configuration, or a product type (the account's configuration of it). */
export type ProductSource = { configurationId: RequestField } | { productType: RequestField };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError(ERROR_KEYS.notFound, 404, 'Not found');

/** The route's declared permissions as a list, and where its product is (the first that says). */
export function declaredProduct(declaration: ProductPermission | readonly ProductPermission[] | undefined): { wanted: readonly ProductPermission[]; source: ProductSource } | null {
  if (!declaration) return null;
  const wanted: readonly ProductPermission[] = Array.isArray(declaration) ? declaration : [declaration as ProductPermission];
  const source = wanted.find((p) => p.product)?.product;
  return source ? { wanted, source } : null;
}

function valueAt(request: FastifyRequest, field: RequestField): unknown {
  const [part, name] = field.split('.') as ['params' | 'query' | 'body', string];
  return (request[part] as Record<string, unknown> | undefined)?.[name];
}

async function configurationOfType(db: Db, accountId: string, productType: ProductType): Promise<ProductConfigurationRow | undefined> {
  const [config] = await db
    .select()
    .from(productConfigurations)
    .where(and(eq(productConfigurations.productType, productType), eq(productConfigurations.accountId, accountId)))
    .limit(1);
  return config;
}

/** A row kept between requests (db/account-memo.ts) is shared by them: nobody may change it. */
const frozen = <T extends object>(row: T | undefined): T | undefined => (row ? Object.freeze(row) : row);

/** The product the request names, of the caller's account, once the caller holds one of `wanted` in its realm. */
export async function resolveDeclaredProduct(
  db: Db,
  /** The account's configurations between their changes: nearly every adviser call starts here. */
  memo: AccountMemo,
  auth: AuthContext,
  request: FastifyRequest,
  declared: { wanted: readonly ProductPermission[]; source: ProductSource },
): Promise<ProductConfigurationRow> {
  const { source, wanted } = declared;
  let config: ProductConfigurationRow | undefined;
  if ('configurationId' in source) {
    const id = valueAt(request, source.configurationId);
    if (typeof id !== 'string' || !UUID.test(id)) throw notFound();
    config = await memo.get(auth.accountId, `product:${id}`, () => configurationOfAccount(db, auth.accountId, id).then(frozen));
  } else {
    const type = valueAt(request, source.productType);
    if (typeof type !== 'string' || !Object.hasOwn(PRODUCT_TYPE_INFO, type)) throw notFound();
    config = await memo.get(auth.accountId, `product-type:${type}`, () => configurationOfType(db, auth.accountId, type as ProductType).then(frozen));
  }
  if (!config) throw notFound();
  const realm = PRODUCT_TYPE_INFO[config.productType].realm;
  if (!wanted.some((p) => hasPermission(auth.permissions, { realm, entity: p.entity, action: p.action }))) {
    throw new AppError(ERROR_KEYS.forbidden, 403, 'Permission missing');
  }
  return config;
}
