// The icon of a product type; decorative, because the product's name is always shown beside it.
import type { ProductType } from '@bq/domain/product-types';
import { productIconOf } from './product-icons';

export function ProductIcon({ productType, size = 18 }: { productType: ProductType; size?: number }) {
  const Icon = productIconOf(productType);
  return <Icon size={size} stroke={1.7} aria-hidden focusable={false} />;
}
