// Which sections of a product the side navigation offers (issue 22 point 14; docs/decisions/0036): a section
// appears only where it applies to the product and the signed-in user may use it, by the same permission its
// calls require on the server (route config productPermission).
import { FAIRNESS_PRODUCTS } from '@bq/contracts/fairness';
import type { TUser } from '@bq/contracts/user';
import type { Entity } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { hasProductPermission } from './product-access';

export const PRODUCT_SECTIONS = ['clients', 'teams', 'comparison', 'weights', 'fairness', 'bi', 'export'] as const;
export type ProductSection = (typeof PRODUCT_SECTIONS)[number];

/** The READ permission each section's calls need; clients need the product's own (BQ_USER). */
const SECTION_ENTITY: Record<ProductSection, Entity> = {
  clients: 'BQ_USER',
  teams: 'TEAMS',
  comparison: 'INDIVIDUAL_COMPARISON',
  weights: 'WEIGHT_MANAGEMENT',
  fairness: 'FAIRNESS_REPORT',
  bi: 'INDIVIDUAL_RESULTS',
  export: 'INDIVIDUAL_EXPORT',
};

/** Whether the section applies to the product at all: teams are groups of people, i.e. selection and performance. */
export function sectionAppliesToProduct(section: ProductSection, productType: ProductType): boolean {
  if (section === 'teams') return PRODUCT_TYPE_INFO[productType].dashboardKind === 'BQP';
  // The adverse-impact report: the products whose results choose people (issue 25).
  if (section === 'fairness') return (FAIRNESS_PRODUCTS as readonly string[]).includes(productType);
  return true;
}

export function productSections(user: Pick<TUser, 'permissions'>, productType: ProductType): ProductSection[] {
  return PRODUCT_SECTIONS.filter(
    (section) =>
      sectionAppliesToProduct(section, productType) &&
      hasProductPermission(user, productType, SECTION_ENTITY[section], 'READ'),
  );
}
