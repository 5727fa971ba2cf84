// The report's suitability statement (decision 0013): what the client answered on each ESMA suitability topic
// (objectives, financial situation, losses, knowledge and experience, sustainability, personal details), in the
// report's language, marking the answers the risk class rests on and grading the knowledge questions.
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { TResultPortfolioCheck } from '@bq/contracts/portfolio';
import type { TSuitabilityStatementContent } from '@bq/contracts/reports';
import { formatDate, formatPercent } from '@bq/domain/formats';
import type { ReportTexts } from './report-texts';

/** The items the verdict reads: scored into a risk dimension, or read by a hard rule. */
export function itemsUsedInVerdict(definition: TInteractionDefinition): Set<string> {
  const risk = definition.risk;
  const used = new Set<string>();
  if (!risk) return used;
  const dimensions = new Set([risk.toleranceDimension, ...risk.caps.map((c) => c.dimension)]);
  for (const item of definition.items) if (item.dimension && dimensions.has(item.dimension)) used.add(item.key);
  for (const cap of risk.answerCaps ?? []) used.add(cap.item);
  if (risk.lossCaps) for (const item of [risk.lossCaps.percent.item, risk.lossCaps.money.item, risk.lossCaps.money.amountItem]) used.add(item);
  for (const q of risk.knowledgeTest?.questions ?? []) used.add(q.item);
  return used;
}

function answerText(definition: TInteractionDefinition, texts: ReportTexts, item: string, answer: unknown): string {
  const found = definition.items.find((i) => i.key === item);
  if (!found || answer === undefined || answer === null) return '';
  if (found.type === 'choice') {
    const option = found.options.find((o) => o.key === answer);
    return option ? texts.t(option.labelKey) : '';
  }
  const point = definition.scales.find((s) => s.id === found.scale)?.points.find((p) => p.value === answer);
  return point ? texts.t(point.labelKey) : String(answer);
}

/** The current portfolio's check in the report's words (decision 0091). */
export function portfolioStatement(stored: TResultPortfolioCheck, texts: ReportTexts): NonNullable<TSuitabilityStatementContent['portfolio']> {
  const { check } = stored;
  const percent = (fraction: number) => formatPercent(fraction, texts.locale, 0);
  const year = check.worstYear;
  return {
    asOf: stored.asOf,
    verdict: check.verdict,
    portfolioClass: check.portfolioClass,
    suitableClass: check.suitableClass,
    verdictText: texts.t(`report.suitability.portfolio.verdict.${check.verdict}`, {
      date: formatDate(stored.asOf, texts.locale),
      portfolioClass: check.portfolioClass,
      suitableClass: check.suitableClass,
    }),
    sentence: texts.t(year.portfolioLoss > 0 ? 'report.suitability.portfolio.sentence' : 'report.suitability.portfolio.sentenceNoLoss', {
      since: year.sinceYear,
      loss: percent(year.portfolioLoss),
      allowed: percent(year.allowedLoss),
    }),
  };
}

export function suitabilityStatement(
  definition: TInteractionDefinition,
  answers: Readonly<Record<string, unknown>>,
  texts: ReportTexts,
  anonymize: boolean,
  /** Stored with the result (features/portfolio/result-portfolio-check.ts); null without a portfolio. */
  portfolioCheck: TResultPortfolioCheck | null = null,
): TSuitabilityStatementContent | null {
  const statement = definition.suitability;
  if (!statement) return null;
  const used = itemsUsedInVerdict(definition);
  const correct = new Map((definition.risk?.knowledgeTest?.questions ?? []).map((q) => [q.item, q.correct]));
  // Age, dependants and circumstances of life could help recognise a person, and vulnerability is sensitive: an
  // anonymised report leaves that section out and says so.
  const sections = statement.sections.filter((s) => !(anonymize && s.personal));
  return {
    sections: sections.map((section) => ({
      key: section.key,
      title: texts.t(section.titleKey),
      rows: section.entries.map((entry) => {
        const answer = answers[entry.item];
        const expected = correct.get(entry.item);
        return {
          item: entry.item,
          label: texts.t(entry.labelKey),
          answer: answerText(definition, texts, entry.item, answer),
          usedInVerdict: used.has(entry.item),
          assessment: expected === undefined ? null : answer === expected ? ('CORRECT' as const) : ('INCORRECT' as const),
        };
      }),
    })),
    personalOmitted: sections.length < statement.sections.length,
    portfolio: portfolioCheck ? portfolioStatement(portfolioCheck, texts) : null,
  };
}
