// The texts an export needs in one language, in one query: column headers (BQUI export.column.*), the words for
// cell values (export.value.*), groups, statuses, lock states and the product name (BQUI), and the dimension names (INTERACTION_BASE).
import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { Locale } from '@bq/domain/locales';
import type { ProductType } from '@bq/domain/product-types';
import type { Db } from '../../db/client';
import { translations } from '../../db/schema';

export interface ExportTexts {
  /** The text of a key; the key itself when missing, so a gap is visible, never blank. */
  t(key: string): string;
}

export async function loadExportTexts(db: Db, locale: Locale, productType: ProductType, definition: TInteractionDefinition): Promise<ExportTexts> {
  const rows = await db
    .select({ key: translations.key, text: translations.text })
    .from(translations)
    .where(
      and(
        eq(translations.language, locale),
        or(
          and(
            eq(translations.textType, 'BQUI'),
            or(
              like(translations.key, 'export.column.%'),
              // The words of text cells ("Active", "Inactive"): without them the key itself was written.
              like(translations.key, 'export.value.%'),
              like(translations.key, 'clientGroup.%'),
              like(translations.key, 'interactionStatus.%'),
              like(translations.key, 'lockStatus.%'),
              eq(translations.key, `product.${productType}.name`),
              eq(translations.key, 'export.fileName.clients'),
              eq(translations.key, 'export.fileName.results'),
            ),
          ),
          and(eq(translations.textType, 'INTERACTION_BASE'), inArray(translations.key, definition.dimensions.map((d) => d.nameKey))),
        ),
      ),
    );
  const texts = new Map(rows.map((r) => [r.key, r.text]));
  return { t: (key) => texts.get(key) ?? key };
}
