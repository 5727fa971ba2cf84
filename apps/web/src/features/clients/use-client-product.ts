// The product a client page is about (the route's productName), its configuration in the signed-in user's
// account, and what the user may do with clients there (spec section 6: BQ_USER in the product's realm).
import { useParams } from 'react-router';
import type { TProductConfiguration, TUser } from '@bq/contracts/user';
import { hasPermission, type Action } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, isProductType, type ProductType } from '@bq/domain/product-types';
import { useSignedInUser } from '../../lib/api/get-current-user';

export interface ClientProduct {
  user: TUser;
  productType: ProductType;
  configuration: TProductConfiguration;
  canCreate: boolean;
  canUpdate: boolean;
}

export function mayOnClients(
  user: Pick<TUser, 'permissions'>,
  productType: ProductType,
  action: Action,
): boolean {
  return hasPermission(user.permissions, {
    realm: PRODUCT_TYPE_INFO[productType].realm,
    entity: 'BQ_USER',
    action,
  });
}

/** Null outside a product route or when the account lacks the product (the route guard shows a notice then). */
export function useClientProduct(): ClientProduct | null {
  const user = useSignedInUser();
  const { productName = '' } = useParams();
  if (!isProductType(productName)) return null;
  const configuration = user.products.find((product) => product.productType === productName);
  if (!configuration) return null;
  return {
    user,
    productType: productName,
    configuration,
    canCreate: mayOnClients(user, productName, 'CREATE'),
    canUpdate: mayOnClients(user, productName, 'UPDATE'),
  };
}
