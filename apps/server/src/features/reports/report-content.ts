// GET /api/report/content/{bqp|bqa}/{token} and .../bqa/recommendations/{token}: everything a report shows,
// resolved in one language, so the web report view and the PDF (features/reports/pdf) show the same thing.
import type { TReportContent, TReportDimension } from '@bq/contracts/reports';
import { LOCALE_TAGS, type Locale } from '@bq/domain/locales';
import { monthOf } from '@bq/domain/report-dates';
import { reportFileName } from '@bq/domain/report-file-name';
import { coverContactKey } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { consistencyResolutionsOf } from '../results/consistency-resolution';
import { dimensionResults, resultEvidence } from '../results/dashboard';
import { withHonestKnowledge } from '../results/knowledge-level';
import { knowledgeSentences, type KnowledgeEvidence, type KnowledgeLevel } from '@bq/domain/knowledge-evidence';
import { scoreLevelOfStanine } from '@bq/contracts/dashboard';
import { rankedClasses, storedIndication } from '../results/prediction';
import { storedPortfolio, storedRiskSection } from '../results/risk-section';
import { riskVerdict } from '../results/risk-verdict';
import { reportFormat } from './pdf/format';
import { suitabilityStatement } from './suitability-statement';
import { PREDICTION_AUDIENCE, verdictTexts } from './report-audience';
import type { AuthContext } from '../../plugins/auth';
import { viewerDashboardPath, type ReportSubject } from './report-subject';
import { loadReportTexts, type ReportTexts } from './report-texts';
import { whySentences } from './report-why';
import { resultPortfolioCheck } from '../portfolio/result-portfolio-check';

export type ContentReportType = TReportContent['reportType'];

/** Which report types a result has: BQA products the bqa report (and recommendations), BQP and SA the bqp one. */
export function assertReportType(
  subject: ReportSubject,
  reportType: ContentReportType | 'certificate',
): void {
  const kind = subject.dashboardKind;
  const fits =
    reportType === 'certificate'
      ? kind === 'BQP'
      : reportType === 'bqp'
        ? kind === 'BQP' || kind === 'SA'
        : kind === 'BQA';
  // A report type that does not belong to the result's product is a resource that does not exist.
  if (!fits) throw new AppError('error.not_found', 404, 'This result has no such report');
}

export function reportTitleKey(subject: ReportSubject, reportType: ContentReportType): string {
  if (reportType === 'bqaRecommendations') return 'report.title.bqaRecommendations';
  if (reportType === 'bqp') return subject.dashboardKind === 'SA' ? 'report.title.sa' : 'report.title.bqp';
  return subject.productType === 'BQ_RISK' ? 'report.title.risk' : 'report.title.bqa';
}

function levelText(texts: ReportTexts, level: TReportDimension['level'], low: string, high: string): string {
  if (!level) return texts.t('report.title.notComputable');
  const label = texts.t(`results.level.${level}`);
  if (level === 'AVERAGE') return texts.t('report.title.levelAverage', { level: label, low, high });
  return `${label}: ${level === 'HIGH' || level === 'ABOVE_AVERAGE' ? high : low}`;
}

function knowledgeLevelText(texts: ReportTexts, level: KnowledgeLevel, evidence: KnowledgeEvidence, stanine: number | null): string {
  const levelWord = (l: KnowledgeLevel) => texts.t(`results.level.${l}`);
  const list = new Intl.ListFormat(LOCALE_TAGS[texts.locale], { type: 'conjunction' });
  const words = { t: texts.t, list: (items: string[]) => list.format(items) };
  return `${levelWord(level)}: ${knowledgeSentences(evidence, scoreLevelOfStanine(stanine), levelWord, words).join(' ')}`;
}

/**
 * What the person can do with a score (decision 0082): one sentence per dimension and side of the scale (REPORT
 * report.advice.<dimension>.low|average|high), chosen by their own level; none when the language has no sentence.
 */
function adviceText(texts: ReportTexts, key: string, level: TReportDimension['level']): string | null {
  if (!level) return null;
  const side = level === 'AVERAGE' ? 'average' : level === 'HIGH' || level === 'ABOVE_AVERAGE' ? 'high' : 'low';
  const adviceKey = `report.advice.${key}.${side}`;
  return texts.has(adviceKey) ? texts.t(adviceKey) : null;
}

function reportDimensions(subject: ReportSubject, texts: ReportTexts, reportType: ContentReportType): TReportDimension[] {
  const byKey = new Map(subject.definition.dimensions.map((d) => [d.key, d]));
  // Selection, performance and self-assessment: which answers moved each score, in plain words (decision 0053).
  const why = reportType === 'bqp' ? whySentences(subject.definition, subject.instance.answers ?? {}, texts) : new Map<string, string>();
  const dimensions = withHonestKnowledge(dimensionResults(subject.results), subject.definition, subject.instance.answers);
  return dimensions.map((d) => {
    const def = byKey.get(d.key);
    const low = def ? texts.t(def.lowKey) : '';
    const high = def ? texts.t(def.highKey) : '';
    return {
      key: d.key,
      name: def ? texts.t(def.nameKey) : d.key,
      description: def ? texts.t(def.descriptionKey) : '',
      lowLabel: low,
      highLabel: high,
      computable: d.computable,
      t: d.t,
      band: d.band,
      stanine: d.stanine,
      percentile: d.percentile,
      level: d.level,
      // Knowledge in the client's own answers, never the high pole's "sound knowledge" by the score alone.
      levelText: d.knowledge && d.level ? knowledgeLevelText(texts, d.level, d.knowledge, d.stanine) : levelText(texts, d.level, low, high),
      why: why.get(d.key) ?? null,
      advice: reportType === 'bqp' ? adviceText(texts, d.key, d.level) : null,
    };
  });
}

