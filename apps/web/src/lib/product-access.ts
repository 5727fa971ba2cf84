// Which products a user may open: the account must have the product and the user must hold READ on BQ_USER in
// the product's permission realm (spec section 6), or a wildcard covering it.
import type { TProductConfiguration, TUser } from '@bq/contracts/user';
import { hasPermission, type Action, type Entity } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';

/** Whether the user holds `entity`/`action` in the product's permission realm (default: may open the product). */
export function hasProductPermission(
  user: Pick<TUser, 'permissions'>,
  productType: ProductType,
  entity: Entity = 'BQ_USER',
  action: Action = 'READ',
): boolean {
  return hasPermission(user.permissions, { realm: PRODUCT_TYPE_INFO[productType].realm, entity, action });
}

export function accountHasProduct(user: Pick<TUser, 'products'>, productType: ProductType): boolean {
  return user.products.some((product) => product.productType === productType);
}

/** The account's products the user may open, in the account's order. */
export function permittedProducts(user: Pick<TUser, 'products' | 'permissions'>): TProductConfiguration[] {
  return user.products.filter((product) => hasProductPermission(user, product.productType));
}

export type ProductAccess = 'granted' | 'not-in-account' | 'no-permission';

/**
 * Permission first: the server lists only products the user holds a permission for, so a product missing from
 * the list is, for a user without its permission, a matter of access rather than of the account's contract.
 */
export function productAccess(
  user: Pick<TUser, 'products' | 'permissions'>,
  productType: ProductType,
): ProductAccess {
  if (!hasProductPermission(user, productType)) return 'no-permission';
  return accountHasProduct(user, productType) ? 'granted' : 'not-in-account';
}
