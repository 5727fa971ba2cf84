// The texts a report needs in one language: the result's own (dimension names, low/high poles, prediction
// classes: INTERACTION_BASE), the level words and risk sentences the dashboard uses (BQUI results.*) and the
// document's labels and recommendations (REPORT). One query.
import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { Locale } from '@bq/domain/locales';
import type { Db } from '../../db/client';
import { translations } from '../../db/schema';
import { interpolate } from '../instances/invite';
import { definitionTexts } from '../questionnaire/questionnaire-service';

export interface ReportTexts {
  /** Text of a key with {{placeholders}} filled; the key itself when missing, so a gap is visible, never blank. */
  t(key: string, values?: Record<string, string | number>): string;
  /** Every REPORT text of the language (the PDF and web labels). */
  report: Record<string, string>;
  locale: Locale;
}

export async function loadReportTexts(
  db: Db,
  definition: TInteractionDefinition,
  locale: Locale,
): Promise<ReportTexts> {
  const [own, rows] = await Promise.all([
    // CHOICE too: the risk verdict and the suitability statement quote the answers given.
    definitionTexts(db, definition, locale, ['INTERACTION_BASE', 'CHOICE']),
    db
      .select({ key: translations.key, text: translations.text, textType: translations.textType })
      .from(translations)
      .where(
        and(
          eq(translations.language, locale),
          or(
            eq(translations.textType, 'REPORT'),
            and(
              eq(translations.textType, 'BQUI'),
              or(like(translations.key, 'results.level.%'), like(translations.key, 'results.risk.%')),
            ),
          ),
        ),
      ),
  ]);
  const all = new Map<string, string>(Object.entries(own));
  const report: Record<string, string> = {};
  for (const row of rows) {
    all.set(row.key, row.text);
    if (row.textType === 'REPORT') report[row.key] = row.text;
  }
  return {
    t: (key, values = {}) => {
      const text = all.get(key);
      if (!text) return key;
      return interpolate(text, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
    },
    report,
    locale,
  };
}

/** Some texts of one type in one language, by key. */
export async function textsByKey(db: Db, locale: Locale, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: translations.key, text: translations.text })
    .from(translations)
    .where(and(eq(translations.language, locale), inArray(translations.key, keys)));
  return new Map(rows.map((r) => [r.key, r.text]));
}
