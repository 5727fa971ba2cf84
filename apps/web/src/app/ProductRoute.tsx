// The :productName segment of a route: only a known product type matches, anything else is "page not found".
import { Outlet, useParams } from 'react-router';
import { isProductType } from '@bq/domain/product-types';
import { NotFoundPage } from '../features/not-found/NotFoundPage';

export function ProductRoute() {
  const { productName = '' } = useParams();
  return isProductType(productName) ? <Outlet /> : <NotFoundPage />;
}
