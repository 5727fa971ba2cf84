// The eight product types (spec section 1). productName in routes is the product type itself, e.g. product/BQ_RISK.
export const PRODUCT_TYPES = [
  'BQ_ADVISORY_BANK',
  'BQ_ADVISORY_WEALTH',
  'BQ_RISK',
  'BQ_SELECTION',
  'BQ_PERFORMANCE',
  'BQ_PERFORMANCE_SELF_ASSESSMENT',
  'BQ_SELECT_CAMPAIGN',
  'BQ_PERFORMANCE_COACH',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PLAN_TYPES = ['TRIAL', 'BASIC'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const ACCOUNT_TYPES = ['DEMO', 'INTERNAL', 'ENTERPRISE', 'SELF_SERVICE'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Dashboard kind of each product; products without a dashboard of their own have none yet. */
export type DashboardKind = 'BQA' | 'BQP' | 'SA';

export interface ProductTypeInfo {
  /** Slug of the product's interaction, used in interaction ids and URLs of the questionnaire. */
  interactionSlug: string;
  /** Name of the icon (Tabler icon set) shown in the product switcher. */
  icon: string;
  /** Translation key (text type BQUI) of the product's display name. */
  nameKey: string;
  dashboardKind: DashboardKind | null;
  /** The permission realm guarding this product (spec section 6); products without their own realm use ALL. */
  realm: string;
}

export const PRODUCT_TYPE_INFO: Record<ProductType, ProductTypeInfo> = {
  BQ_ADVISORY_BANK: { interactionSlug: 'advisory-bank', icon: 'building-bank', nameKey: 'product.BQ_ADVISORY_BANK.name', dashboardKind: 'BQA', realm: 'BQ_ADVISORY_BANK' },
  BQ_ADVISORY_WEALTH: { interactionSlug: 'advisory-wealth', icon: 'diamond', nameKey: 'product.BQ_ADVISORY_WEALTH.name', dashboardKind: 'BQA', realm: 'BQ_ADVISORY_WEALTH' },
  BQ_RISK: { interactionSlug: 'risk', icon: 'gauge', nameKey: 'product.BQ_RISK.name', dashboardKind: 'BQA', realm: 'BQ_RISK' },
  BQ_SELECTION: { interactionSlug: 'selection', icon: 'user-search', nameKey: 'product.BQ_SELECTION.name', dashboardKind: 'BQP', realm: 'BQ_SELECTION' },
  BQ_PERFORMANCE: { interactionSlug: 'performance', icon: 'chart-bar', nameKey: 'product.BQ_PERFORMANCE.name', dashboardKind: 'BQP', realm: 'BQ_SELECTION' },
  BQ_PERFORMANCE_SELF_ASSESSMENT: { interactionSlug: 'self-assessment', icon: 'user-check', nameKey: 'product.BQ_PERFORMANCE_SELF_ASSESSMENT.name', dashboardKind: 'SA', realm: 'BQ_PERFORMANCE_SELF_ASSESSMENT' },
  BQ_SELECT_CAMPAIGN: { interactionSlug: 'select-campaign', icon: 'users-group', nameKey: 'product.BQ_SELECT_CAMPAIGN.name', dashboardKind: 'BQP', realm: 'BQ_SELECTION' },
  BQ_PERFORMANCE_COACH: { interactionSlug: 'performance-coach', icon: 'message-circle-2', nameKey: 'product.BQ_PERFORMANCE_COACH.name', dashboardKind: 'BQP', realm: 'BQ_PERFORMANCE_SELF_ASSESSMENT' },
};

/**
 * The cover's label for the evaluator who sent the questionnaire: an adviser of a client for the advisory products,
 * a contact person for the people products (a candidate or employee has no adviser; "Beratung durch" was wrong there).
 */
export function coverContactKey(productType: string): 'report.cover.adviser' | 'report.cover.contact' {
  return isProductType(productType) && PRODUCT_TYPE_INFO[productType].dashboardKind === 'BQA' ? 'report.cover.adviser' : 'report.cover.contact';
}

export function isProductType(value: string): value is ProductType {
  return (PRODUCT_TYPES as readonly string[]).includes(value);
}
