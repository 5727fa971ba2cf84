// Tabler icons for the icon names of PRODUCT_TYPE_INFO (packages/domain/src/product-types.ts).
import {
  IconBox,
  IconBuildingBank,
  IconChartBar,
  IconDiamond,
  IconGauge,
  IconMessageCircle,
  IconUserCheck,
  IconUsersGroup,
  IconUserSearch,
  type Icon,
} from '@tabler/icons-react';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';

export const PRODUCT_ICONS: Record<string, Icon> = {
  'building-bank': IconBuildingBank,
  diamond: IconDiamond,
  gauge: IconGauge,
  'user-search': IconUserSearch,
  'chart-bar': IconChartBar,
  'user-check': IconUserCheck,
  'users-group': IconUsersGroup,
  // Tabler 3 renamed message-circle-2 to message-circle.
  'message-circle-2': IconMessageCircle,
};

export function productIconOf(productType: ProductType): Icon {
  return PRODUCT_ICONS[PRODUCT_TYPE_INFO[productType].icon] ?? IconBox;
}
