// "/" opens the user's current product, or the list of the account's products when there is none to open.
import { Navigate, useLocation } from 'react-router';
import { useSignedInUser } from '../lib/api/get-current-user';
import { hasProductPermission, permittedProducts } from '../lib/product-access';

export function HomeRedirect() {
  const user = useSignedInUser();
  const { search } = useLocation();
  const current = user.currentProduct;
  const productType =
    current && hasProductPermission(user, current.productType)
      ? current.productType
      : permittedProducts(user)[0]?.productType;
  return <Navigate to={`${productType ? `/product/${productType}` : '/product'}${search}`} replace />;
}
