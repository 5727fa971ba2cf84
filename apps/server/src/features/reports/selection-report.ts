// The evaluator's selection report (issue 37 point 1, docs/decisions/0082): the rule-based performance outlook that
// the candidate's own report ("Your profile") leaves out, as sections of the evaluator's document at
// GET /api/dashboard/{token}/fileNote. The outlook is employer guidance (best fit, onboarding advice), so it is read
// signed in with the result's read permission only, like the adviser's file note of a risk result (decision 0030).
import type { TFileNoteContent } from '@bq/contracts/reports';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { InstanceResults } from '../../db/schema';
import { rankedClasses, storedIndication } from '../results/prediction';
import { PREDICTION_AUDIENCE } from './report-audience';
import type { ReportTexts } from './report-texts';

type Section = TFileNoteContent['sections'][number];

/** Whether the result's definition makes an indication that only the evaluator reads (the performance outlook). */
export function hasEvaluatorOutlook(definition: TInteractionDefinition): boolean {
  return definition.prediction !== undefined && PREDICTION_AUDIENCE[definition.prediction.kind] === 'adviser';
}

/** The outlook as the evaluator's dashboard shows it: best fit and what it suggests, all classes, what moved it. */
export function outlookSections(definition: TInteractionDefinition, results: InstanceResults, texts: ReportTexts): Section[] {
  const { t } = texts;
  const model = definition.prediction!;
  const indication = storedIndication(model, results);
  if (!indication) return [{ title: t(model.titleKey), lead: t('results.prediction.failed.title'), points: [], warn: false }];
  const predicted = model.classes.find((c) => c.key === indication.predictedClass);
  const label = predicted ? t(predicted.labelKey) : indication.predictedClass;
  const nameOf = new Map(definition.dimensions.map((d) => [d.key, t(d.nameKey)]));
  const classes = rankedClasses(model, indication).sort((a, b) => a.rank - b.rank);
  const sections: Section[] = [
    {
      title: t(model.titleKey),
      lead: `${t('results.prediction.mostLikely')} ${label}`,
      points: predicted ? [t(predicted.descriptionKey)] : [],
      warn: false,
    },
    { title: t('results.prediction.allClasses'), lead: null, points: classes.map((c) => `${c.rank}. ${t(c.labelKey)}`), warn: false },
  ];
  if (indication.factors.length > 0) {
    sections.push({
      title: t('results.prediction.factors'),
      lead: null,
      points: indication.factors.map((f) =>
        t(f.contribution >= 0 ? 'results.prediction.factor.raised' : 'results.prediction.factor.lowered', { name: nameOf.get(f.feature) ?? f.feature, class: label }),
      ),
      warn: false,
    });
  }
  // Says what the outlook is not, as the dashboard does (decision 0014).
  if (model.status === 'PROVISIONAL') {
    sections.push({ title: t('results.prediction.provisional'), lead: t('results.prediction.provisionalNote'), points: [], warn: true });
  }
  return sections;
}