async function reportRisk(
  db: Db,
  subject: ReportSubject,
  texts: ReportTexts,
  anonymize: boolean,
): Promise<TReportContent['risk']> {
  const risk = subject.results.risk;
  if (!risk) return null;
  const verdict = riskVerdict(risk, subject.definition, subject.instance.answers);
  // The client's report: every sentence in the client's wording, no instruction to the adviser (decision 0030).
  const worded = verdictTexts('client', verdict, risk.consistency.reasons, texts, reportFormat(texts.locale));
  // That the adviser went through the difference with the client, and when; the notes themselves are the adviser's.
  const resolutions = risk.consistency.flagged ? await consistencyResolutionsOf(db, subject.instance.id) : [];
  const discussedAt = resolutions.at(-1)?.resolvedAt ?? null;
  return {
    toleranceClass: risk.toleranceClass,
    suitableClass: risk.suitableClass,
    caps: worded.caps,
    selfEstimate: risk.selfEstimate,
    explainFirst: worded.explainFirst,
    remarks: worded.remarks,
    consistency: {
      flagged: risk.consistency.flagged,
      reasons: worded.consistencyReasons,
      direction: verdict.consistency.direction,
      discussedAt: discussedAt && anonymize ? monthOf(discussedAt) : discussedAt,
    },
    portfolio: storedPortfolio(risk.portfolio),
    // The report is the client's document: it carries the history windows stored with the result.
    section: await storedRiskSection(db, subject.instance.id, subject.results),
  };
}

function reportPrediction(subject: ReportSubject, texts: ReportTexts): TReportContent['prediction'] {
  const model = subject.definition.prediction;
  // The report is the client's (or candidate's) document: an indication meant for the evaluator stays out (0082).
  if (!model || PREDICTION_AUDIENCE[model.kind] !== 'client') return null;
  // The rule-based indication within the suitable risk class, with no probability (decision 0014).
  const indication = storedIndication(model, subject.results);
  if (!indication) return null;
  const labelOf = (key: string | null) => {
    const found = key === null ? undefined : model.classes.find((c) => c.key === key);
    return found ? texts.t(found.labelKey) : key;
  };
  const predicted = model.classes.find((c) => c.key === indication.predictedClass);
  const nameOf = (key: string) => {
    const def = subject.definition.dimensions.find((d) => d.key === key);
    return def ? texts.t(def.nameKey) : key;
  };
  const unconstrained = model.classes.find((c) => c.key === indication.unconstrainedClass);
  return {
    title: texts.t(model.titleKey),
    predictedLabel: labelOf(indication.predictedClass)!,
    predictedDescription: predicted ? texts.t(predicted.descriptionKey) : '',
    unconstrainedLabel: unconstrained ? texts.t(unconstrained.labelKey) : null,
    unconstrainedMinClass: unconstrained?.minRiskClass ?? null,
    suitableClass: indication.suitableClass,
    classes: rankedClasses(model, indication)
      .sort((a, b) => a.rank - b.rank)
      .map((c) => ({ key: c.key, label: texts.t(c.labelKey), rank: c.rank, allowed: c.allowed, minRiskClass: c.minRiskClass })),
    factors: indication.factors.map((f) => ({
      name: nameOf(f.feature),
      z: f.value,
      contribution: f.contribution,
    })),
    provisional: model.status === 'PROVISIONAL',
  };
}

/** What follows from a BQA profile, in the order an adviser would go through it with the client. */
export function recommendations(
  content: Pick<TReportContent, 'risk' | 'prediction' | 'dimensions'>,
  texts: ReportTexts,
): TReportContent['recommendations'] {
  const out: TReportContent['recommendations'] = [];
  const add = (key: string, values: Record<string, string | number> = {}) =>
    out.push({
      key,
      title: texts.t(`report.recommendation.${key}.title`, values),
      text: texts.t(`report.recommendation.${key}.text`, values),
    });
  const { risk, prediction } = content;
  if (risk) {
    add('portfolio', {
      class: risk.suitableClass,
      equity: Math.round(risk.portfolio.equityShare * 100),
      bonds: Math.round(risk.portfolio.bondShare * 100),
    });
    if (risk.caps.length > 0) {
      add('caps', {
        tolerance: risk.toleranceClass,
        suitable: risk.suitableClass,
        limits: risk.caps.map((c) => `${c.name} (${c.maxClass})`).join(', '),
      });
    }
    if (risk.explainFirst.length > 0) add('explainFirst', { points: risk.explainFirst.join(' ') });
    if (risk.remarks.length > 0) add('remarks', { remarks: risk.remarks.join(' ') });
    // Once the adviser has recorded how the difference was resolved, "talk it through first" is done.
    if (risk.consistency.flagged && risk.consistency.discussedAt === null)
      add('consistency', { tolerance: risk.toleranceClass });
  }
  if (prediction)
    add('style', { style: prediction.predictedLabel, description: prediction.predictedDescription });
  for (const d of content.dimensions) {
    if (d.level === 'LOW' || d.level === 'BELOW_AVERAGE')
      add('lowDimension', { name: d.name, low: d.lowLabel });
  }
  add('review');
  return out;
}

