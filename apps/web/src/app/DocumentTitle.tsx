// Sets <title> from the deepest route that names a page, with the product's name on product pages.
import { useEffect } from 'react';
import { useMatches, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO, isProductType } from '@bq/domain/product-types';
import { routeHandleOf } from './route-handle';

export function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const { productName = '' } = useParams();
  const titleKey = matches
    .map((match) => routeHandleOf(match.handle).titleKey)
    .filter((key): key is string => Boolean(key))
    .at(-1);

  useEffect(() => {
    const parts = titleKey ? [t(titleKey)] : [];
    if (titleKey && isProductType(productName)) parts.push(t(PRODUCT_TYPE_INFO[productName].nameKey));
    parts.push(t('app.name'));
    document.title = parts.join(' · ');
  }, [t, titleKey, productName]);

  return null;
}
