// The texts a report needs in one language: the result's own (dimension names, low/high poles, prediction
// classes: INTERACTION_BASE), the level words and risk sentences the dashboard uses (BQUI results.*) and the
// document's labels and recommendations (REPORT). From the process's copy of the language (translation-cache.ts).
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { Locale } from '@bq/domain/locales';
import type { Db } from '../../db/client';
import { languageTexts } from '../translations/translation-cache';
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
  const [own, texts] = await Promise.all([
    // CHOICE too: the risk verdict and the suitability statement quote the answers given.
    definitionTexts(db, definition, locale, ['INTERACTION_BASE', 'CHOICE']),
    languageTexts(db, locale),
  ]);
  const all = new Map<string, string>(Object.entries(own));
  for (const [key, text] of texts.ofType('BQUI')) {
    if (key.startsWith('results.level.') || key.startsWith('results.risk.')) all.set(key, text);
  }
  const report: Record<string, string> = Object.fromEntries(texts.ofType('REPORT'));
  for (const [key, text] of texts.ofType('REPORT')) all.set(key, text);
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
  const wanted = new Set(keys);
  const found = new Map<string, string>();
  for (const row of (await languageTexts(db, locale)).rows) if (wanted.has(row.key)) found.set(row.key, row.text);
  return found;
}
