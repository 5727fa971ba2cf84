// The candidate's "why this score" (issue 25 point 4, docs/decisions/0053): the same exact shares as the
// evaluator's explanation (packages/scoring/explanation.ts), told in plain words without norms or numbers: which
// answers raised the score most and which lowered it most. Shown in the selection, performance and self-assessment
// report (bqp), on the web and in the PDF.
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { explainDimensions } from '@bq/scoring/explanation';
import type { ReportTexts } from './report-texts';

/** How many answers a sentence names at most on each side: enough to explain, few enough to read. */
const NAMED = 2;

/** Per dimension key, one or two sentences; a dimension without a score or where nothing moved it has none. */
export function whySentences(definition: TInteractionDefinition, answers: Record<string, unknown>, texts: ReportTexts): Map<string, string> {
  const textOf = new Map(definition.items.map((i) => [i.key, i.textKey]));
  const quote = (itemKey: string) => texts.t('report.why.quote', { text: texts.t(textOf.get(itemKey) ?? itemKey) });
  const list = (keys: string[]) => keys.map(quote).join(texts.t('report.why.and'));
  const sentences = new Map<string, string>();
  for (const dimension of explainDimensions(definition, answers)) {
    if (!dimension.computable) continue;
    const counted = dimension.contributions.filter((c) => c.t !== null);
    const raised = counted.filter((c) => c.t! > 1e-9).sort((a, b) => b.t! - a.t!).slice(0, NAMED).map((c) => c.itemKey);
    const lowered = counted.filter((c) => c.t! < -1e-9).sort((a, b) => a.t! - b.t!).slice(0, NAMED).map((c) => c.itemKey);
    const parts = [
      raised.length > 0 ? texts.t(raised.length === 1 ? 'report.why.raisedOne' : 'report.why.raised', { items: list(raised) }) : '',
      lowered.length > 0 ? texts.t(lowered.length === 1 ? 'report.why.loweredOne' : 'report.why.lowered', { items: list(lowered) }) : '',
    ].filter(Boolean);
    if (parts.length > 0) sentences.set(dimension.key, parts.join(' '));
  }
  return sentences;
}
