// /{productName} on its own shows the product view at /product/{productName}, keeping the query.
import { Navigate, useLocation, useParams } from 'react-router';

export function ProductIndexRedirect() {
  const { productName = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/product/${productName}${search}`} replace />;
}