/**
 * The PDF's file name (spec section 9): title, the client's names and the completion date; anonymised, the title
 * and the completion month only.
 */
export function reportFileNameOf(
  subject: ReportSubject,
  title: string,
  opts: { locale: Locale; anonymize: boolean },
): string {
  return reportFileName({
    title,
    lastName: opts.anonymize ? null : subject.client.lastName,
    firstName: opts.anonymize ? null : subject.client.firstName,
    date: subject.instance.filledAt ?? subject.results.calculatedAt,
    locale: opts.locale,
    monthOnly: opts.anonymize,
  });
}

/**
 * What an anonymised report must not carry (docs/decisions/0015): anything that finds the person again. The token
 * opens the named report, the answers fingerprint identifies the stored result, an exact day narrows the clients of
 * one adviser down to one; so no token, no fingerprint, dates to the month.
 */
function anonymised(content: TReportContent): TReportContent {
  return {
    ...content,
    instanceToken: null,
    completedAt: content.completedAt ? monthOf(content.completedAt) : null,
    calculatedAt: monthOf(content.calculatedAt),
    evidence: { ...content.evidence, answersHash: '' },
    dashboardPath: null,
    // The stored risk section was computed on the day of the calculation; the market data's import day travels too.
    risk: content.risk?.section
      ? { ...content.risk, section: anonymisedRiskSection(content.risk.section) }
      : content.risk,
  };
}

function anonymisedRiskSection(section: NonNullable<NonNullable<TReportContent['risk']>['section']>) {
  const basis =
    section.basis.kind === 'history'
      ? { ...section.basis, marketData: { ...section.basis.marketData, importedAt: monthOf(section.basis.marketData.importedAt) } }
      : section.basis;
  return { ...section, computedAt: monthOf(section.computedAt), basis };
}

/** A report without an indication carries no labels of one (an evaluator's outlook would be framed by them, 0082). */
function withoutIndicationFrame(report: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(report).filter(([key]) => !key.startsWith('report.prediction.')));
}

export async function buildReportContent(
  db: Db,
  subject: ReportSubject,
  reportType: ContentReportType,
  /** viewer: the session of the request, if any (only for dashboardPath). */
  opts: { locale: Locale; anonymize: boolean; viewer?: AuthContext | null },
): Promise<TReportContent> {
  assertReportType(subject, reportType);
  const texts = await loadReportTexts(db, subject.definition, opts.locale);
  const title = texts.t(reportTitleKey(subject, reportType));
  const dimensions = reportDimensions(subject, texts, reportType);
  const risk = await reportRisk(db, subject, texts, opts.anonymize);
  // The statement records the client's current portfolio against this result's class, as stored with the result.
  const portfolioCheck = reportType === 'bqp' ? null : await resultPortfolioCheck(db, subject.instance, subject.results);
  const suitability = reportType === 'bqp' ? null : suitabilityStatement(subject.definition, subject.instance.answers, texts, opts.anonymize, portfolioCheck);
  const prediction = reportPrediction(subject, texts);
  const completedAt = subject.instance.filledAt?.toISOString() ?? null;
  const { firstName, lastName } = subject.client;
  const results = subject.results;
  const content: TReportContent = {
    reportType,
    locale: opts.locale,
    instanceToken: subject.instance.token,
    productType: subject.productType,
    title,
    interactionName: texts.t(subject.definition.nameKey),
    client: opts.anonymize
      ? { firstName: '', lastName: '', displayName: texts.t('report.title.anonymousClient') }
      : { firstName, lastName, displayName: `${firstName} ${lastName}` },
    anonymized: opts.anonymize,
    accountName: subject.account.name,
    adviserName: subject.adviserName,
    adviserLabelKey: coverContactKey(subject.productType),
    completedAt,
    calculatedAt: results.calculatedAt,
    evidence: resultEvidence(results, subject.definition),
    dimensions,
    risk,
    suitability,
    prediction,
    recommendations:
      reportType === 'bqaRecommendations' ? recommendations({ risk, prediction, dimensions }, texts) : [],
    texts: prediction ? texts.report : withoutIndicationFrame(texts.report),
    fileName: reportFileNameOf(subject, title, opts),
    dashboardPath: opts.anonymize ? null : await viewerDashboardPath(db, opts.viewer ?? null, subject.instance.token),
  };
  return opts.anonymize ? anonymised(content) : content;
}
