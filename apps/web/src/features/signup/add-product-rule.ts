// Whether the signed-in user can add a product by a click (POST /api/add_product), and why not: enterprise and
// internal accounts get products by contract (the server answers 403), and a user without the product's permission
// could not open it after adding it, or the account has it already out of the user's sight (409). The pages
// reached by URL (/{product}/add, /{product}/sign-up-success) say so instead of offering a button that fails.
import type { TUser } from '@bq/contracts/user';
import type { ProductType } from '@bq/domain/product-types';
import { hasProductPermission } from '../../lib/product-access';

export type AddProductBlock = 'already-added' | 'by-contract' | 'no-permission' | null;

export function addProductBlock(user: Pick<TUser, 'accountType' | 'products' | 'permissions'>, productType: ProductType): AddProductBlock {
  if (user.products.some((p) => p.productType === productType)) return 'already-added';
  if (user.accountType !== 'SELF_SERVICE' && user.accountType !== 'DEMO') return 'by-contract';
  if (!hasProductPermission(user, productType)) return 'no-permission';
  return null;
}
