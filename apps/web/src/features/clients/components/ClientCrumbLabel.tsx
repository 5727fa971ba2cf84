// The breadcrumb entry of a client: the client's name once the profile is loaded (shared with the client view's
// query, so no second request), the generic "Client" until then or when it cannot be loaded.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isProductType } from '@bq/domain/product-types';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { clientProfileQueryOptions } from '../api/get-client-profile';
import { clientDisplayName } from '../../../lib/client-display-name';

interface ClientCrumbLabelProps {
  productName: string;
  clientToken: string;
  fallbackKey: string;
}

export function ClientCrumbLabel({ productName, clientToken, fallbackKey }: ClientCrumbLabelProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const configuration = isProductType(productName)
    ? user.products.find((product) => product.productType === productName)
    : undefined;
  const { data } = useQuery({
    ...clientProfileQueryOptions(configuration?.id ?? '', clientToken),
    enabled: Boolean(configuration && clientToken),
  });
  return <>{data ? clientDisplayName(data) : t(fallbackKey)}</>;
}
