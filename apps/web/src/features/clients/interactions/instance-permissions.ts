// What the signed-in user may do with interaction instances in a product (spec section 6: INTERACTION_INSTANCE
// in the product's realm); the server checks the same triples.
import type { TUser } from '@bq/contracts/user';
import { hasPermission, type Action } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';

export function mayOnInstances(
  user: Pick<TUser, 'permissions'>,
  productType: ProductType,
  action: Action,
): boolean {
  return hasPermission(user.permissions, {
    realm: PRODUCT_TYPE_INFO[productType].realm,
    entity: 'INTERACTION_INSTANCE',
    action,
  });
}
