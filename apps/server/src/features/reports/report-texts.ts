// The texts a report needs in one language: the result's own (dimension names, low/high poles, prediction
// classes: INTERACTION_BASE), the level words and risk sentences the dashboard uses (BQUI results.*) and the
// document's labels and recommendations (REPORT). From the process's copy of the language (translation-cache.ts).
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { Locale } from '@bq/domain/locales';
import type { Db } from '../../db/client';
import { languageTexts, type LanguageTexts } from '../translations/translation-cache';
import { interpolate } from '../instances/invite';
import { definitionTexts } from '../questionnaire/questionnaire-service';
import { REPORT_LABEL_KEYS } from './pdf/labels';

export interface ReportTexts {
  /** Text of a key with {{placeholders}} filled; the key itself when missing, so a gap is visible, never blank. */
  t(key: string, values?: Record<string, string | number>): string;
  /** Whether the language has a text for the key (an audience's wording may be missing: then it is left out). */
  has(key: string): boolean;
  /**
   * The document labels of the language (REPORT_LABEL_KEYS: what the PDF and the web pages look up), sent with every
   * report and certificate. The sentences the server words itself (advice, recommendations) stay here: they were two
   * thirds of a report's answer (issue 39).
   */
  report: Record<string, string>;
  locale: Locale;
}

/**
 * Built once per language copy (translation-cache.ts) and definition: the texts are the same for every report of
 * that definition in that language, and merging them per request was a visible share of the report's CPU time.
 * Callers only read them.
 */
const built = new WeakMap<LanguageTexts, WeakMap<TInteractionDefinition, Promise<ReportTexts>>>();

export async function loadReportTexts(db: Db, definition: TInteractionDefinition, locale: Locale): Promise<ReportTexts> {
  const texts = await languageTexts(db, locale);
  let byDefinition = built.get(texts);
  if (!byDefinition) built.set(texts, (byDefinition = new WeakMap()));
  let reportTexts = byDefinition.get(definition);
  if (!reportTexts) {
    reportTexts = buildReportTexts(db, definition, locale, texts);
    byDefinition.set(definition, reportTexts);
  }
  return reportTexts;
}

const DOCUMENT_LABELS: ReadonlySet<string> = new Set(REPORT_LABEL_KEYS);

const EVALUATOR_PREFIXES = ['results.level.', 'results.risk.', 'results.prediction.', 'results.selectionReport.'];

async function buildReportTexts(db: Db, definition: TInteractionDefinition, locale: Locale, texts: LanguageTexts): Promise<ReportTexts> {
  // CHOICE too: the risk verdict and the suitability statement quote the answers given; ITEM: the candidate's
  // "why this score" quotes the questions (report-why.ts).
  const own = await definitionTexts(db, definition, locale, ['INTERACTION_BASE', 'CHOICE', 'ITEM']);
  const all = new Map<string, string>(Object.entries(own));
  for (const [key, text] of texts.ofType('BQUI')) {
    // The evaluator's documents (file note, selection report) resolve their dashboard wording here too; the client's
    // report content never asks for these keys (report-audience.ts).
    if (EVALUATOR_PREFIXES.some((prefix) => key.startsWith(prefix))) all.set(key, text);
  }
  const report: Record<string, string> = Object.fromEntries([...texts.ofType('REPORT')].filter(([key]) => DOCUMENT_LABELS.has(key)));
  for (const [key, text] of texts.ofType('REPORT')) all.set(key, text);
  return {
    t: (key, values = {}) => {
      const text = all.get(key);
      if (!text) return key;
      return interpolate(text, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
    },
    has: (key) => all.has(key),
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
