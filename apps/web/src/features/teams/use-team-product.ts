// The product a team page is about, and what the user may do with teams there (spec section 6: TEAMS and
// TEAMS_COMPARISON in the product's realm).
import { useParams } from 'react-router';
import type { TProductConfiguration } from '@bq/contracts/user';
import { hasPermission, type Action, type Entity } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, isProductType, type ProductType } from '@bq/domain/product-types';
import { useSignedInUser } from '../../lib/api/get-current-user';

export interface TeamProduct {
  productType: ProductType;
  configuration: TProductConfiguration;
  may: (entity: Entity, action: Action) => boolean;
}

export function useTeamProduct(): TeamProduct | null {
  const user = useSignedInUser();
  const { productName = '' } = useParams();
  if (!isProductType(productName)) return null;
  const configuration = user.products.find((product) => product.productType === productName);
  if (!configuration) return null;
  const realm = PRODUCT_TYPE_INFO[productName].realm;
  return { productType: productName, configuration, may: (entity, action) => hasPermission(user.permissions, { realm, entity, action }) };
}
