// Who reads which text of the risk verdict (issue 22 point 2, docs/decisions/0030): the ADVISER (dashboard, file
// note) or the CLIENT (report view, report PDF, the mailed report). This is the one place that decides it: each
// part of the verdict names its text key per audience, and the client's report and the adviser's file note both
// resolve the verdict through verdictTexts(audience, ...). A client text that a language lacks is left out, never
// replaced by the adviser's.
//
// | part                    | adviser (dashboard, file note)                        | client (report, PDF, mail)                  |
// |-------------------------|-------------------------------------------------------|---------------------------------------------|
// | limit that lowered it   | results.risk.verdict.cap.<kind>                        | report.risk.cap.<kind> ("you answered ...") |
// | failed knowledge test   | the definition's explainKey ("explain that ...")      | report.risk.explain.<item>                  |
// | remark: borrowing,      | the definition's remark textKey                       | report.risk.remark.<key>                    |
// |   concentration         |                                                       |                                             |
// | remark: vulnerability   | the definition's remark textKey ("Allow more time")   | never (the client's own answer stays in the |
// |                         |                                                       |   statement; anonymised, it is left out)    |
// | consistency reason      | results.risk.consistency.reason.<kind>                | report.risk.consistency.reason.<kind>       |
// | "Check needed", review  | results.risk.consistency.title / .review              | never                                       |
// | resolution notes        | the notes, author, date                               | never; only "discussed with your adviser"   |
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { ConsistencyReason } from '@bq/scoring/risk';
import type { RiskVerdict } from '../results/risk-verdict';
import type { ReportFormat } from './pdf/format';
import type { ReportTexts } from './report-texts';

/** adviser: the evaluator (adviser, coach, HR); client: the person the result is about, who reads the public report. */
export type Audience = 'adviser' | 'client';

type PredictionKind = NonNullable<TInteractionDefinition['prediction']>['kind'];

/**
 * Who reads a rule-based indication (issue 37 point 1, docs/decisions/0082). The investment style is advice to the
 * client about their own money ("Investment style that fits your answers"); the performance outlook is an employer's
 * guidance about a candidate ("Below expectations ... plan structured onboarding"), so it stays on the evaluator's
 * dashboard and in the evaluator's selection report and never reaches the report the candidate reads.
 */
export const PREDICTION_AUDIENCE: Record<PredictionKind, Audience> = { INVESTMENT_STYLE: 'client', PERFORMANCE: 'adviser' };

type Cap = RiskVerdict['caps'][number];

/** The text key of each part for one audience; null: this audience never reads that part. */
interface VerdictKeys {
  cap(cap: Cap): string;
  explain(point: RiskVerdict['explainFirst'][number]): string | null;
  remark(remark: RiskVerdict['remarks'][number]): string | null;
  consistencyReason(kind: ConsistencyReason['kind']): string | null;
}

/** Remarks only the adviser reads: a vulnerability indicator is a note on how to advise, not news to the client. */
const ADVISER_ONLY_REMARKS = new Set(['vulnerability']);

export const VERDICT_KEYS: Record<Audience, VerdictKeys> = {
  adviser: {
    cap: (cap) => (cap.assumed ? 'results.risk.verdict.cap.assumed' : `results.risk.verdict.cap.${cap.kind}`),
    explain: (point) => point.textKey,
    remark: (remark) => remark.textKey,
    consistencyReason: (kind) => `results.risk.consistency.reason.${kind}`,
  },
  client: {
    cap: (cap) => (cap.assumed ? 'report.risk.cap.assumed' : `report.risk.cap.${cap.kind}`),
    explain: (point) => `report.risk.explain.${point.item}`,
    remark: (remark) => (ADVISER_ONLY_REMARKS.has(remark.key) ? null : `report.risk.remark.${remark.key}`),
    consistencyReason: (kind) => `report.risk.consistency.reason.${kind}`,
  },
};

export interface VerdictTexts {
  caps: { key: string; kind: Cap['kind']; name: string; maxClass: number; binding: boolean; reason: string }[];
  explainFirst: string[];
  remarks: string[];
  consistencyReasons: string[];
}

/** The values a limit's sentence fills in: its name, what it read, the highest class it allows. */
function capValues(cap: Cap, texts: ReportTexts, fmt: ReportFormat) {
  return {
    name: texts.t(cap.nameKey),
    max: cap.maxClass,
    answer: cap.answers[0] ? texts.t(cap.answers[0].labelKey) : '',
    loss: cap.answers[0] ? texts.t(cap.answers[0].labelKey) : '',
    amount: cap.answers[1] ? texts.t(cap.answers[1].labelKey) : '',
    share: cap.share === null ? '' : fmt.percent(cap.share, 0),
    score: cap.score === null ? '' : fmt.number(cap.score, 1),
    failed: cap.failed ?? 0,
    asked: cap.asked ?? 0,
  };
}

function reasonValues(reason: ConsistencyReason): Record<string, string | number> {
  if ('selfEstimate' in reason) return { self: reason.selfEstimate, suitable: reason.suitableClass, gap: reason.gap };
  return { tolerance: reason.toleranceClass, self: reason.otherClass, other: reason.otherClass, reason: reason.kind };
}

/** The verdict's sentences for one audience, in the texts' language. */
export function verdictTexts(
  audience: Audience,
  verdict: RiskVerdict,
  reasons: readonly ConsistencyReason[],
  texts: ReportTexts,
  fmt: ReportFormat,
): VerdictTexts {
  const keys = VERDICT_KEYS[audience];
  // Only texts the language has: a missing client wording drops the sentence instead of showing a key.
  const known = (key: string | null, values?: Record<string, string | number>) =>
    key !== null && texts.has(key) ? [texts.t(key, values)] : [];
  return {
    caps: verdict.caps.map((cap) => ({
      key: cap.key,
      kind: cap.kind,
      name: texts.t(cap.nameKey),
      maxClass: cap.maxClass,
      binding: cap.binding,
      reason: texts.t(keys.cap(cap), capValues(cap, texts, fmt)),
    })),
    explainFirst: verdict.explainFirst.flatMap((point) => known(keys.explain(point))),
    remarks: verdict.remarks.flatMap((remark) => known(keys.remark(remark))),
    consistencyReasons: reasons.flatMap((reason) => known(keys.consistencyReason(reason.kind), reasonValues(reason))),
  };
}
