// What a BI category is (docs/decisions/0021): per dimension of the product's current questionnaire the stanine band
// of each client's latest result (LOW 1-3, AVERAGE 4-6, HIGH 7-9); for products with a risk verdict the suitable
// risk class 1-7; for products that indicate an investment style, that style. Labels come from the BI text type,
// dimension and style names from the questionnaire's own texts (INTERACTION_BASE).
import { and, eq, inArray, or } from 'drizzle-orm';
import type { TBiCategory } from '@bq/contracts/bi';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import type { Db } from '../../db/client';
import { translations } from '../../db/schema';
import { definitionForProduct } from '../interactions/definitions';

export const STANINE_BANDS = ['LOW', 'AVERAGE', 'HIGH'] as const;
const RISK_CLASSES = ['1', '2', '3', '4', '5', '6', '7'];

export type Texts = Record<string, string>;

/** The BI texts of a locale, and the questionnaire's INTERACTION_BASE texts the categories name. */
export async function biTexts(db: Db, productType: ProductType, locale: Locale): Promise<{ bi: Texts; base: Texts }> {
  const definition = definitionForProduct(productType);
  const baseKeys = [
    ...definition.dimensions.map((d) => d.nameKey),
    ...(definition.prediction?.classes.map((c) => c.labelKey) ?? []),
    ...(definition.prediction ? [definition.prediction.titleKey] : []),
  ];
  const rows = await db
    .select({ key: translations.key, text: translations.text, textType: translations.textType })
    .from(translations)
    .where(
      and(
        eq(translations.language, locale),
        or(eq(translations.textType, 'BI'), and(eq(translations.textType, 'INTERACTION_BASE'), inArray(translations.key, baseKeys))),
      ),
    );
  const wanted = new Set(baseKeys);
  const bi: Texts = {};
  const base: Texts = {};
  for (const r of rows) {
    if (r.textType === 'BI') bi[r.key] = r.text;
    else if (wanted.has(r.key)) base[r.key] = r.text;
  }
  return { bi, base };
}

const fill = (text: string | undefined, fallback: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((t, [k, v]) => t.replaceAll(`{{${k}}}`, v), text ?? fallback);

export function categoriesOf(productType: ProductType, texts: { bi: Texts; base: Texts }): TBiCategory[] {
  const definition = definitionForProduct(productType);
  const { bi, base } = texts;
  const bands = STANINE_BANDS.map((b) => ({ key: b, label: fill(bi[`bi.bucket.${b}`], b) }));
  const categories: TBiCategory[] = definition.dimensions.map((d) => ({
    key: `dimension.${d.key}`,
    kind: 'DIMENSION',
    label: base[d.nameKey] ?? d.key,
    description: fill(bi['bi.category.dimension.description'], ''),
    buckets: bands,
  }));
  if (definition.risk) {
    categories.push({
      key: 'risk_class',
      kind: 'RISK_CLASS',
      label: fill(bi['bi.category.risk_class.label'], 'Risk class'),
      description: fill(bi['bi.category.risk_class.description'], ''),
      buckets: RISK_CLASSES.map((c) => ({ key: c, label: fill(bi['bi.bucket.riskClass'], `Risk class ${c}`, { class: c }) })),
    });
  }
  if (definition.prediction) {
    categories.push({
      key: 'investment_style',
      kind: 'INVESTMENT_STYLE',
      label: fill(bi['bi.category.investment_style.label'], base[definition.prediction.titleKey] ?? 'Investment style'),
      description: fill(bi['bi.category.investment_style.description'], ''),
      buckets: definition.prediction.classes.map((c) => ({ key: c.key, label: base[c.labelKey] ?? c.key })),
    });
  }
  return categories;
}
