// The product the shell is about: the one in the URL when the user may open it, else the user's current
// product, else the first product the user may open; null when there is none.
import { useLocation } from 'react-router';
import type { TUser } from '@bq/contracts/user';
import type { ProductType } from '@bq/domain/product-types';
import { productOfPath } from '../../lib/navigation';
import { hasProductPermission, permittedProducts, productAccess } from '../../lib/product-access';

export function shellProductOf(user: TUser, pathname: string): ProductType | null {
  const fromUrl = productOfPath(pathname);
  if (fromUrl && productAccess(user, fromUrl) === 'granted') return fromUrl;
  const current = user.currentProduct?.productType;
  if (current && hasProductPermission(user, current)) return current;
  return permittedProducts(user)[0]?.productType ?? null;
}

export function useShellProduct(user: TUser): ProductType | null {
  const { pathname } = useLocation();
  return shellProductOf(user, pathname);
}
