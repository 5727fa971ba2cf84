// GET /api/dashboard/content/{bqa|bqp|sa}/{token}?locale=: what depends on the reader's language (the result's
// texts) and the BQA_RISK section, which the user sees only with BQA_DASHBOARD_RISK/READ in the product's realm.
import type { DashboardKindParam, TDashboardContent } from '@bq/contracts/dashboard';
import { DEFAULT_LOCALE, type Locale } from '@bq/domain/locales';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { userLocale } from '../user/user-service';
import { dashboardKindOf, requireOpenResult } from './result-access';
import { storedRiskSection } from './risk-section';
import { resultPortfolioCheck } from '../portfolio/result-portfolio-check';

export async function readerLocale(db: Db, auth: AuthContext, requested: Locale | undefined): Promise<Locale> {
  return requested ?? (await userLocale(db, auth.userId)) ?? DEFAULT_LOCALE;
}

export async function getDashboardContent(db: Db, auth: AuthContext, kind: DashboardKindParam, token: string, requestedLocale?: Locale): Promise<TDashboardContent> {
  const { instance, results, productType, definition } = await requireOpenResult(db, auth, token);
  // A content kind that does not belong to the result's product is a path that does not exist.
  if (dashboardKindOf(productType) !== kind) throw new AppError('error.not_found', 404, 'Not found');
  const locale = await readerLocale(db, auth, requestedLocale);
  const sections: TDashboardContent['sections'] = {};
  const restrictedSections: TDashboardContent['restrictedSections'] = [];
  let portfolioCheck: TDashboardContent['portfolioCheck'] = null;
  if (results.risk) {
    const realm = PRODUCT_TYPE_INFO[productType].realm;
    if (hasPermission(auth.permissions, { realm, entity: 'BQA_DASHBOARD_RISK', action: 'READ' })) {
      // The section stored with the result, never one recomputed from a later import.
      const section = await storedRiskSection(db, instance.id, results);
      if (section) sections.BQA_RISK = section;
      // Beside the model portfolio, under the same permission (decision 0091).
      portfolioCheck = await resultPortfolioCheck(db, instance, results);
    } else {
      restrictedSections.push('BQA_RISK');
    }
  }
  return {
    kind,
    locale,
    // CHOICE too: the verdict names the answers its limits read (e.g. "1 to 3 years").
    texts: await definitionTexts(db, definition, locale, ['INTERACTION_BASE', 'CHOICE']),
    dimensions: definition.dimensions.map((d) => ({ key: d.key, nameKey: d.nameKey, descriptionKey: d.descriptionKey, lowKey: d.lowKey, highKey: d.highKey })),
    interactionNameKey: definition.nameKey,
    sections,
    restrictedSections,
    portfolioCheck,
  };
}
