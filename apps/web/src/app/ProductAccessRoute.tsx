// Product pages need the product in the account and READ on BQ_USER in its realm; otherwise a notice says so.
import { Outlet, useParams } from 'react-router';
import { isProductType } from '@bq/domain/product-types';
import { useSignedInUser } from '../lib/api/get-current-user';
import { productAccess } from '../lib/product-access';
import { ProductAccessNotice } from '../features/products/components/ProductAccessNotice';
import { NotFoundPage } from '../features/not-found/NotFoundPage';

export function ProductAccessRoute() {
  const { productName = '' } = useParams();
  const user = useSignedInUser();
  if (!isProductType(productName)) return <NotFoundPage />;
  const access = productAccess(user, productName);
  return access === 'granted' ? (
    <Outlet />
  ) : (
    <ProductAccessNotice productType={productName} reason={access} />
  );
}
